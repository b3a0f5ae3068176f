import { useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/account-route";
import { adminAction } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { requirePermission } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { listOwnSessions } from "~/auth/own-sessions.server";
import { secondFactorStatus } from "~/auth/second-factor.server";
import { listPasskeys } from "~/auth/passkeys.server";
import { PasskeysSection } from "./components/PasskeysSection";
import { firmClock } from "../../../core/firm-clock.server";
import { SecondFactorSection } from "./components/SecondFactorSection";
import { SessionsSection } from "./components/SessionsSection";
import { intents, type AccountActionResult } from "./actions.server";
import { PasswordSection } from "./components/PasswordSection";
import { EmailSection } from "./components/EmailSection";

/**
 * Your account: every staff member's own page (any role): password, email, second factor and
 * sessions. Each section keeps its intents in its own file; they share this one action. Someone
 * whose role needs a second factor they have not set up is kept here until they do (decision 0068).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "dashboard.open");
  const person = { ...user, roles: user.roles ?? [] };
  const [secondFactor, sessions, passkeys] = await Promise.all([
    secondFactorStatus(context.services, person),
    listOwnSessions(context.services.db, user),
    listPasskeys(context.services.db, user.id),
  ]);
  return {
    email: user.email,
    roles: person.roles,
    secondFactor,
    // Formatted here, so the page and its hydration show the same words.
    sessions: sessions.map(({ id, current, device, startedAt, lastSeenAt }) => ({
      id,
      current,
      device,
      startedText: firmClock.firmTime(startedAt),
      lastSeenText: firmClock.firmTime(lastSeenAt),
    })),
    passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({
      id,
      name,
      addedText: firmClock.firmTime(createdAt),
      lastUsedText: lastUsedAt ? firmClock.firmTime(lastUsedAt) : null,
    })),
  };
}

export const action = adminAction(intents, { permission: "dashboard.open" });

export const meta: Route.MetaFunction = () => adminMeta("Your account | Admin Dashboard");

export default function AccountTab() {
  const { email, roles, secondFactor, sessions, passkeys } = useLoaderData<typeof loader>();
  // A form sent without JavaScript: its answer (a QR code, recovery codes) is the page's action data.
  const posted = useActionData<AccountActionResult>();
  return (
    <div className="space-y-8">
      <header>
        <h2 className="text-xl font-bold text-brand-800">Your account</h2>
        <p className="text-sm text-slate-700">
          Signed in as <strong>{email}</strong> ({roles.join(", ")}).
        </p>
      </header>
      <SecondFactorSection status={secondFactor} posted={posted} />
      <PasskeysSection passkeys={passkeys} />
      <SessionsSection sessions={sessions} />
      <PasswordSection />
      <EmailSection email={email} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="your account" />;
}
