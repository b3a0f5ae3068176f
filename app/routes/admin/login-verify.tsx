import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/login-verify";
import { readToast } from "~/toast/toast.server";
import { requirePendingSecondStep, secondStepAction, type SecondStepActionData } from "~/auth/second-step.server";
import { AdminToaster, Alert, AuthShell, SubmitButton, adminMeta, useFlashToast } from "~/auth/ui";
import { InputField } from "~/components/ui/field";
import type { RouteHandle } from "~/document/hydration";

export const meta: Route.MetaFunction = () => adminMeta("Verify Sign-in");

/** The admin is a React application (decision 0039); this page also works without script. */
export const handle = { hydrate: true } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePendingSecondStep(request, context.services.config);
  const { toast, headers } = await readToast(request);
  const method = new URL(request.url).searchParams.get("method") === "recovery" ? "recovery" : "totp";
  return data({ toast, method }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  return secondStepAction(request, context);
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retry = actionHeaders.get("Retry-After");
  return retry ? { "Retry-After": retry } : new Headers();
}

export default function VerifySignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  useFlashToast(loaderData.toast);
  const result = actionData as SecondStepActionData | undefined;
  const method = result?.method ?? loaderData.method;
  const recovery = method === "recovery";
  return (
    <>
      <AuthShell
        title="Verify Sign-in"
        intro={recovery ? "Enter one of the recovery codes you saved when you set up your second factor. Each works once." : "Open your authenticator app and enter the 6-digit code it shows for this site."}
      >
        {result?.error ? <Alert title={result.error.title}>{result.error.message}</Alert> : null}
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
          <label className="mb-4 flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="trustDevice" className="size-4 accent-brand-700" />
            Trust this device for 30 days (do not tick on a shared computer)
          </label>
          <SubmitButton busy={busy} busyLabel="Verifying…">
            Verify
          </SubmitButton>
        </Form>
        <p className="mt-6 flex flex-col gap-2 text-sm">
          {recovery ? (
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
