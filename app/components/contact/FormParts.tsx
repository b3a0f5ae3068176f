import type { ReactNode } from "react";
import { Loader2, type LucideIcon } from "lucide-react";

/** The red star after a required field's label (the form's note says what it means). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ms-0.5 text-red-700">
      *
    </span>
  );
}

/** A public form's field label, starred when the field is required. */
export function FieldLabel({ htmlFor, className, required, children }: { htmlFor: string; className: string; required?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className={className}>
      {children}
      {required ? <RequiredMark /> : null}
    </label>
  );
}

/**
 * A submit button with a busy state that the page's own module shows (app/contact/busy-button.ts):
 * disabled, the spinner instead of the icon, and the busy label. The data-* parts are what it reads.
 */
export function SendButton({ className, icon: Icon, iconClassName = "size-5", label }: { className: string; icon: LucideIcon; iconClassName?: string; label: string }) {
  return (
    <button type="submit" className={className}>
      <Loader2 aria-hidden="true" data-sending-icon="" className="hidden size-5 animate-spin motion-reduce:animate-none" />
      <Icon aria-hidden="true" data-idle-icon="" className={iconClassName} />
      <span data-label="">{label}</span>
    </button>
  );
}
