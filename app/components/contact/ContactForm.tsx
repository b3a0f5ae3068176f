import { useActionData } from "react-router";
import { CheckCircle2, AlertCircle, Send } from "lucide-react";
import { useT } from "~/i18n/hooks";
import { FieldLabel, SendButton } from "./FormParts";
import { CONTACT_FIELDS, CONTACT_SCRIPT_TEXTS, HONEYPOT_FIELD, emptyContactValues, type ContactField } from "~/contact/fields";
import type { ContactActionData } from "~/contact/contact.server";
import contactScript from "~/contact/contact-page.ts?standalone";
import schemaScript from "~/contact/schema.ts?standalone";

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
 * The contact form, server HTML (decision 0073). Without JavaScript it is a plain form post: the
 * server answers with field errors and the typed values, or a confirmation. The page's own module
 * (app/contact/contact-page.ts, imported by the page script after the first paint) checks the
 * fields with the same schema first, then sends in the background and answers with toasts; it
 * reads the texts it shows from `data-texts` and fills the field messages rendered here, hidden.
 */
export function ContactForm() {
  const t = useT();
  // Set only after a post without JavaScript (a full page render), and in the answer the page's
  // module reads after sending in the background.
  const posted = useActionData<ContactActionData>();
  const values = posted && !posted.ok ? posted.values : emptyContactValues();
  const errors: Partial<Record<ContactField, string>> = posted && !posted.ok ? (posted.errors ?? {}) : {};
  const texts = Object.fromEntries(CONTACT_SCRIPT_TEXTS.map((key) => [key, t(key)]));

  const describedBy = (field: ContactField) => (errors[field] ? `contact-${field}-error` : undefined);

  // Each field's message is always there, hidden when empty, so the script only fills it in.
  const fieldError = (field: ContactField) => (
    <p id={`contact-${field}-error`} hidden={!errors[field]} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{errors[field] ? t(errors[field]) : ""}</span>
    </p>
  );

  const label = (spec: { name: ContactField; labelKey: string; required: boolean }) => (
    <FieldLabel htmlFor={`contact-${spec.name}`} className="mb-1.5 block text-sm font-semibold text-slate-800" required={spec.required}>
      {t(spec.labelKey)}
    </FieldLabel>
  );

  return (
    <form
      method="post"
      noValidate
      className="space-y-5"
      aria-describedby="contact-required-note"
      data-contact-form=""
      data-page-module={contactScript}
      data-schema={schemaScript}
      data-fields={CONTACT_FIELDS.join(" ")}
      data-texts={JSON.stringify(texts)}
    >
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
              defaultValue={values[spec.name]}
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
          defaultValue={values.message}
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
        {/* The sending state (the script's): disabled, the spinner and the sending label. */}
        <SendButton
          className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 disabled:cursor-wait disabled:opacity-75 sm:w-auto"
          icon={Send}
          iconClassName="flip-rtl size-5"
          label={t("contact-form-submit")}
        />
        <p className="text-sm text-slate-600">{t("contact-form-disclaimer")}</p>
      </div>
    </form>
  );
}

/** The answer to a post made without JavaScript, shown above the form (there are no toasts then). */
function PostedResult({ result }: { result: ContactActionData }) {
  const t = useT();
  if (result.ok) {
    return (
      <p role="status" data-contact-result="ok" className="flex items-start gap-2 rounded-md border border-green-700 bg-green-50 p-4 text-green-900">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {t("contact.form.success")}
      </p>
    );
  }
  return (
    <p role="alert" data-contact-result="error" className="flex items-start gap-2 rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      {t(result.formError)}
    </p>
  );
}
