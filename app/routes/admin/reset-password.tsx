import { Form } from "react-router";
import type { Route } from "./+types/reset-password";
import { RESET_INVALID } from "~/auth/account-forms";
import { LinkPage, retryAfterHeaders, useLinkAnswer } from "~/auth/link-page";
import { Alert, NewPasswordFields, SubmitButton, adminMeta } from "~/auth/ui";
import { InputField } from "~/components/ui/field";
import type { RouteHandle } from "~/document/hydration";

export const meta: Route.MetaFunction = () => adminMeta("Reset Password");

/** The admin is a React application (decision 0039). */
export const handle = { hydrate: true } satisfies RouteHandle;

/** Without a token: the request form. With one: the new-password form (opening the link uses nothing up). */
export { resetPage as loader, resetAction as action } from "~/auth/link-pages.server";

export const headers = retryAfterHeaders;

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { result, busy, invalid } = useLinkAnswer(actionData, loaderData.valid, RESET_INVALID);

  if (loaderData.mode === "request") {
    return (
      <LinkPage title="Reset Password" intro="Enter the email address of your staff account. We will mail you a link to choose a new password." back="Back to sign-in">
        {result?.error ? <Alert title="Request refused">{result.error}</Alert> : null}
        {result?.notice ? (
          <Alert tone="info" title="Check your email">
            {result.notice}
          </Alert>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="request" />
          <InputField name="email" type="email" label="Email" autoComplete="username" required maxLength={255} error={result?.fields?.email} />
          <SubmitButton busy={busy} busyLabel="Sending…">
            Email me a reset link
          </SubmitButton>
        </Form>
      </LinkPage>
    );
  }

  return (
    <LinkPage title="Choose a New Password" intro={invalid ? undefined : "Setting a new password signs the account out on every device. The link works once."} back="Back to sign-in">
      {invalid ? (
        <>
          <Alert title="This link cannot be used">{invalid}</Alert>
          <p className="text-sm">
            <a className="underline" href="/admin/reset-password">
              Ask for a new link
            </a>
          </p>
        </>
      ) : (
        <>
          {result?.error ? <Alert title="Password not changed">{result.error}</Alert> : null}
          <Form method="post">
            <input type="hidden" name="intent" value="reset" />
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            <NewPasswordFields label="New password" error={result?.fields?.password} confirmError={result?.fields?.confirm} />
            <SubmitButton busy={busy} busyLabel="Saving…">
              Set new password
            </SubmitButton>
          </Form>
        </>
      )}
    </LinkPage>
  );
}
