import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { readToast } from "~/admin/kit/toast.server";
import { adminExists } from "~/auth/admin-users.server";
import { ACCESS_DENIED, fieldErrors, loginSchema, type FieldErrors } from "~/auth/forms";
import { endSession, getSignedInUser } from "~/auth/guard.server";
import { loginAction, type LoginActionData } from "~/auth/login.server";
import { AdminToaster, Alert, AuthShell, SubmitButton, adminMeta, useFlashToast } from "~/auth/ui";
import { InputField } from "~/components/ui/field";

export const meta: Route.MetaFunction = () => adminMeta("Admin Login");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSignedInUser(request, context);
  if (user?.isAdmin) throw redirect("/admin/dashboard");
  let denied = false;
  if (user) {
    // A signed-in account without the admin role is signed out (SPEC 4).
    await endSession(context.services.db, user.sessionId);
    denied = true;
  }
  const { toast, headers } = await readToast(request);
  const noAdmin = !(await adminExists(context.services.db));
  return data({ toast, denied, noAdmin }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context);
}

/** Send Retry-After with a throttled attempt. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retry = actionHeaders.get("Retry-After");
  return retry ? { "Retry-After": retry } : new Headers();
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  useFlashToast(loaderData.toast);
  const result = actionData as LoginActionData | undefined;
  const errors = clientErrors ?? result?.fields ?? {};
  const error = clientErrors ? null : result?.error;

  return (
    <>
      <AuthShell title="Admin Login" intro="Sign in to manage the website's posts, texts and team.">
        {error ? (
          <Alert title={error.title}>{error.message}</Alert>
        ) : loaderData.denied ? (
          <Alert title={ACCESS_DENIED} />
        ) : null}
        <Form
          method="post"
          noValidate
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget);
            const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
            if (!parsed.success) {
              event.preventDefault();
              setClientErrors(fieldErrors(parsed.error));
            } else setClientErrors(null);
          }}
        >
          <InputField
            name="email"
            type="email"
            label="Email"
            autoComplete="username"
            required
            maxLength={255}
            defaultValue={result?.email ?? ""}
            error={errors.email}
          />
          <InputField
            name="password"
            type="password"
            label="Password"
            autoComplete="current-password"
            required
            maxLength={128}
            error={errors.password}
          />
          <SubmitButton busy={busy} busyLabel="Signing in…">
            Login
          </SubmitButton>
        </Form>
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
