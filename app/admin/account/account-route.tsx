import { useLoaderData } from "react-router";
import type { Route } from "./+types/account-route";
import { adminAction } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { requirePermission } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { intents } from "./actions.server";
import { PasswordSection } from "./components/PasswordSection";
import { EmailSection } from "./components/EmailSection";

/**
 * Your account: every staff member's own page (any role): password, email, second factor and
 * sessions. Each section keeps its intents in its own file; they share this one action.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "dashboard.open");
  return { email: user.email, name: user.name, roles: user.roles ?? [] };
}

export const action = adminAction(intents, { permission: "dashboard.open" });

export const meta: Route.MetaFunction = () => adminMeta("Your account | Admin Dashboard");

export default function AccountTab() {
  const { email, roles } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <header>
        <h2 className="text-xl font-bold text-brand-800">Your account</h2>
        <p className="text-sm text-slate-700">
          Signed in as <strong>{email}</strong> ({roles.join(", ")}).
        </p>
      </header>
      <PasswordSection />
      <EmailSection email={email} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="your account" />;
}
