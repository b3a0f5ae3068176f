/**
 * A newsletter mail about some posts in one subscriber's language (decision 0081): HTML and text,
 * the firm's name and address, why they get it, and both unsubscribe links (RFC 8058 one-click in
 * the header, the page with the button in the body). Every interpolated value is HTML-escaped.
 */
import type { blogPosts } from "../../db/schema";
import { htmlText as escapeHtml } from "../../core/mail";
import type { Config } from "../../core/config";
import type { TextStore } from "../content/texts.server";
import { isLang, localizePath, type Lang } from "../i18n/languages";
import { postText } from "../i18n/translated";
import { subscriberLinks } from "./subscribers.server";

/** The one-click unsubscribe address of RFC 8058 (server/one-click-unsubscribe.ts). */
export const ONE_CLICK_PATH = "/newsletter/one-click";

export type PostForMail = Pick<typeof blogPosts.$inferSelect, "id" | "slug" | "title" | "titleFa" | "titleZh" | "excerpt" | "excerptFa" | "excerptZh">;

/** Absolute links of one subscriber: the one-click address (List-Unsubscribe) and the page with the button (the body). */
export function unsubscribeLinks(siteUrl: string, subscriber: { language: string; confirmToken: string; unsubscribeToken: string }) {
  const base = siteUrl.replace(/\/+$/, "");
  return {
    oneClickUrl: `${base}${ONE_CLICK_PATH}?token=${encodeURIComponent(subscriber.unsubscribeToken)}`,
    pageUrl: subscriberLinks(siteUrl, subscriber).unsubscribeUrl,
  };
}

/**
 * The mail of some posts in one subscriber's language (decision 0098): posts sent in a language
 * have their version in it, so no English excerpt stands in a Farsi or Chinese mail. With
 * `english`, the English mail with one line in the subscriber's language saying the translation is
 * not available (never a Farsi or Chinese frame around English text).
 */
export async function composeNewsletter(
  deps: { texts: Pick<TextStore, "get">; config: Pick<Config, "SITE_URL"> },
  posts: PostForMail[],
  subscriber: { language: string; confirmToken: string; unsubscribeToken: string },
  options: { english?: boolean; test?: boolean } = {},
): Promise<{ subject: string; text: string; html: string; oneClickUrl: string }> {
  const own: Lang = isLang(subscriber.language) ? subscriber.language : "en";
  const lang: Lang = options.english ? "en" : own;
  const t = (key: string) => deps.texts.get(lang, key);
  const notice = options.english && own !== "en" ? await deps.texts.get(own, "newsletter-mail-translation-notice") : null;
  // "Send a test to me": the subscriber's mail with one line first saying subscribers did not get it.
  const testNote = options.test ? await deps.texts.get(own, "newsletter-mail-test-note") : null;
  const base = deps.config.SITE_URL.replace(/\/+$/, "");
  const firm = await t("firm-name");
  const address = await t("footer-address");
  const { oneClickUrl, pageUrl } = unsubscribeLinks(deps.config.SITE_URL, subscriber);
  const items = posts.map((post) => {
    const title = postText(post, "title", lang);
    const found = postText(post, "excerpt", lang);
    // A translated mail without its own excerpt shows none rather than the English one.
    const excerpt = found.lang === lang || title.lang !== lang ? found : { text: "", lang };
    return { title, excerpt, url: `${base}${localizePath(`/blog/${post.slug}`, lang)}` };
  });
  const single = items.length === 1;
  const subject = single ? (await t("newsletter-mail-post-subject")).replace("{title}", items[0].title.text) : (await t("newsletter-mail-digest-subject")).replace("{firm}", firm);
  const intro = await t(single ? "newsletter-mail-post-intro" : "newsletter-mail-digest-intro");
  const readMore = await t("newsletter-mail-read-more");
  const reason = await t("newsletter-mail-footer-reason");
  const unsubscribeText = await t("newsletter-mail-footer-unsubscribe");

  const text = [
    ...(testNote ? [testNote] : []),
    ...(notice ? [notice] : []),
    intro,
    ...items.map((item) => [item.title.text, item.excerpt.text, `${readMore}: ${item.url}`].filter(Boolean).join("\n")),
    ["-- ", firm, address, base].filter(Boolean).join("\n"),
    `${reason}\n${unsubscribeText}: ${pageUrl}`,
  ].join("\n\n");

  const dir = lang === "fa" ? "rtl" : "ltr";
  // Each text is tagged with the language it is really in (an English fallback inside a Farsi mail).
  const langAttr = (l: Lang) => (l === lang ? "" : ` lang="${l}" dir="${l === "fa" ? "rtl" : "ltr"}"`);
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
${testNote ? `<p style="font-size:15px;background:#fee2e2;padding:8px 12px;border-radius:4px"${langAttr(own)}>${escapeHtml(testNote)}</p>\n` : ""}${notice ? `<p style="font-size:15px;background:#fef3c7;padding:8px 12px;border-radius:4px"${langAttr(own)}>${escapeHtml(notice)}</p>\n` : ""}<p style="font-size:16px">${escapeHtml(intro)}</p>
${items
  .map(
    (item) => `<h2 style="font-size:20px;margin:24px 0 8px"${langAttr(item.title.lang)}><a href="${escapeHtml(item.url)}" style="color:#1e3a8a">${escapeHtml(item.title.text)}</a></h2>
${item.excerpt.text ? `<p style="font-size:15px;line-height:1.5"${langAttr(item.excerpt.lang)}>${escapeHtml(item.excerpt.text)}</p>` : ""}
<p><a href="${escapeHtml(item.url)}" style="color:#1e3a8a;font-weight:bold">${escapeHtml(readMore)}</a></p>`,
  )
  .join("\n")}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="font-size:13px;color:#475569">${escapeHtml(firm)}<br>${escapeHtml(address)}<br><a href="${escapeHtml(base)}" style="color:#475569">${escapeHtml(base)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(reason)} <a href="${escapeHtml(pageUrl)}" style="color:#475569">${escapeHtml(unsubscribeText)}</a></p>
</div></body></html>`;
  return { subject, text, html, oneClickUrl };
}
