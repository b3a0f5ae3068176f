import { getFormProps, useForm } from "@conform-to/react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/setup";
import { parseWithSchema, useLastResult } from "~/admin/kit/conform";
import { setupSchema } from "~/auth/forms";
import { setupAction, setupPageState, type SetupActionData } from "~/auth/setup.server";
import { AdminToaster, Alert, AuthShell, NewPasswordFields, SubmitButton, adminMeta } from "~/auth/ui";
import { InputField } from "~/components/ui/field";
import type { RouteHandle } from "~/document/hydration";

export const meta: Route.MetaFunction = () => adminMeta("Admin Setup");

/** The admin is a React application (decision 0039). */
export const handle = { hydrate: true } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const state = await setupPageState(context, token);
  // The token goes back into the form only when it is the valid one.
  return { state, token: state === "form" ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  return setupAction(request, context);
}

function HowToGetALink() {
  return (
    <div className="space-y-3 text-sm text-slate-800">
      <p>Creating the first admin account needs the one-time setup link that the server prints when it starts while no admin exists.</p>
      <ul className="list-disc space-y-2 ps-5">
        <li>Restart the server and look in its log for the line with <code className="rounded bg-slate-100 px-1">/admin/setup?token=…</code>, then open that link.</li>
        <li>
          Or, on the server, run <code className="rounded bg-slate-100 px-1">npm run admin:create -- --email you@example.com --password '…'</code>.
        </li>
      </ul>
      <p>The link is valid for 24 hours and stops working once an admin account exists.</p>
    </div>
  );
}

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as SetupActionData | undefined;
  const state = result?.state && result.state !== "form" ? result.state : loaderData.state;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "admin-setup",
    lastResult: useLastResult(result, (answer) => answer.fields),
    onValidate: ({ formData }) => parseWithSchema(formData, setupSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (result?.error) toast.error("Setup failed", { description: result.error });
  }, [result]);

  return (
    <>
      <AuthShell title="Admin Setup" intro={state === "form" ? "Create the first admin account. This page works only once." : undefined}>
        {state === "complete" ? (
          <>
            <Alert tone="info" title="Setup is complete">
              An admin account already exists, so this page is closed. Admins sign in on the login page; more admins can be added with{" "}
              <code className="rounded bg-white px-1">npm run admin:create</code> on the server.
            </Alert>
            <Link className="font-semibold text-brand-700 underline underline-offset-2" to="/admin/login">
              Go to Admin Login
            </Link>
          </>
        ) : state === "need-token" || state === "bad-token" ? (
          <>
            {state === "bad-token" ? <Alert title="This setup link is invalid or has expired." /> : null}
            <HowToGetALink />
          </>
        ) : (
          <>
            {result?.error ? <Alert title="Setup failed">{result.error}</Alert> : null}
            <Form method="post" {...getFormProps(form)}>
              <input type="hidden" name="token" value={loaderData.token ?? ""} />
              <InputField name="email" type="email" label="Email" autoComplete="username" required maxLength={255} defaultValue={result?.email ?? ""} error={fields.email.errors?.[0]} />
              <NewPasswordFields error={fields.password.errors?.[0]} confirmError={fields.confirm.errors?.[0]} />
              <SubmitButton busy={busy} busyLabel="Creating account…">
                Create admin account
              </SubmitButton>
            </Form>
          </>
        )}
      </AuthShell>
      <AdminToaster />
    </>
  );
}
