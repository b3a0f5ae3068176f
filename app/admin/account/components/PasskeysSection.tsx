import { useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useResultToast } from "~/admin/kit/hooks";
import { AdminTable } from "~/admin/kit/AdminTable";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { passkeyErrorText, useWebAuthn } from "~/auth/passkey-ui";
import type { AccountActionResult } from "../actions.server";

type Answer = AccountActionResult;

export interface PasskeyLine {
  id: string;
  name: string;
  addedText: string;
  lastUsedText: string | null;
}

const COLUMNS = ["Name", "Added", "Last used"] as const;
const fieldError = (answer: Answer | undefined, field: string) => (answer && !answer.ok ? answer.fieldErrors?.[field] : undefined);

type Remover = { fetcher: ReturnType<typeof useFetcher<Answer>>; lastId: string | null; setLastId: (id: string) => void };

function PasskeyRow({ passkey, remover }: { passkey: PasskeyLine; remover: Remover }) {
  const rename = useFetcher<Answer>();
  const remove = remover.fetcher;
  useResultToast(rename, () => ["Passkey renamed", undefined]);
  const renameAnswer = rename.data?.intent === "passkey-rename" ? rename.data : undefined;
  const removeAnswer = remove.data?.intent === "passkey-remove" && remover.lastId === passkey.id ? remove.data : undefined;
  return (
    <tr className="align-top">
      <th scope="row" className="px-4 py-3 text-start font-medium text-slate-900">
        {passkey.name}
      </th>
      <td className="px-4 py-3 text-slate-800">{passkey.addedText}</td>
      <td className="px-4 py-3 text-slate-800">{passkey.lastUsedText ?? "Not yet"}</td>
      <td className="px-4 py-3">
        <div className="flex flex-col items-end gap-2">
          {/* <details> opens without script; both forms also work without it. */}
          <details className="w-64">
            <summary className="cursor-pointer text-end text-sm underline">
              Rename<span className="sr-only"> {passkey.name}</span>
            </summary>
            <rename.Form method="post" className="mt-2 flex flex-col gap-2">
              <input type="hidden" name="id" value={passkey.id} />
              <InputField id={`rename-${passkey.id}`} name="name" label="New name" defaultValue={passkey.name} required maxLength={60} className="mb-1" error={fieldError(renameAnswer, "name")} />
              <Button type="submit" name="intent" value="passkey-rename" variant="secondary" size="sm" className="self-start" disabled={rename.state !== "idle"}>
                Save name
              </Button>
            </rename.Form>
          </details>
          <details className="w-64">
            <summary className="cursor-pointer text-end text-sm underline">
              Remove<span className="sr-only"> {passkey.name}</span>
            </summary>
            <remove.Form method="post" className="mt-2 flex flex-col gap-2" onSubmit={() => remover.setLastId(passkey.id)}>
              <input type="hidden" name="id" value={passkey.id} />
              <InputField id={`remove-${passkey.id}-password`} name="password" type="password" label="Your password" autoComplete="current-password" required maxLength={128} className="mb-1" error={fieldError(removeAnswer, "password")} />
              <Button type="submit" name="intent" value="passkey-remove" variant="destructive" size="sm" className="self-start" disabled={remove.state !== "idle"}>
                Remove passkey
              </Button>
            </remove.Form>
          </details>
        </div>
      </td>
    </tr>
  );
}

/** The password and a name; then the browser creates the passkey for the server's challenge. */
function AddPasskey() {
  const available = useWebAuthn();
  const start = useFetcher<Answer>();
  const finish = useFetcher<Answer>();
  const [creating, setCreating] = useState(false);
  const [formKey, setFormKey] = useState(0);
  useResultToast(start, undefined, async (answer) => {
    if (!answer.ok || answer.intent !== "passkey-start") return;
    setCreating(true);
    try {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const created = await startRegistration({ optionsJSON: answer.registration.optionsJSON });
      await finish.submit(
        { intent: "passkey-finish", challengeId: answer.registration.challengeId, name: answer.name, response: JSON.stringify(created) },
        { method: "post" },
      );
    } catch (error) {
      toast.error("Passkey not added", { description: passkeyErrorText(error) });
    } finally {
      setCreating(false);
    }
  });
  useResultToast(finish, (answer) => (answer.intent === "passkey-finish" ? ["Passkey added", `Sign-ins can now use “${answer.added.name}”.`] : null), (answer) => {
    if (answer.ok) setFormKey((key) => key + 1);
  });
  const answer = start.data?.intent === "passkey-start" ? start.data : undefined;
  const busy = creating || start.state !== "idle" || finish.state !== "idle";
  if (!available) return <p className="text-sm text-slate-700">Adding a passkey needs JavaScript and a browser that supports passkeys.</p>;
  return (
    <start.Form key={formKey} method="post" className="flex max-w-md flex-col gap-2 rounded-md border border-slate-200 p-3">
      <InputField id="passkey-name" name="name" label="Name for this passkey" placeholder="Work laptop" required maxLength={60} className="mb-1" error={fieldError(answer, "name")} />
      <InputField id="passkey-start-password" name="password" type="password" label="Your password" autoComplete="current-password" required maxLength={128} className="mb-1" error={fieldError(answer, "password")} />
      <Button type="submit" name="intent" value="passkey-start" variant="primary" size="sm" className="self-start" disabled={busy}>
        {busy ? "Waiting for your passkey…" : "Add a passkey"}
      </Button>
    </start.Form>
  );
}

/** Your account: passkeys, a second factor of their own (decision 0074). */
export function PasskeysSection({ passkeys }: { passkeys: PasskeyLine[] }) {
  // One remover for the list: the removed passkey's row is gone when its answer arrives.
  const remove = useFetcher<Answer>();
  const [lastId, setLastId] = useState<string | null>(null);
  useResultToast(remove, () => ["Passkey removed", "It no longer signs you in."]);
  const remover = { fetcher: remove, lastId, setLastId };
  return (
    <section aria-labelledby="passkeys-heading" id="passkeys">
      <Card className="flex flex-col gap-4 p-5">
        <h3 id="passkeys-heading" className="text-lg font-semibold text-brand-800">
          Passkeys ({passkeys.length})
        </h3>
        <p className="text-sm text-slate-700">
          A passkey lets this computer, your phone or a security key confirm your sign-in after the password, instead of a code. Each passkey counts as a second factor; add a second one (or an authenticator app) in case you lose a device.
        </p>
        {passkeys.length > 0 ? (
          <AdminTable columns={COLUMNS}>
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} remover={remover} />
            ))}
          </AdminTable>
        ) : null}
        <AddPasskey />
      </Card>
    </section>
  );
}
