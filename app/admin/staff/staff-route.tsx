import { useLoaderData } from "react-router";
import type { Route } from "./+types/staff-route";
import { adminAction } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { requirePermission } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { listStaff } from "~/staff/staff.server";
import { StaffTable } from "~/admin/staff/components/StaffTable";
import { Invitations } from "~/admin/staff/components/Invitations";
import { listInvitations } from "~/staff/invites.server";
import { StaffPolicyForm } from "~/admin/staff/components/StaffPolicyForm";
import { RoleTable } from "~/admin/staff/components/RoleTable";
import { staffPolicy } from "~/staff/settings.server";
import { intents } from "./actions.server";
import { firmClock } from "../../../core/firm-clock.server";


export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "staff.manage");
  // Formatted here, so the page and its hydration show the same words.
  const staff = (await listStaff(context.services.db)).map((member) => ({ ...member, lastSeenText: member.lastSeen ? firmClock.dateTime(member.lastSeen) : "Never" }));
  const invitations = (await listInvitations(context.services.db)).map((invitation) => ({ ...invitation, expiresText: firmClock.dateTime(invitation.expiresAt) }));
  return { staff, me: user.id, invitations, policy: await staffPolicy(context.services.db), secondFactorOptional: context.services.config.ADMIN_SECOND_FACTOR === "optional" };
}

export const action = adminAction(intents, { permission: "staff.manage" });

export const meta: Route.MetaFunction = () => adminMeta("Staff | Admin Dashboard");

export default function StaffTab() {
  const { staff, me, invitations, policy, secondFactorOptional } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-10">
      <StaffTable staff={staff} me={me} />
      <Invitations invitations={invitations} />
      <StaffPolicyForm policy={policy} secondFactorOptional={secondFactorOptional} />
      <RoleTable />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="staff accounts" />;
}
