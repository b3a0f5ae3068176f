import { Loader2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { toast as showToast, Toaster } from "sonner";
import { InputField } from "~/components/ui/field";
import { PASSWORD_MAX, PASSWORD_MIN } from "./forms";

/** The admin area's toaster: one visible toast, 5 seconds (SPEC 4). */
export function AdminToaster() {
  return <Toaster visibleToasts={1} duration={5000} position="top-center" closeButton />;
}

export interface FlashToast {
  id: string;
  title: string;
  description?: string;
  type?: "success" | "error" | "info";
}

/** Show a toast handed over by the server (redirectWithToast) once. */
export function useFlashToast(flash: FlashToast | null | undefined) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    shown.current = flash.id;
    const show = flash.type === "error" ? showToast.error : flash.type === "info" ? showToast.info : showToast.success;
    show(flash.title, { description: flash.description });
  }, [flash]);
}

/** A centred card for the sign-in and setup screens (no public site chrome). */
export function AuthShell({ title, intro, children }: { title: string; intro?: React.ReactNode; children: React.ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-brand-50 px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-brand-100 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-800">{title}</h1>
        {intro ? <div className="mt-2 text-sm text-slate-700">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

export function Alert({ tone = "error", title, children }: { tone?: "error" | "info" | "success"; title: string; children?: React.ReactNode }) {
  const tones = {
    error: "border-red-300 bg-red-50 text-red-900",
    info: "border-brand-200 bg-brand-50 text-brand-900",
    success: "border-green-300 bg-green-50 text-green-900",
  } as const;
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`mb-5 rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}>
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1">{children}</div> : null}
    </div>
  );
}

export function SubmitButton({ busy, children, busyLabel }: { busy: boolean; children: React.ReactNode; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-80"
    >
      {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
      <span>{busy ? busyLabel : children}</span>
    </button>
  );
}

/** Meta tags of every admin page: English, never indexed. */
export function adminMeta(title: string) {
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

/** The hint under a new password: the one rule's length (forms.ts) and the advice that goes with it. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN} characters. A long passphrase of several words is best.`;

/**
 * A new password and its confirmation, with the password rule's limits: the one pair of fields for
 * first-admin setup, an invitation, a reset link and Your account.
 */
export function NewPasswordFields({
  name = "password",
  label = "Password",
  hint = NEW_PASSWORD_HINT,
  error,
  confirmError,
}: {
  name?: string;
  label?: string;
  hint?: string;
  error?: string;
  confirmError?: string;
}) {
  return (
    <>
      <InputField name={name} type="password" label={label} autoComplete="new-password" required minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} hint={hint} error={error} />
      <InputField name="confirm" type="password" label={`Confirm ${label.toLowerCase()}`} autoComplete="new-password" required maxLength={PASSWORD_MAX} error={confirmError} />
    </>
  );
}
