import { useState } from "react";
import { useFetcher } from "react-router";
import { useResultToast } from "~/admin/kit/hooks";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Switch } from "~/components/ui/switch";
import type { StaffPolicyResult } from "../actions.server";

export interface StaffPolicyView {
  signOffRequired: boolean;
  secondFactorForAll: boolean;
}

const SWITCHES = [
  {
    name: "signOffRequired",
    label: "Require a lawyer's sign-off before machine-written text or proposed changes go live",
    hint: "When on, an editor's change to a published post, a website text or a team member shown on the site waits in its History until a lawyer or an admin publishes it, and only they publish AI-written drafts. When off, editors publish directly.",
  },
  {
    name: "secondFactorForAll",
    label: "Require a second factor for every role",
    hint: "When on, editors also confirm each sign-in with an authenticator app or a passkey. Admins, lawyers and intake always need a second factor: they see client records.",
  },
] as const;

/** The Staff tab's policy (admins only, decision 0070): two switches and one save. */
export function StaffPolicyForm({ policy, secondFactorOptional }: { policy: StaffPolicyView; secondFactorOptional: boolean }) {
  const fetcher = useFetcher<StaffPolicyResult>();
  const [values, setValues] = useState(policy);
  const busy = fetcher.state !== "idle";
  useResultToast(fetcher, (answer) => ["Staff policy saved", answer.changed.length === 0 ? "Nothing changed." : undefined]);
  return (
    <section aria-labelledby="staff-policy-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="staff-policy-heading" className="text-xl font-semibold text-slate-900">
          Staff policy
        </h2>
        <p className="text-sm text-slate-700">What every staff account must do. Changes apply from each person&apos;s next page or sign-in.</p>
      </div>
      <Card>
        <CardContent>
          <fetcher.Form method="post" className="flex flex-col gap-4">
            {SWITCHES.map(({ name, label, hint }) => (
              <div key={name} className="flex items-start gap-3">
                {/* Sent either way: the server refuses a form that leaves a setting out. */}
                <input type="hidden" name={name} value={String(values[name])} />
                <Switch
                  id={`policy-${name}`}
                  checked={values[name]}
                  onCheckedChange={(checked) => setValues((current) => ({ ...current, [name]: checked }))}
                  aria-describedby={`policy-${name}-hint`}
                />
                <div>
                  <label htmlFor={`policy-${name}`} className="font-medium text-slate-900">
                    {label}
                  </label>
                  <p id={`policy-${name}-hint`} className="text-sm text-slate-600">
                    {hint}
                    {name === "secondFactorForAll" && secondFactorOptional
                      ? " This installation sets ADMIN_SECOND_FACTOR=optional (its own single sign-on stands in front), so no role is required to have one while that is set."
                      : null}
                  </p>
                </div>
              </div>
            ))}
            <div>
              <Button type="submit" name="intent" value="set-policy" disabled={busy}>
                {busy ? "Saving…" : "Save staff policy"}
              </Button>
            </div>
          </fetcher.Form>
        </CardContent>
      </Card>
    </section>
  );
}
