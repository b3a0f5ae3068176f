import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/auth/forms";
import { NewPasswordFields } from "~/auth/ui";
import { AccountFormSection, useAccountForm } from "./AccountForm";

/** Change your own password: the current one is needed; your other sessions end, this one stays. */
export function PasswordSection() {
  const { fetcher, form, busy, failed } = useAccountForm("change-password", (answer) => ["Password changed", `${answer.endedSessions} other session(s) ended. This one stays signed in.`]);
  return (
    <AccountFormSection id="password-heading" title="Password">
      <fetcher.Form ref={form} method="post" className="max-w-md">
        <InputField name="currentPassword" type="password" label="Current password" autoComplete="current-password" required maxLength={PASSWORD_MAX} error={failed?.fieldErrors?.currentPassword} />
        <NewPasswordFields name="newPassword" label="New password" hint={`At least ${PASSWORD_MIN} characters. Changing it signs you out on every other device.`} error={failed?.fieldErrors?.newPassword} confirmError={failed?.fieldErrors?.confirm} />
        <Button type="submit" name="intent" value="change-password" disabled={busy}>
          Change password
        </Button>
      </fetcher.Form>
    </AccountFormSection>
  );
}
