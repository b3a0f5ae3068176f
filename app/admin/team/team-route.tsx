import { useLoaderData } from "react-router";
import type { Route } from "./+types/team-route";
import faFont from "@fontsource/vazirmatn/400.css?url";
import zhFont from "@fontsource/noto-sans-sc/400.css?url";
import { adminAction } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { isMultipart, readAdminForm } from "~/admin/kit/upload.server";
import { requirePermission, userCan } from "~/auth/guard.server";
import { linkableAccounts, loadLawyerSettings } from "~/booking/lawyers.server";
import { adminMeta } from "~/auth/ui";
import { listTeam } from "~/team/members.server";
import { TeamManager } from "~/admin/team/components/TeamManager";
import { intents } from "./actions.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "team.edit");
  const { db } = context.services;
  const members = await listTeam(db);
  // The booking settings are the availability's (decision 0110): only whoever may change it sees them.
  if (!userCan(user, "consultations.settings")) return { members, booking: null };
  const settings = await loadLawyerSettings(db, members.map((member) => member.id));
  return { members, booking: { settings: Object.fromEntries(settings), accounts: await linkableAccounts(db) } };
}

// A photo comes as multipart, read by the admin's one upload path; the rest are plain forms.
export const action = adminAction(intents, { permission: "team.edit", readForm: readAdminForm, unreadable: (request) => (isMultipart(request) ? "photo" : "unknown") });

export const meta: Route.MetaFunction = () => adminMeta("Team Management | Admin Dashboard");

// The Farsi and Chinese inputs show their scripts in the site's own fonts (only used glyphs download).
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: faFont },
  { rel: "stylesheet", href: zhFont },
];

export default function TeamTab() {
  const { members, booking } = useLoaderData<typeof loader>();
  return <TeamManager members={members} booking={booking} />;
}

export function ErrorBoundary() {
  return <AdminRouteError what="team data" />;
}
