import { useRef } from "react";
import { useFetcher } from "react-router";
import { useResultToast } from "~/admin/kit/hooks";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/auth/forms";
import { NewPasswordFields } from "~/auth/ui";
import type { AccountActionResult } from "../actions.server";

/** Change your own password: the current one is needed; your other sessions end, this one stays. */
export function PasswordSection() {
  const fetcher = useFetcher<AccountActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  useResultToast(
    fetcher,
    (answer) => (answer.intent === "change-password" ? ["Password changed", `${answer.endedSessions} other session(s) ended. This one stays signed in.`] : null),
    (answer) => {
      if (answer.ok) form.current?.reset();
    },
  );
  const failed = fetcher.data && !fetcher.data.ok && fetcher.data.intent === "change-password" ? fetcher.data : null;
  return (
    <section aria-labelledby="password-heading" className="flex flex-col gap-3">
      <h3 id="password-heading" className="text-lg font-semibold text-slate-900">
        Password
      </h3>
      <Card className="p-4">
        <fetcher.Form ref={form} method="post" className="max-w-md">
          <InputField name="currentPassword" type="password" label="Current password" autoComplete="current-password" required maxLength={PASSWORD_MAX} error={failed?.fieldErrors?.currentPassword} />
          <NewPasswordFields name="newPassword" label="New password" hint={`At least ${PASSWORD_MIN} characters. Changing it signs you out on every other device.`} error={failed?.fieldErrors?.newPassword} confirmError={failed?.fieldErrors?.confirm} />
          <Button type="submit" name="intent" value="change-password" disabled={busy}>
            Change password
          </Button>
        </fetcher.Form>
      </Card>
    </section>
  );
}
