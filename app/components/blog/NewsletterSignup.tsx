import { useEffect, useId, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { CheckCircle2, Mail } from "lucide-react";
import { SUBSCRIBE_HONEYPOT, SUBSCRIBE_MESSAGE_KEYS, type SubscribeResult } from "~/blog/subscribe";
import { useT } from "~/i18n/hooks";
import { showToast } from "~/components/site/public-toast";

type SubscribeSchema = typeof import("~/blog/subscribe-schema").subscribeSchema;
let schema: SubscribeSchema | undefined;

/**
 * The shared schema, fetched once the visitor heads for the form rather than with the page.
 * Until it has arrived a submission simply goes to the server, which validates anyway.
 */
function loadSchema() {
  if (!schema) void import("~/blog/subscribe-schema").then((module) => (schema = module.subscribeSchema));
}

/**
 * 'Stay Informed': a real form posting to the blog page's action. Without JavaScript the
 * page comes back with the answer; with it, the fetcher sends it in place, the answer is
 * announced in the status line and shown as a toast. A valid address always gets the same
 * answer (check your inbox to confirm), whether or not it was already on the list.
 */
export function NewsletterSignup() {
  const t = useT();
  const fetcher = useFetcher<SubscribeResult>();
  // After a post without JavaScript the page itself carries the answer.
  const pageResult = useActionData() as SubscribeResult | undefined;
  const result = fetcher.data ?? pageResult;
  const [clientError, setClientError] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const sending = fetcher.state !== "idle";

  const invalid = clientError || (!sending && result?.status === "invalid");
  const status = !sending && result && result.status !== "invalid" ? result.status : null;

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    const message = t(SUBSCRIBE_MESSAGE_KEYS[answer.status]);
    if (answer.status === "subscribed") {
      showToast("success", message);
      formRef.current?.reset();
    } else {
      showToast("error", message);
      if (answer.status === "invalid") inputRef.current?.focus();
    }
    // Only a new answer from the server should toast, not a change of language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const email = new FormData(event.currentTarget).get("email");
    if (schema && !schema.safeParse({ email }).success) {
      // Same rule as the server: tell the visitor now instead of sending a request.
      event.preventDefault();
      setClientError(true);
      showToast("error", t(SUBSCRIBE_MESSAGE_KEYS.invalid));
      inputRef.current?.focus();
      return;
    }
    setClientError(false);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-brand-800 px-6 py-10 text-white sm:px-10">
      <div className="mx-auto max-w-2xl text-center">
        <Mail aria-hidden="true" className="mx-auto size-10 text-gold-400" />
        <h2 id={`${id}-title`} className="mt-3 text-2xl font-bold sm:text-3xl">
          {t("blog-newsletter-title")}
        </h2>
        <p id={hintId} className="mt-3 text-slate-200">
          {t("blog-newsletter-text")}
        </p>
        <fetcher.Form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={onSubmit}
          onFocus={loadSchema}
          onPointerEnter={loadSchema}
          className="mt-6 text-start"
        >
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
              ref={inputRef}
              id={inputId}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              dir="ltr"
              maxLength={255}
              placeholder={t("blog-newsletter-email-placeholder")}
              defaultValue={pageResult?.status === "invalid" ? pageResult.email : undefined}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
              onChange={() => clientError && setClientError(false)}
              className={`min-h-12 w-full flex-1 rounded-md border-2 bg-white px-4 text-slate-900 placeholder:text-slate-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-400 ${
                invalid ? "border-red-600" : "border-transparent"
              }`}
            />
            <button
              type="submit"
              disabled={sending}
              className="min-h-12 rounded-md bg-gold-400 px-6 font-semibold text-brand-900 hover:bg-gold-300 disabled:cursor-wait disabled:opacity-80"
            >
              {sending ? t("blog-newsletter-subscribing") : t("blog-newsletter-button")}
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
        </fetcher.Form>
      </div>
    </section>
  );
}
