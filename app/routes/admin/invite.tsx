import { Form } from "react-router";
import type { Route } from "./+types/invite";
import { INVITE_INVALID } from "~/auth/account-forms";
import { LinkPage, useLinkAnswer } from "~/auth/link-page";
import { Alert, NewPasswordFields, SubmitButton, adminMeta } from "~/auth/ui";
import { InputField } from "~/components/ui/field";
import type { RouteHandle } from "~/document/hydration";

export const meta: Route.MetaFunction = () => adminMeta("Accept Invitation");

/** The admin is a React application (decision 0039). */
export const handle = { hydrate: true } satisfies RouteHandle;

/** Opening the link only shows the form (a mail scanner that fetches it uses nothing up). */
export { invitePage as loader, inviteAction as action } from "~/staff/invite-page.server";

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { result, busy, invalid } = useLinkAnswer(actionData, Boolean(loaderData.invitation), INVITE_INVALID);
  const intro = invalid || !loaderData.invitation ? undefined : <>Create the {loaderData.invitation.role} account for <strong>{loaderData.invitation.email}</strong>. The link works once.</>;
  return (
    <LinkPage title="Accept Invitation" intro={intro}>
      {invalid ? (
        <Alert title="This invitation cannot be used">{invalid}</Alert>
      ) : (
        <>
          {result?.error ? <Alert title="Account not created">{result.error}</Alert> : null}
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            <InputField name="name" label="Your name" autoComplete="name" required maxLength={100} error={result?.fields?.name} />
            <NewPasswordFields error={result?.fields?.password} confirmError={result?.fields?.confirm} />
            <SubmitButton busy={busy} busyLabel="Creating account…">
              Create account
            </SubmitButton>
          </Form>
        </>
      )}
    </LinkPage>
  );
}
