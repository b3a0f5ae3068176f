import { forwardRef, useId } from "react";

const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 disabled:bg-slate-100";

export const Input = forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className = "", ...props },
  ref,
) {
  return <input ref={ref} className={`${controlClass} ${className}`} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, React.TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className = "", ...props },
  ref,
) {
  return <textarea ref={ref} className={`${controlClass} ${className}`} {...props} />;
});

export function Label({ className = "", ...props }: React.LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={`mb-1 block text-sm font-medium text-slate-800 ${className}`} {...props} />;
}

interface FieldProps {
  label: string;
  /** The control's id; a generated one when not given. */
  id?: string;
  /** An error message; ties itself to the control with aria-describedby. */
  error?: string;
  hint?: string;
  className?: string;
  children: (control: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
}

/** A field's error sentence under it, when there is one; `id` is what the control's aria-describedby names. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** Label + control + hint/error, wired for assistive technology. */
export function Field({ label, id: givenId, error, hint, className = "", children }: FieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface InputFieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled single-line input: the one Field with an Input in it (sign-in and setup forms). */
export function InputField({ label, error, hint, className = "mb-4", id, ...input }: InputFieldProps) {
  // Stable ids (field-email): the sign-in forms render without JavaScript and link their errors by id.
  return (
    <Field label={label} id={id ?? `field-${input.name}`} error={error} hint={hint} className={className}>
      {(control) => <Input {...control} {...input} className="text-base" />}
    </Field>
  );
}
