import { CircleAlert, LogOut } from "lucide-react";
import { data, Form, isRouteErrorResponse, Link, NavLink, Outlet, useRouteError } from "react-router";
import type { Route } from "./+types/dashboard";
import { readToast } from "~/toast/toast.server";
import { ACCESS_DENIED } from "~/auth/forms";
import { requirePermission } from "~/auth/guard.server";
import { can, type Permission } from "~/auth/roles";
import { AdminToaster, adminMeta, useFlashToast } from "~/auth/ui";
import type { RouteHandle } from "~/document/hydration";
import { reconnectNeeded } from "~/instagram/settings.server";
import { TOKEN_EXPIRED } from "~/instagram/schema";

export const meta: Route.MetaFunction = () => adminMeta("Admin Dashboard");

/** The admin is a React application (decision 0039). */
export const handle = { hydrate: true } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "dashboard.open");
  const { toast, headers } = await readToast(request);
  // An expired or revoked Instagram token (190) warns on every tab until a connection test succeeds.
  const reconnectInstagram = can(user.roles ?? [], "instagram.settings") && (await reconnectNeeded(context.services.db).catch(() => false));
  // Only what the page shows and useCan reads: never the session's id (the audit log's key to a session).
  const { id, email, name, roles, secondFactorSetupNeeded } = user;
  return data({ user: { id, email, name, roles, secondFactorSetupNeeded }, toast, reconnectInstagram }, { headers });
}

/** Each tab with the permission its loader checks: a role sees only the tabs it can open. */
const TABS: ReadonlyArray<{ to: string; label: string; end: boolean; permission: Permission }> = [
  { to: "/admin/dashboard", label: "Blog Posts", end: true, permission: "posts.edit" },
  { to: "/admin/dashboard/automation", label: "Topic Queue & Automation", end: false, permission: "topics.manage" },
  { to: "/admin/dashboard/instagram", label: "Instagram", end: false, permission: "instagram.settings" },
  { to: "/admin/dashboard/content", label: "Website Content", end: false, permission: "content.edit" },
  { to: "/admin/dashboard/team", label: "Team Management", end: false, permission: "team.edit" },
  { to: "/admin/dashboard/inbox", label: "Inbox", end: false, permission: "inbox.read" },
  { to: "/admin/dashboard/consultations", label: "Consultations", end: false, permission: "consultations.read" },
  { to: "/admin/dashboard/statistics", label: "Statistics", end: false, permission: "stats.read" },
  { to: "/admin/dashboard/people", label: "People", end: false, permission: "people.data" },
  { to: "/admin/dashboard/staff", label: "Staff", end: false, permission: "staff.manage" },
  { to: "/admin/dashboard/audit", label: "Audit", end: false, permission: "audit.read" },
];

function LogoutButton() {
  return (
    <Form method="post" action="/admin/logout">
      <button
        type="submit"
        className="inline-flex items-center gap-2 rounded-md border border-brand-200 bg-white px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      >
        <LogOut aria-hidden="true" className="size-4" />
        Logout
      </button>
    </Form>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, toast, reconnectInstagram } = loaderData;
  useFlashToast(toast);
  return (
    <div className="min-h-screen bg-slate-50">
      <a href="#admin-main" className="sr-only z-50 rounded bg-brand-800 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4">
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <h1 className="text-xl font-bold text-brand-800 sm:text-2xl">Admin Dashboard</h1>
          <div className="flex flex-wrap items-center gap-3">
            <Link to="/admin/dashboard/account" className="text-sm text-slate-700 underline-offset-2 hover:text-brand-800 hover:underline" title="Your account">
              <span className="sr-only">Your account: </span>
              {user.email}
            </Link>
            <LogoutButton />
          </div>
        </div>
        <nav aria-label="Dashboard sections" className="mx-auto max-w-7xl overflow-x-auto px-4">
          <ul className="flex gap-1">
            {/* Until a required second factor is set up, only the account page is open (decision 0068). */}
            {TABS.filter((tab) => !user.secondFactorSetupNeeded && can(user.roles ?? [], tab.permission)).map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  end={tab.end}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `block whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-semibold ${
                      isActive ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:border-slate-300 hover:text-brand-800"
                    }`
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="admin-main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 outline-none">
        {reconnectInstagram ? <ReconnectInstagram /> : null}
        <Outlet />
      </main>
      <AdminToaster />
    </div>
  );
}

/** Posting stops while the saved token is refused: say so on every tab, with the way to fix it. */
function ReconnectInstagram() {
  return (
    <section aria-labelledby="reconnect-instagram" className="mb-4 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <h2 id="reconnect-instagram" className="font-semibold">
          Reconnect Instagram
        </h2>
        <p>
          {TOKEN_EXPIRED} Instagram refused the saved access token, and posts cannot go out until it is replaced.{" "}
          <Link to="/admin/dashboard/instagram" className="font-semibold underline">
            Open the Instagram tab
          </Link>{" "}
          to paste a new token and test the connection.
        </p>
      </div>
    </section>
  );
}

/** Errors of the dashboard or a tab: access refused, or something went wrong; never a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const denied = status === 403;
  // A staff role without the permission: the guard's sentence ("Your role (editor) cannot …"), and no sign-out.
  const roleRefusal = denied && isRouteErrorResponse(error) && typeof error.data === "string" && error.data.startsWith("Your role") ? error.data : null;
  return (
    <main id="admin-main" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold text-brand-800">{denied ? "Access Denied" : "Admin Dashboard"}</h1>
      <p className="text-slate-800">{roleRefusal ?? (denied ? ACCESS_DENIED : status === 401 ? "Your session has ended. Please sign in again." : "Something went wrong. Please try again.")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {denied && !roleRefusal ? (
          <LogoutButton />
        ) : (
          <Link
            className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            to={status === 401 ? "/admin/login" : "/admin/dashboard"}
            reloadDocument
          >
            {status === 401 ? "Go to Admin Login" : "Back to the dashboard"}
          </Link>
        )}
      </div>
    </main>
  );
}
