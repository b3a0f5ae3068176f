import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { PASSWORD_MAX } from "~/auth/forms";
import { AccountFormSection, useAccountForm } from "./AccountForm";

/** Change your own email: a link goes to the new address, and the change is made when it is opened. */
export function EmailSection({ email }: { email: string }) {
  const { fetcher, form, busy, failed } = useAccountForm("change-email", (answer) => [
    "Check the new address",
    `A confirmation link is on its way to ${answer.newEmail}. Your email changes when you open it (within 24 hours).`,
  ]);
  return (
    <AccountFormSection id="email-heading" title="Email address">
      <p className="mb-4 text-sm text-slate-700">
        You sign in with <strong>{email}</strong>. A new address is used once you open the link mailed to it; the old address is told of the change.
      </p>
      <fetcher.Form ref={form} method="post" className="max-w-md">
        <InputField name="newEmail" type="email" label="New email address" autoComplete="email" required maxLength={255} error={failed?.fieldErrors?.newEmail} />
        <InputField name="currentPassword" type="password" label="Current password" autoComplete="current-password" required maxLength={PASSWORD_MAX} error={failed?.fieldErrors?.currentPassword} />
        <Button type="submit" name="intent" value="change-email" disabled={busy}>
          Send confirmation link
        </Button>
      </fetcher.Form>
    </AccountFormSection>
  );
}
