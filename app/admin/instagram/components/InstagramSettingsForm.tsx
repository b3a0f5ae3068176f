import { CircleAlert, CircleCheck, CircleHelp, Loader2, PlugZap, Save } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import { useResultToast } from "~/admin/kit/hooks";
import type { InstagramActionResult } from "~/admin/instagram/actions.server";
import { IMAGE_REQUIREMENTS, TOKEN_EXPIRED } from "~/instagram/schema";
import type { SettingsView } from "~/instagram/settings.server";

type Connection = { state: "unknown" } | { state: "connected"; username: string | null; picture: string | null } | { state: "error"; message: string };

/** SPEC 4: connected when stored credentials were checked or a test succeeds; error when the test fails. */
function storedConnection(settings: SettingsView): Connection {
  // A refused token (190) says what to do, as the dashboard's banner does, not the last raw error.
  if (settings.reconnectNeeded) return { state: "error", message: TOKEN_EXPIRED };
  if (settings.lastError) return { state: "error", message: settings.lastError };
  if (settings.username) return { state: "connected", username: settings.username, picture: settings.profilePictureUrl };
  return { state: "unknown" };
}

/** The social-network tab: credentials, connection test, switches, setup help and image requirements. */
export function InstagramSettingsForm({ settings }: { settings: SettingsView }) {
  const saver = useFetcher<InstagramActionResult>({ key: "instagram-save" });
  const tester = useFetcher<InstagramActionResult>({ key: "instagram-test" });
  const [token, setToken] = useState("");
  const [accountId, setAccountId] = useState(settings.accountId);
  const [enabled, setEnabled] = useState(settings.enabled);
  const [autoPost, setAutoPost] = useState(settings.autoPost);
  const [tested, setTested] = useState<Connection | null>(null);
  // A failed test of the saved token that marked it refused reads like the stored state (reloaded after the test).
  const connection = tested?.state === "connected" || !settings.reconnectNeeded ? (tested ?? storedConnection(settings)) : storedConnection(settings);

  const hasToken = token.trim() !== "" || settings.tokenSaved;
  const canTest = hasToken && accountId.trim() !== "" && tester.state === "idle";

  useResultToast(saver, () => ["Settings saved"], (result) => {
    if (result.ok && result.intent === "save") {
      // The saved token is never sent back: the field empties, and the hint names its last four.
      setToken("");
      setTested(null);
    }
  });
  useResultToast(
    tester,
    (result) => (result.intent === "test" ? ["Connected", result.username ? `Signed in as @${result.username}` : undefined] : null),
    (result) => {
      if (result.ok && result.intent === "test") setTested({ state: "connected", username: result.username, picture: result.profilePictureUrl });
      else if (!result.ok) setTested({ state: "error", message: result.reason });
    },
  );

  const saving = saver.state !== "idle";
  const fieldErrors = saver.data && !saver.data.ok ? (saver.data.fieldErrors ?? {}) : {};

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <h3 className="text-lg font-semibold text-slate-900">Connection</h3>
          <p className="text-sm text-slate-600">The access token is stored encrypted and never shown again.</p>
        </CardHeader>
        <CardContent>
          <saver.Form method="post" className="space-y-4" aria-label="Instagram settings">
            <input type="hidden" name="intent" value="save" />
            <Field
              label="Access Token"
              error={fieldErrors.accessToken}
              hint={settings.tokenSaved ? `A token is saved (ending in ${settings.tokenLast4 ?? "…"}). Leave this empty to keep it, or paste a new one to replace it.` : "Paste the long-lived access token of the business account."}
            >
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  name="accessToken"
                  autoComplete="off"
                  spellCheck={false}
                  value={token}
                  placeholder={settings.tokenSaved ? `•••• ${settings.tokenLast4 ?? ""}` : ""}
                  onChange={(event) => setToken(event.target.value)}
                />
              )}
            </Field>
            <Field label="Business Account ID" error={fieldErrors.accountId} hint="The Instagram business account's numeric id, such as 17841400000000000.">
              {(control) => <Input {...control} name="accountId" inputMode="numeric" autoComplete="off" value={accountId} onChange={(event) => setAccountId(event.target.value)} />}
            </Field>

            <div className="flex flex-wrap items-center gap-3">
              <Button
                variant="secondary"
                disabled={!canTest}
                onClick={() => tester.submit({ intent: "test", accessToken: token, accountId }, { method: "post" })}
              >
                {tester.state !== "idle" ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <PlugZap aria-hidden className="size-4" />}
                {tester.state !== "idle" ? "Testing…" : "Test Connection"}
              </Button>
              <ConnectionStatus connection={connection} />
            </div>

            <div className="space-y-3 border-t border-slate-100 pt-4">
              <div className="flex items-center justify-between gap-4">
                <label htmlFor="instagram-enabled" className="text-sm font-medium text-slate-800">
                  Enable integration
                  <span className="block text-xs font-normal text-slate-600">Allows posting blog posts to Instagram.</span>
                </label>
                <Switch
                  id="instagram-enabled"
                  name="enabled"
                  checked={enabled}
                  onCheckedChange={(on) => {
                    setEnabled(on);
                    if (!on) setAutoPost(false);
                  }}
                />
              </div>
              <div className="flex items-center justify-between gap-4">
                <label htmlFor="instagram-auto-post" className={`text-sm font-medium ${enabled ? "text-slate-800" : "text-slate-600"}`}>
                  Auto-post New Blog Posts
                  <span className="block text-xs font-normal text-slate-600">Each post with a featured image goes to Instagram once, when it is first published.</span>
                </label>
                <Switch id="instagram-auto-post" name="autoPost" checked={autoPost} disabled={!enabled} onCheckedChange={setAutoPost} />
              </div>
            </div>

            <Button type="submit" disabled={saving}>
              {saving ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Save aria-hidden className="size-4" />}
              {saving ? "Saving…" : "Save Settings"}
            </Button>
          </saver.Form>
        </CardContent>
      </Card>

      <div className="space-y-4">
        <HelpCard title="Setup instructions">
          <ol className="list-decimal space-y-2 ps-5 text-sm text-slate-800">
            <li>Use an Instagram business (or creator) account linked to a Facebook Page.</li>
            <li>Create an app at developers.facebook.com (type Business).</li>
            <li>Add the Instagram Graph API product to the app.</li>
            <li>
              Generate a long-lived access token with the permissions <code>instagram_basic</code>, <code>instagram_content_publish</code> and{" "}
              <code>pages_read_engagement</code>.
            </li>
            <li>
              Find the account id: in the Graph API Explorer, <code>GET /me/accounts</code>, then{" "}
              <code>{"GET /{page-id}?fields=instagram_business_account"}</code>.
            </li>
          </ol>
        </HelpCard>
        <HelpCard title="Image requirements">
          <ul className="list-disc space-y-1 ps-5 text-sm text-slate-800">
            {IMAGE_REQUIREMENTS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </HelpCard>
      </div>
    </div>
  );
}

/** A card of guidance beside the form. */
function HelpCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function ConnectionStatus({ connection }: { connection: Connection }) {
  if (connection.state === "connected") {
    return (
      <p role="status" className="inline-flex items-center gap-2 text-sm font-medium text-green-800">
        {connection.picture ? <img src={connection.picture} alt="" width={24} height={24} className="size-6 rounded-full" referrerPolicy="no-referrer" /> : <CircleCheck aria-hidden className="size-4" />}
        Connected{connection.username ? ` as @${connection.username}` : ""}
      </p>
    );
  }
  if (connection.state === "error") {
    return (
      <p role="status" className="inline-flex items-center gap-2 text-sm font-medium text-red-800">
        <CircleAlert aria-hidden className="size-4" />
        Connection Failed: {connection.message}
      </p>
    );
  }
  return (
    <p role="status" className="inline-flex items-center gap-2 text-sm text-slate-700">
      <CircleHelp aria-hidden className="size-4" />
      Not tested yet
    </p>
  );
}
