import { Form } from "react-router";
import type { Route } from "./+types/invite";
import type { LinkPageAnswer } from "~/auth/link-pages.server";
import { inviteAction, invitePage } from "~/staff/invite-page.server";
import { INVITE_INVALID } from "~/auth/account-forms";
import { LinkPage, usePosting } from "~/auth/link-page";
import { Alert, NewPasswordFields, SubmitButton, adminMeta } from "~/auth/ui";
import { InputField } from "~/components/ui/field";
import type { RouteHandle } from "~/document/hydration";

export const meta: Route.MetaFunction = () => adminMeta("Accept Invitation");

/** The admin is a React application (decision 0039). */
export const handle = { hydrate: true } satisfies RouteHandle;

/** Opening the link only shows the form (a mail scanner that fetches it uses nothing up). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return invitePage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return inviteAction(request, context);
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as LinkPageAnswer | undefined;
  const busy = usePosting();
  const invalid = result?.invalid ?? (loaderData.invitation ? null : INVITE_INVALID);
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
