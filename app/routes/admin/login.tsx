import { getFormProps, useForm } from "@conform-to/react";
import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { parseWithSchema, useLastResult } from "~/admin/kit/conform";
import { readToast } from "~/admin/kit/toast.server";
import { adminExists } from "~/auth/admin-users.server";
import { ACCESS_DENIED, loginSchema } from "~/auth/forms";
import { endSession, getSignedInUser } from "~/auth/guard.server";
import { loginAction, type LoginActionData } from "~/auth/login.server";
import { AdminToaster, Alert, AuthShell, SubmitButton, adminMeta, useFlashToast } from "~/auth/ui";
import { InputField } from "~/components/ui/field";
import type { RouteHandle } from "~/document/hydration";

export const meta: Route.MetaFunction = () => adminMeta("Admin Login");

/** The admin is a React application (decision 0039). */
export const handle = { hydrate: true } satisfies RouteHandle;

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
