import { data, Form, useNavigation } from "react-router";
import { MailCheck, MailX } from "lucide-react";
import type { Route } from "./+types/newsletter-link";
import { CONFIRM_PATH, readToken, unsubscribe, unsubscribeTokenState } from "~/newsletter/subscribers.server";
import { confirmSubscriberOnce, confirmTokenState } from "~/newsletter/confirmation.server";
import { newsletterMailConfigured, queueWelcomeMail } from "~/newsletter/confirm-mail.server";
import { readForm } from "~/form-data.server";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import { useT } from "~/i18n/hooks";
import { stripLangPrefix } from "~/i18n/languages";
import { pageTexts } from "~/i18n/page.server";
import { siteFacts } from "~/seo/meta";

/**
 * The pages behind a subscriber's two links (decision 0004), /newsletter/confirm?token=... and
 * /newsletter/unsubscribe?token=..., in every language. Mail filters open links to scan them,
 * so opening one changes nothing: the page shows a button, and its POST confirms or unsubscribes
 * (a plain form, so it works without JavaScript). Never cached or indexed: the URL is a secret.
 */
type Kind = "confirm" | "unsubscribe";
/** pending: the button is shown; done: confirmed or unsubscribed; unknown: no such link. */
type State = "pending" | "done" | "unknown";

const kindOf = (pathname: string): Kind => (stripLangPrefix(pathname) === CONFIRM_PATH ? "confirm" : "unsubscribe");

const NOT_STORED = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = kindOf(url.pathname);
  const token = readToken(url.searchParams.get("token"));
  const page = await pageTexts(request, context, { categories: ["newsletter"], exceptPrefixes: ["newsletter-mail-"] });
  const found = kind === "confirm" ? await confirmTokenState(context.services.db, token) : await unsubscribeTokenState(context.services.db, token);
  const state: State = found === "confirmed" ? "done" : found;
  return data({ ...page, kind, state, token: state === "pending" ? token : null }, { status: state === "unknown" ? 404 : 200 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const kind = kindOf(new URL(request.url).pathname);
  const form = await readForm(request);
  const token = readToken(form.get("token"));
  const { db, config } = context.services;
  let result: "confirmed" | "unsubscribed" | "unknown";
  if (kind === "confirm") {
    result = await db.transaction(async (t) => {
      const tx = t as unknown as typeof db;
      const confirmed = await confirmSubscriberOnce(tx, token);
      // The welcome mail, with the unsubscribe link, once: only the click that confirmed queues it, with the confirmation.
      if (confirmed.firstId !== null && newsletterMailConfigured(config)) await queueWelcomeMail(tx, confirmed.firstId);
      return confirmed.result;
    });
  } else {
    result = await unsubscribe(db, token);
  }
  const state: State = result === "unknown" ? "unknown" : "done";
  return data({ kind, state }, { status: state === "unknown" ? 404 : 200 });
}

/** For the page and its data requests alike, whatever the answer. */
export const headers: Route.HeadersFunction = () => NOT_STORED;

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const { firmName } = siteFacts(matches);
  const title = page?.texts[page.kind === "confirm" ? "newsletter-confirm-page-title" : "newsletter-unsubscribe-page-title"] ?? "";
  return [
    { title: firmName ? `${title} | ${firmName}` : title },
    { name: "robots", content: "noindex, nofollow" },
    // No stricter referrer policy here: the site's strict-origin-when-cross-origin already keeps the
    // token from other sites, and 'no-referrer' would make browsers send 'Origin: null' with the
    // button's POST, which the server refuses as cross-site.
  ];
};

const KEYS: Record<Kind, Record<Exclude<State, "unknown">, { title: string; text: string }>> = {
  confirm: {
    pending: { title: "newsletter-confirm-title", text: "newsletter-confirm-text" },
    done: { title: "newsletter-confirmed-title", text: "newsletter-confirmed-text" },
  },
  unsubscribe: {
    pending: { title: "newsletter-unsubscribe-title", text: "newsletter-unsubscribe-text" },
    done: { title: "newsletter-unsubscribed-title", text: "newsletter-unsubscribed-text" },
  },
};

export default function NewsletterLink({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { kind, token } = loaderData;
  // After the POST its answer wins: the loader, run again, no longer finds an unsubscribed address.
  const state: State = actionData?.state ?? loaderData.state;
  const keys = state === "unknown" ? { title: "newsletter-link-invalid-title", text: "newsletter-link-invalid-text" } : KEYS[kind][state];
  const Icon = state === "unknown" ? MailX : MailCheck;
  return (
    <section aria-live="polite" className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-20 text-center">
      <Icon aria-hidden="true" className="size-12 text-brand-700" />
      <h1 className="text-3xl font-bold text-brand-900">{t(keys.title)}</h1>
      <p className="text-lg text-slate-700">{t(keys.text)}</p>
      {state === "pending" && token ? (
        <Form method="post" className="mt-2">
          <input type="hidden" name="token" value={token} />
          <button
            type="submit"
            disabled={navigation.state !== "idle"}
            className="min-h-12 rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-80"
          >
            {t(kind === "confirm" ? "newsletter-confirm-button" : "newsletter-unsubscribe-button")}
          </button>
        </Form>
      ) : (
        <LocalizedLink to="/blog" className="mt-2 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
          {t("newsletter-blog-link")}
        </LocalizedLink>
      )}
    </section>
  );
}
