import { useEffect, useRef, useState } from "react";
import { Form, useActionData, useFetcher } from "react-router";
import { CheckCircle2, AlertCircle, Loader2, Send } from "lucide-react";
import { useT } from "~/i18n/hooks";
import { showToast } from "~/components/site/public-toast";
import { CONTACT_FIELDS, HONEYPOT_FIELD, emptyContactValues, type ContactField, type ContactValues } from "~/contact/fields";

// The schema loads when the visitor starts on the form (or sends), not with the page: the first
// download stays small, and the server checks every post anyway. Toasts load when shown.
const loadSchema = () => import("~/contact/schema");
import type { ContactActionData } from "~/contact/contact.server";

type FieldErrors = Partial<Record<ContactField, string>>;

const inputClass =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-[invalid=true]:border-red-700";

interface FieldSpec {
  name: ContactField;
  labelKey: string;
  required: boolean;
  type?: string;
  autoComplete: string;
  inputMode?: "email" | "tel";
  dir?: "ltr";
}

const FIELDS: FieldSpec[] = [
  { name: "name", labelKey: "contact-form-name-label", required: true, autoComplete: "name" },
  { name: "email", labelKey: "contact-form-email-label", required: true, type: "email", autoComplete: "email", inputMode: "email", dir: "ltr" },
  { name: "phone", labelKey: "contact-form-phone-label", required: false, type: "tel", autoComplete: "tel", inputMode: "tel", dir: "ltr" },
  { name: "subject", labelKey: "contact-form-subject-label", required: true, autoComplete: "off" },
];

/**
 * The contact form. Without JavaScript it is a plain form post: the server answers with
 * field errors and the typed values, or a confirmation. With JavaScript it checks the
 * fields with the same schema first, then sends in the background and answers with toasts.
 */
export function ContactForm() {
  const t = useT();
  // Set only after a post without JavaScript (a full page render).
  const posted = useActionData<ContactActionData>();
  const fetcher = useFetcher<ContactActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ContactValues>(() => (posted && !posted.ok ? posted.values : emptyContactValues()));
  const [errors, setErrors] = useState<FieldErrors>(() => (posted && !posted.ok ? (posted.errors ?? {}) : {}));
  const sending = fetcher.state !== "idle";

  const focusField = (field: ContactField) => {
    const element = formRef.current?.elements.namedItem(field);
    if (element instanceof HTMLElement) element.focus();
  };

  // The server's answer to a background send.
  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) {
      showToast("success", t("contact.form.success"));
      setValues(emptyContactValues());
      setErrors({});
      return;
    }
    showToast("error", t(result.formError));
    if (result.errors) {
      setErrors(result.errors);
      const first = CONTACT_FIELDS.find((field) => result.errors?.[field]);
      if (first) focusField(first);
    }
    // Only a new answer is news; the translator changing (language switch) is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (sending) return;
    const { validateContact } = await loadSchema();
    const checked = validateContact(values);
    if (!checked.success) {
      setErrors(checked.errors);
      showToast("error", t(checked.firstError));
      focusField(CONTACT_FIELDS.find((field) => checked.errors[field])!);
      return;
    }
    setErrors({});
    void fetcher.submit(form, { method: "post" });
  };

  const onChange = (field: ContactField) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field stops saying it is wrong; the check runs again on sending.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const describedBy = (field: ContactField) => (errors[field] ? `contact-${field}-error` : undefined);

  const fieldError = (field: ContactField) =>
    errors[field] ? (
      <p id={`contact-${field}-error`} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
        <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t(errors[field]!)}
      </p>
    ) : null;

  const label = (spec: { name: ContactField; labelKey: string; required: boolean }) => (
    <label htmlFor={`contact-${spec.name}`} className="mb-1.5 block text-sm font-semibold text-slate-800">
      {t(spec.labelKey)}
      {spec.required ? (
        <span aria-hidden="true" className="ms-0.5 text-red-700">
          *
        </span>
      ) : null}
    </label>
  );

  return (
    <Form
      method="post"
      ref={formRef}
      onSubmit={onSubmit}
      onFocus={() => void loadSchema()}
      onPointerEnter={() => void loadSchema()}
      noValidate className="space-y-5" aria-describedby="contact-required-note">
      {posted ? <PostedResult result={posted} /> : null}
      <p id="contact-required-note" className="text-sm text-slate-600">
        {t("contact-form-required-note")}
      </p>

      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map((spec) => (
          <div key={spec.name} className={spec.name === "subject" ? "sm:col-span-2" : undefined}>
            {label(spec)}
            <input
              id={`contact-${spec.name}`}
              name={spec.name}
              type={spec.type ?? "text"}
              autoComplete={spec.autoComplete}
              inputMode={spec.inputMode}
              dir={spec.dir}
              value={values[spec.name]}
              onChange={onChange(spec.name)}
              aria-required={spec.required || undefined}
              aria-invalid={errors[spec.name] ? true : undefined}
              aria-describedby={describedBy(spec.name)}
              className={`${inputClass} ${spec.dir ? "text-start rtl:text-end" : ""}`}
            />
            {fieldError(spec.name)}
          </div>
        ))}
      </div>

      <div>
        {label({ name: "message", labelKey: "contact-form-message-label", required: true })}
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          value={values.message}
          onChange={onChange("message")}
          aria-required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy("message")}
          className={`${inputClass} resize-y`}
        />
        {fieldError("message")}
      </div>

      {/* A trap for bots: people never see or reach this field, so anything in it marks spam. */}
      <div aria-hidden="true" className="absolute -z-10 size-px overflow-hidden opacity-0 [clip-path:inset(50%)]">
        <label htmlFor={`contact-${HONEYPOT_FIELD}`}>{t("contact-form-honeypot-label")}</label>
        <input id={`contact-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <div className="space-y-3">
        <button
          type="submit"
          disabled={sending}
          className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 disabled:cursor-wait disabled:opacity-75 sm:w-auto"
        >
          {sending ? (
            <Loader2 aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
          ) : (
            <Send aria-hidden="true" className="flip-rtl size-5" />
          )}
          {sending ? t("contact-form-sending") : t("contact-form-submit")}
        </button>
        <p className="text-sm text-slate-600">{t("contact-form-disclaimer")}</p>
      </div>
    </Form>
  );
}

/** The answer to a post made without JavaScript, shown above the form (there are no toasts then). */
function PostedResult({ result }: { result: ContactActionData }) {
  const t = useT();
  if (result.ok) {
    return (
      <p role="status" className="flex items-start gap-2 rounded-md border border-green-700 bg-green-50 p-4 text-green-900">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {t("contact.form.success")}
      </p>
    );
  }
  return (
    <p role="alert" className="flex items-start gap-2 rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      {t(result.formError)}
    </p>
  );
}
