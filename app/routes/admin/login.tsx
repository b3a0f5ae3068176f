import { getFormProps, useForm } from "@conform-to/react";
import { useState } from "react";
import { data, Form, redirect } from "react-router";
import { adminHome } from "~/auth/tabs";
import type { Route } from "./+types/login";
import { parseWithSchema, useLastResult } from "~/admin/kit/conform";
import { readToast } from "~/toast/toast.server";
import { adminExists } from "~/auth/admin-users.server";
import { ACCESS_DENIED, loginSchema, UNLOCK_INVALID } from "~/auth/forms";
import { endSession, getSignedInUser } from "~/auth/guard.server";
import type { LoginActionData } from "~/auth/login.server";
import { unlockTokenValid } from "~/auth/unlock.server";
import { END_REASONS, isEndReason } from "~/auth/ended-sessions.server";
import { Button } from "~/components/ui/button";
import { AdminToaster, Alert, AuthShell, SubmitButton, adminMeta, useFlashToast } from "~/auth/ui";
import { InputField } from "~/components/ui/field";
import type { RouteHandle } from "~/document/hydration";
import { retryAfterHeaders, usePosting } from "~/auth/link-page";

export const meta: Route.MetaFunction = () => adminMeta("Admin Login");

/** The admin is a React application (decision 0039). */
export const handle = { hydrate: true } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSignedInUser(request, context);
  if (user?.isStaff) throw redirect(adminHome(user.roles));
  let denied = false;
  if (user) {
    // A signed-in account without the admin role is signed out (SPEC 4).
    await endSession(context.services.db, user.sessionId);
    denied = true;
  }
  const { toast, headers } = await readToast(request);
  const noAdmin = !(await adminExists(context.services.db));
  // An unlock link's page (decision 0055): opening it only shows a button, so a mail scanner that
  // fetches the link uses nothing up.
  const token = new URL(request.url).searchParams.get("unlock");
  const unlock = token === null ? null : { token: token.slice(0, 100), valid: await unlockTokenValid(context.services.db, token) };
  // Sent here because someone else ended this browser's session: say why.
  const ended = new URL(request.url).searchParams.get("ended");
  const endedBecause = isEndReason(ended) ? END_REASONS[ended] : null;
  return data({ toast, denied, noAdmin, unlock, endedBecause }, { headers });
}

export { loginAction as action } from "~/auth/login.server";

export const headers = retryAfterHeaders;

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePosting();
  useFlashToast(loaderData.toast);
  const result = actionData as LoginActionData | undefined;
  // The server's alert gives way once the browser refuses a later attempt itself.
  const [refusedAfter, setRefusedAfter] = useState<LoginActionData | undefined>(undefined);
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult: useLastResult(result, (answer) => answer.fields),
    onValidate: ({ formData }) => {
      const submission = parseWithSchema(formData, loginSchema);
      // "error" is a refused submission; checks on blur or input have no status.
      if (submission.status === "error") setRefusedAfter(result);
      return submission;
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const error = result && refusedAfter === result ? null : result?.error;

  if (loaderData.unlock && !result) return <UnlockPage {...loaderData.unlock} busy={busy} />;

  return (
    <>
      <AuthShell title="Admin Login" intro="Sign in to manage the website's posts, texts and team.">
        {error ? (
          <Alert title={error.title}>{error.message}</Alert>
        ) : loaderData.denied ? (
          <Alert title={ACCESS_DENIED} />
        ) : null}
        {loaderData.endedBecause && !result ? (
          <Alert tone="info" title="You were signed out">
            {loaderData.endedBecause}
          </Alert>
        ) : null}
        {result?.notice ? (
          <Alert tone="info" title="Check your email">
            {result.notice}
          </Alert>
        ) : null}
        {result?.unlockOffer && error ? (
          <Form method="post" action="/admin/login" className="mb-5 flex flex-col gap-2 text-sm text-slate-700">
            <input type="hidden" name="intent" value="unlock-request" />
            <input type="hidden" name="email" value={result.email ?? ""} />
            <p>This browser has not signed in to this account before. The account&apos;s email can receive a link that lets this browser sign in now.</p>
            <Button type="submit" variant="secondary" size="sm" className="self-start">
              Email me an unlock link
            </Button>
          </Form>
        ) : null}
        <Form
          method="post"
          {...getFormProps(form)}
        >
          <InputField
            name="email"
            type="email"
            label="Email"
            autoComplete="username"
            required
            maxLength={255}
            defaultValue={result?.email ?? ""}
            error={fields.email.errors?.[0]}
          />
          <InputField
            name="password"
            type="password"
            label="Password"
            autoComplete="current-password"
            required
            maxLength={128}
            error={fields.password.errors?.[0]}
          />
          <SubmitButton busy={busy} busyLabel="Signing in…">
            Login
          </SubmitButton>
        </Form>
        <p className="mt-4 text-sm">
          <a className="underline" href="/admin/reset-password">
            Forgot your password?
          </a>
        </p>
        {loaderData.noAdmin ? (
          <p className="mt-6 text-sm text-slate-700">
            No admin account exists yet. Use the one-time setup link printed in the server's log when it starts, or run{" "}
            <code className="rounded bg-slate-100 px-1">npm run admin:create</code> on the server.
          </p>
        ) : null}
      </AuthShell>
      <AdminToaster />
    </>
  );
}

/** The page an unlock link opens: one button, which makes this browser a known device of the account. */
function UnlockPage({ token, valid, busy }: { token: string; valid: boolean; busy: boolean }) {
  return (
    <>
      <AuthShell title="Unlock Sign-in" intro="Failed sign-in attempts have locked this account for browsers that never signed in to it.">
        {valid ? (
          <Form method="post" action="/admin/login" className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="unlock" />
            <input type="hidden" name="token" value={token} />
            <p className="text-sm text-slate-700">Unlock sign-in on this browser? You will then sign in with your password as usual. The link works only once.</p>
            <SubmitButton busy={busy} busyLabel="Unlocking…">
              Unlock this browser
            </SubmitButton>
          </Form>
        ) : (
          <Alert title="Unlock Failed">{UNLOCK_INVALID}</Alert>
        )}
        <p className="mt-6 text-sm">
          <a className="underline" href="/admin/login">
            Back to sign-in
          </a>
        </p>
      </AuthShell>
      <AdminToaster />
    </>
  );
}
