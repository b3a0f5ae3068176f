import { useState } from "react";
import { useFetcher } from "react-router";
import { useResultToast } from "~/admin/kit/hooks";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import type { SecondFactorStatus } from "~/auth/second-factor.server";
import type { AccountActionResult } from "../actions.server";

type Answer = AccountActionResult;
type Setup = { uri: string; secret: string; qrSvg: string };
type Shown = { setup?: Setup; codes?: string[] };

/** What a page answer (a form sent without JavaScript) shows. */
function shownBy(answer: Answer | undefined): Shown | null {
  if (!answer?.ok) return null;
  if (answer.intent === "second-factor-start") return { setup: answer.setup };
  if (answer.intent === "second-factor-confirm" || answer.intent === "recovery-codes-new") return { codes: answer.codes };
  return null;
}

const fieldError = (answer: Answer | undefined, field: string) => (answer && !answer.ok ? answer.fieldErrors?.[field] : undefined);

/** Ten codes, shown once, with the words that say so. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-heading" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <h4 id="recovery-codes-heading" className="font-semibold">
        Your recovery codes
      </h4>
      <p className="mt-1">Save these now (print them or keep them in a password manager): they are shown only this once. Each works once, when you cannot use your phone.</p>
      <ol className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base sm:grid-cols-5" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} dir="ltr">
            {code}
          </li>
        ))}
      </ol>
    </section>
  );
}

function PasswordForm({ intent, label, busyLabel, variant = "secondary", extra, fetcher }: {
  intent: string;
  label: string;
  busyLabel: string;
  variant?: "primary" | "secondary" | "destructive";
  extra?: React.ReactNode;
  fetcher: ReturnType<typeof useFetcher<Answer>>;
}) {
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;
  const answer = fetcher.data && fetcher.data.intent === intent ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
      <InputField id={`${intent}-password`} name="password" type="password" label="Your password" autoComplete="current-password" required maxLength={128} className="mb-1" error={fieldError(answer, "password")} />
      {extra}
      <Button type="submit" name="intent" value={intent} variant={variant} size="sm" className="self-start" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </fetcher.Form>
  );
}

/** Scan, then prove it works with a code: only then is the second factor on. */
function ConfirmSetup({ setup, fetcher }: { setup: Setup; fetcher: ReturnType<typeof useFetcher<Answer>> }) {
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data?.intent === "second-factor-confirm" ? fetcher.data : undefined;
  return (
    <div className="flex flex-col gap-4 sm:flex-row">
      {/* The SVG comes from our own server (uqr renders it from the otpauth address): no markup from outside. */}
      <div className="size-48 shrink-0 rounded-md border border-slate-200 bg-white p-2" role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
      <div className="flex flex-col gap-3 text-sm text-slate-800">
        <ol className="list-decimal space-y-1 ps-5">
          <li>Open an authenticator app (1Password, Google Authenticator, Microsoft Authenticator, Authy…).</li>
          <li>Scan the QR code, or type this key: <code dir="ltr" className="rounded bg-slate-100 px-1 font-mono">{setup.secret}</code></li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <fetcher.Form method="post" className="flex flex-col gap-2">
          <InputField id="confirm-code" name="code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" required maxLength={7} className="mb-1" error={fieldError(answer, "code")} />
          <Button type="submit" name="intent" value="second-factor-confirm" size="sm" className="self-start" disabled={busy}>
            {busy ? "Checking…" : "Turn on"}
          </Button>
        </fetcher.Form>
      </div>
    </div>
  );
}

/** Your account: the second factor (an authenticator app and recovery codes), decision 0068. */
export function SecondFactorSection({ status, posted }: { status: SecondFactorStatus; posted?: Answer }) {
  const start = useFetcher<Answer>();
  const confirm = useFetcher<Answer>();
  const codes = useFetcher<Answer>();
  const off = useFetcher<Answer>();
  const devices = useFetcher<Answer>();
  // What the latest answer shows: a setup waiting for its code, or codes to save. Each fetcher
  // keeps its answer, so reading them all would show a finished setup, or codes voided since.
  const [latest, setLatest] = useState<Shown | null>(null);
  useResultToast(start, () => ["Scan the QR code", "Then enter a code from the app to turn the second factor on."], (answer) => {
    if (answer.ok && answer.intent === "second-factor-start") setLatest({ setup: answer.setup });
  });
  useResultToast(confirm, () => ["Second factor on", "Save your recovery codes now: they are shown only once."], (answer) => {
    if (answer.ok && answer.intent === "second-factor-confirm") setLatest({ codes: answer.codes });
  });
  useResultToast(codes, () => ["New recovery codes", "The old codes no longer work."], (answer) => {
    if (answer.ok && answer.intent === "recovery-codes-new") setLatest({ codes: answer.codes });
  });
  useResultToast(off, () => ["Second factor off", "Sign-ins ask only for your password now."], (answer) => {
    if (answer.ok) setLatest(null);
  });
  useResultToast(devices, (answer) => (answer.intent === "trusted-devices-forget" ? ["Devices forgotten", `${answer.devices} device(s) will ask for a code again.`] : null));

  // Or (a form sent without JavaScript) the page's own action answer.
  const shown = latest ?? shownBy(posted);
  const setup = shown?.setup ?? null;
  // Codes mean something only while the second factor is on (replacing or turning it off voids them).
  const shownCodes = status.enabled ? (shown?.codes ?? null) : null;

  return (
    <section aria-labelledby="second-factor-heading" id="second-factor">
      <Card className="flex flex-col gap-4 p-5">
        <div className="flex flex-wrap items-center gap-3">
          <h3 id="second-factor-heading" className="text-lg font-semibold text-brand-800">
            Second factor
          </h3>
          {status.enabled ? <Badge tone="success">On</Badge> : <Badge tone={status.required && status.passkeys === 0 ? "danger" : "neutral"}>Off</Badge>}
        </div>
        {status.required && !status.enabled && status.passkeys === 0 ? (
          <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            Your role needs a second factor: set up an authenticator app or add a passkey to use the rest of the admin. Until then only this page is open.
          </p>
        ) : null}
        <p className="text-sm text-slate-700">
          With a second factor, signing in asks for your password and a code from an app on your phone, so a stolen password alone opens nothing. Ten recovery codes let you in if you lose the phone.
        </p>
        {shownCodes ? <RecoveryCodes codes={shownCodes} /> : null}

        {status.enabled && !setup ? (
          <div className="grid gap-4 md:grid-cols-2">
            <div className="text-sm text-slate-800">
              <p>
                Recovery codes left: <strong>{status.recoveryCodesLeft}</strong>
                {status.recoveryCodesLeft <= 3 ? " — make new ones." : ""}
              </p>
              <p>
                Devices that skip the code for 30 days: <strong>{status.trustedDevices}</strong>
              </p>
              <devices.Form method="post" className="mt-2">
                <Button type="submit" name="intent" value="trusted-devices-forget" variant="secondary" size="sm" disabled={devices.state !== "idle" || status.trustedDevices === 0}>
                  Stop trusting all devices
                </Button>
              </devices.Form>
            </div>
            <div className="flex flex-col gap-3">
              <PasswordForm fetcher={codes} intent="recovery-codes-new" label="Make new recovery codes" busyLabel="Making codes…" />
              <PasswordForm
                fetcher={start}
                intent="second-factor-start"
                label="Replace with a new phone"
                busyLabel="Starting…"
                extra={<input type="hidden" name="replace" value="on" />}
              />
              {status.required && status.passkeys === 0 ? null : <PasswordForm fetcher={off} intent="second-factor-off" label="Turn off" busyLabel="Turning off…" variant="destructive" />}
            </div>
          </div>
        ) : null}

        {!status.enabled && !setup ? (
          <div className="max-w-md">
            <PasswordForm fetcher={start} intent="second-factor-start" label="Set up an authenticator app" busyLabel="Starting…" variant="primary" />
          </div>
        ) : null}

        {setup && !status.enabled ? <ConfirmSetup setup={setup} fetcher={confirm} /> : null}
      </Card>
    </section>
  );
}
