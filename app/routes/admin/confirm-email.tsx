import { Form } from "react-router";
import type { Route } from "./+types/confirm-email";
import { EMAIL_LINK_INVALID } from "~/auth/account-forms";
import { LinkPage, useLinkAnswer } from "~/auth/link-page";
import { Alert, SubmitButton, adminMeta } from "~/auth/ui";
import type { RouteHandle } from "~/document/hydration";

export const meta: Route.MetaFunction = () => adminMeta("Confirm Email Address");

/** The admin is a React application (decision 0039). */
export const handle = { hydrate: true } satisfies RouteHandle;

/** Opening the link only shows a button (a mail scanner that fetches it changes nothing). */
export { confirmEmailPage as loader, confirmEmailAction as action } from "~/auth/link-pages.server";

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { busy, invalid } = useLinkAnswer(actionData, Boolean(loaderData.change), EMAIL_LINK_INVALID);
  return (
    <LinkPage title="Confirm Email Address">
      {invalid || !loaderData.change ? (
        <Alert title="This link cannot be used">{invalid}</Alert>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="token" value={loaderData.token ?? ""} />
          <p className="text-sm text-slate-700">
            Sign in with <strong>{loaderData.change.newEmail}</strong> instead of <strong>{loaderData.change.oldEmail}</strong> from now on? The link works only once.
          </p>
          <SubmitButton busy={busy} busyLabel="Confirming…">
            Confirm new email address
          </SubmitButton>
        </Form>
      )}
    </LinkPage>
  );
}
