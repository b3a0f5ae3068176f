import { useEffect, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import type { PasskeySignInOptions } from "./passkey-sign-in.server";

/**
 * Passkeys in the browser (decision 0074). @simplewebauthn/browser is imported when a button is
 * pressed, so it is its own small chunk fetched only on the verify and account pages.
 */

/** WebAuthn is there once the page has hydrated (never during server rendering or without script). */
export function useWebAuthn(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    setAvailable(typeof window.PublicKeyCredential === "function");
  }, []);
  return available;
}

/** The browser's own message when the person cancels or the passkey is refused. */
export function passkeyErrorText(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return "The passkey request was cancelled or timed out. Try again.";
  if (name === "InvalidStateError") return "This passkey is already registered for your account.";
  return "This browser could not use a passkey here. Try again, or use another way.";
}

/** "Use a passkey" on the sign-in's second step: the browser signs the server's challenge, the answer goes to the page's action. */
export function PasskeySignInButton({ options, trustDevice }: { options: PasskeySignInOptions; trustDevice: boolean }) {
  const available = useWebAuthn();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = working || (navigation.state !== "idle" && navigation.formData?.get("method") === "passkey");

  async function use() {
    setProblem(null);
    setWorking(true);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const answer = await startAuthentication({ optionsJSON: options.optionsJSON });
      const form = new FormData();
      form.set("method", "passkey");
      form.set("challengeId", options.challengeId);
      form.set("response", JSON.stringify(answer));
      if (trustDevice) form.set("trustDevice", "on");
      await submit(form, { method: "post" });
    } catch (error) {
      setProblem(passkeyErrorText(error));
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button type="button" variant="primary" onClick={use} disabled={!available || busy}>
        {busy ? "Waiting for your passkey…" : "Use a passkey"}
      </Button>
      {available ? null : <p className="text-sm text-slate-700">Passkeys need JavaScript and a browser that supports them.</p>}
      {problem ? (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
