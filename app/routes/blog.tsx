import { data } from "react-router";
import { countEnquiry } from "~/stats/enquiries.server";
import { Info, Rss } from "lucide-react";
import type { Route } from "./+types/blog";
import { toPostCards } from "~/blog/cards.server";
import { listPublishedPosts } from "~/blog/posts.server";
import { subscribe } from "~/newsletter/subscribers.server";
import { newsletterMailConfigured, queueConfirmationMail } from "~/newsletter/confirm-mail.server";
import { readForm } from "~/form-data.server";
import { SUBSCRIBE_HONEYPOT, subscribeSchema, type SubscribeResult } from "~/newsletter/subscribe-schema";
import type { PostCardData } from "~/blog/types";
import { Breadcrumbs } from "~/components/site/Breadcrumbs";
import { FeaturedPostCard, PostCard } from "~/components/blog/PostCards";
import { NewsletterSignup } from "~/components/blog/NewsletterSignup";
import { useLocalizePath, useT } from "~/i18n/hooks";
import { langFromPath } from "~/i18n/languages";
import { pageTexts } from "~/i18n/page.server";
import { textsPageMeta } from "~/components/site/page-meta";
import { logRefusal } from "../../core/log";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = context.services;
  const page = await pageTexts(request, context, { categories: ["blog"] });
  let posts: PostCardData[] = [];
  let failed = false;
  try {
    posts = await toPostCards(db, await listPublishedPosts(db), page.lang);
  } catch (error) {
    // The spec's behaviour: the failure is logged and the page shows its empty state.
    log.error({ err: error }, "Failed to fetch blog posts");
    failed = true;
  }
  // 503 keeps crawlers and caches from taking the empty page for the real one.
  return data({ ...page, posts }, failed ? { status: 503 } : undefined);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") !== "subscribe") return data<SubscribeResult>({ intent: "subscribe", status: "error" }, { status: 400 });
  // A bot filled the hidden field: answer as if it worked and store nothing.
  if (String(form.get(SUBSCRIBE_HONEYPOT) ?? "") !== "") return data<SubscribeResult>({ intent: "subscribe", status: "subscribed" });
  const raw = form.get("email");
  const parsed = subscribeSchema.safeParse({ email: raw });
  if (!parsed.success) {
    const email = typeof raw === "string" ? raw.slice(0, 255) : "";
    return data<SubscribeResult>({ intent: "subscribe", status: "invalid", email }, { status: 400 });
  }
  const language = langFromPath(new URL(request.url).pathname);
  const { db, log, config } = context.services;
  // The confirmation mail goes through the job runner (an outbox): the sign-up never waits for the mail server.
  const mailConfirmation = newsletterMailConfigured(config) ? queueConfirmationMail : undefined;
  try {
    // Only well-formed addresses count towards the limit, as on the contact form. New, awaiting
    // confirmation or confirmed: one answer, so the form tells nobody who is subscribed.
    const outcome = await subscribe(db, { email: parsed.data.email, language, clientIp: context.clientIp }, mailConfirmation);
    if (outcome === "rate-limited") {
      logRefusal(log, context.clientIp, "newsletter sign-up rate limit reached");
      return data<SubscribeResult>({ intent: "subscribe", status: "rate-limited" }, { status: 429 });
    }
    await countEnquiry(context, request, "newsletter");
    return data<SubscribeResult>({ intent: "subscribe", status: "subscribed" });
  } catch (error) {
    // No address in the log: it is personal information.
    log.error({ err: error }, "newsletter subscription failed");
    return data<SubscribeResult>({ intent: "subscribe", status: "error" }, { status: 500 });
  }
}

// pageMeta also links this language's RSS feed (rel="alternate" type="application/rss+xml").
export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  textsPageMeta(matches, page?.texts, "/blog", { breadcrumb: "blog-breadcrumb", fallback: { title: "Blog", breadcrumb: "Blog" } });

export default function Blog({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const localize = useLocalizePath();
  const [featured, ...recent] = loaderData.posts;
  return (
    <>
      <Breadcrumbs items={[{ label: t("blog-breadcrumb") }]} />
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{t("blog-hero-title")}</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200">{t("blog-hero-subtitle")}</p>
          {/* A resource route, not a page: a plain link loads it directly. */}
          <a
            href={localize("/rss.xml")}
            type="application/rss+xml"
            className="mt-6 inline-flex items-center gap-2 rounded-md border border-white/30 px-4 py-2 text-sm font-medium text-white hover:bg-white/10"
          >
            <Rss aria-hidden="true" className="size-4 text-gold-400" />
            {t("blog-rss-label")}
          </a>
        </div>
      </section>

      <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-12 sm:px-6 lg:px-8">
        {featured ? (
          <>
            <div role="note" className="flex items-start gap-3 rounded-lg border border-gold-400 bg-amber-50 p-4 text-slate-800">
              <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <p>{t("blog-disclaimer-banner")}</p>
            </div>
            <FeaturedPostCard post={featured} />
            {recent.length > 0 ? (
              <section aria-labelledby="recent-articles">
                <h2 id="recent-articles" className="mb-6 text-2xl font-bold text-brand-900 sm:text-3xl">
                  {t("blog-recent-title")}
                </h2>
                <ul className="grid grid-cols-1 gap-8 sm:grid-cols-2 lg:grid-cols-3">
                  {recent.map((post) => (
                    <li key={post.id}>
                      <PostCard post={post} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 bg-slate-50 px-6 py-16 text-center text-lg text-slate-700">{t("blog-empty")}</p>
        )}
        <NewsletterSignup />
      </div>
    </>
  );
}
