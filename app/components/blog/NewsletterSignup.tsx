import { useId } from "react";
import { useActionData, useLocation } from "react-router";
import { CheckCircle2, Mail } from "lucide-react";
import { SUBSCRIBE_HONEYPOT, SUBSCRIBE_MESSAGE_KEYS, type SubscribeResult } from "~/newsletter/subscribe";
import { useT } from "~/i18n/hooks";

/** The section's id: the form posts to the page at this fragment, so the answer is in view. */
const SECTION_ID = "newsletter";

/**
 * 'Stay Informed': a plain form posting to the blog page's action (decision 0039). The page
 * comes back with the answer in the status line, scrolled to the form; an invalid address is
 * kept in the field and marked, with the message tied to it. A valid address always gets the
 * same answer (check your inbox to confirm), whether or not it was already on the list.
 */
export function NewsletterSignup() {
  const t = useT();
  const { pathname } = useLocation();
  const result = useActionData() as SubscribeResult | undefined;
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  const invalid = result?.status === "invalid";
  const status = result && result.status !== "invalid" ? result.status : null;

  return (
    <section id={SECTION_ID} aria-labelledby={`${id}-title`} className="scroll-mt-20 rounded-2xl bg-brand-800 px-6 py-10 text-white sm:px-10">
      <div className="mx-auto max-w-2xl text-center">
        <Mail aria-hidden="true" className="mx-auto size-10 text-gold-400" />
        <h2 id={`${id}-title`} className="mt-3 text-2xl font-bold sm:text-3xl">
          {t("blog-newsletter-title")}
        </h2>
        <p id={hintId} className="mt-3 text-slate-200">
          {t("blog-newsletter-text")}
        </p>
        {/* noValidate: the server checks the address and answers in the page's language. */}
        <form method="post" action={`${pathname}#${SECTION_ID}`} noValidate className="mt-6 text-start">
          <input type="hidden" name="intent" value="subscribe" />
          {/* Hidden from people and from assistive technology; bots that fill every field give themselves away. */}
          <div aria-hidden="true" className="sr-only">
            <label>
              {SUBSCRIBE_HONEYPOT}
              <input type="text" name={SUBSCRIBE_HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </div>
          <label htmlFor={inputId} className="mb-2 block font-medium text-white">
            {t("blog-newsletter-email-label")}
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input
              id={inputId}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              dir="ltr"
              maxLength={255}
              placeholder={t("blog-newsletter-email-placeholder")}
              defaultValue={invalid ? result.email : undefined}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
              className={`min-h-12 w-full flex-1 rounded-md border-2 bg-white px-4 text-slate-900 placeholder:text-slate-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-400 ${
                invalid ? "border-red-600" : "border-transparent"
              }`}
            />
            <button type="submit" className="min-h-12 rounded-md bg-gold-400 px-6 font-semibold text-brand-900 hover:bg-gold-300">
              {t("blog-newsletter-button")}
            </button>
          </div>
          {invalid ? (
            <p id={errorId} className="mt-2 rounded bg-white px-3 py-1.5 text-sm font-medium text-red-700">
              {t(SUBSCRIBE_MESSAGE_KEYS.invalid)}
            </p>
          ) : null}
          <div role="status" className="mt-3 min-h-6 text-center">
            {status ? (
              <p className={`inline-flex items-center gap-2 font-medium ${status === "subscribed" ? "text-gold-300" : "text-red-100"}`}>
                {status === "subscribed" ? <CheckCircle2 aria-hidden="true" className="size-5" /> : null}
                {t(SUBSCRIBE_MESSAGE_KEYS[status])}
              </p>
            ) : null}
          </div>
        </form>
      </div>
    </section>
  );
}
