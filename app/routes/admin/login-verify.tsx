import { useState } from "react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/login-verify";
import { readToast } from "~/toast/toast.server";
import { requirePendingSecondStep, type SecondStepActionData } from "~/auth/second-step.server";
import { secondStepMethods } from "~/auth/passkey-sign-in.server";
import { PasskeySignInButton } from "~/auth/passkey-ui";
import { AdminToaster, Alert, AuthShell, SubmitButton, adminMeta, useFlashToast } from "~/auth/ui";
import { InputField } from "~/components/ui/field";
import type { RouteHandle } from "~/document/hydration";
import { retryAfterHeaders, usePosting } from "~/auth/link-page";

export const meta: Route.MetaFunction = () => adminMeta("Verify Sign-in");

/** The admin is a React application (decision 0039); this page also works without script. */
export const handle = { hydrate: true } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const email = await requirePendingSecondStep(request, context.services.config);
  const { toast, headers } = await readToast(request);
  const method = new URL(request.url).searchParams.get("method") === "recovery" ? "recovery" : "totp";
  // A passkey's challenge comes with the page (decision 0074); an account with only passkeys has no code form.
  const { totp, passkey } = await secondStepMethods(request, context, email);
  return data({ toast, method, totp, passkey }, { headers });
}

export { secondStepAction as action } from "~/auth/second-step.server";

export const headers = retryAfterHeaders;

export default function VerifySignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePosting();
  useFlashToast(loaderData.toast);
  const result = actionData as SecondStepActionData | undefined;
  const method = result?.method === "passkey" ? loaderData.method : (result?.method ?? loaderData.method);
  const recovery = method === "recovery";
  const { totp, passkey } = loaderData;
  const [trustDevice, setTrustDevice] = useState(false);
  const trustBox = (
    <label className="mb-4 flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" name="trustDevice" className="size-4 accent-brand-700" checked={trustDevice} onChange={(event) => setTrustDevice(event.target.checked)} />
      Trust this device for 30 days (do not tick on a shared computer)
    </label>
  );
  return (
    <>
      <AuthShell
        title="Verify Sign-in"
        intro={
          !totp
            ? "Use the passkey you added on your account page: your phone, computer or security key will ask you to confirm."
            : recovery
              ? "Enter one of the recovery codes you saved when you set up your second factor. Each works once."
              : "Open your authenticator app and enter the 6-digit code it shows for this site."
        }
      >
        {result?.error ? <Alert title={result.error.title}>{result.error.message}</Alert> : null}
        {passkey ? (
          <div className="mb-6 flex flex-col gap-3">
            {totp ? null : trustBox}
            <PasskeySignInButton options={passkey} trustDevice={trustDevice} />
            {totp ? <p className="text-center text-sm text-slate-700">or</p> : null}
          </div>
        ) : null}
        {totp ? (
        <Form method="post" className="flex flex-col">
          <input type="hidden" name="method" value={method} />
          {recovery ? (
            <InputField key="recovery" name="code" label="Recovery code" autoComplete="off" required maxLength={40} spellCheck={false} autoCapitalize="off" />
          ) : (
            <InputField
              key="totp"
              name="code"
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]{6,7}"
              required
              maxLength={7}
              autoFocus
            />
          )}
          {trustBox}
          <SubmitButton busy={busy} busyLabel="Verifying…">
            Verify
          </SubmitButton>
        </Form>
        ) : null}
        <p className="mt-6 flex flex-col gap-2 text-sm">
          {!totp ? null : recovery ? (
            <Link className="underline" to="/admin/login/verify">
              Use your authenticator app instead
            </Link>
          ) : (
            <Link className="underline" to="/admin/login/verify?method=recovery">
              Lost your phone? Use a recovery code
            </Link>
          )}
          <a className="underline" href="/admin/login">
            Start again with your password
          </a>
        </p>
      </AuthShell>
      <AdminToaster />
    </>
  );
}
