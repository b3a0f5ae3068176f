/**
 * Who the next publish of a post would mail (decision 0098, issue 41 item 7): per language, the
 * subscribers the newsletter would mail under the firm's settings if the post were published now,
 * by the very rule the send follows (languagesToSend). Client data: only roles that see subscribers
 * get the numbers (the caller checks).
 */
import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, newsletterSubscribers } from "../../db/schema";
import { LANGUAGES, type Lang } from "../i18n/languages";
import { readNewsletterSettings } from "./settings.server";
import { claimedLanguages } from "./post-claim.server";
import { languagesToSend } from "./languages";
import { mailable, ofLanguage } from "./recipients.server";

export interface MailAudience {
  total: number;
  byLanguage: Record<Lang, number>;
  /** Languages that would get the English mail with the notice. */
  english: Lang[];
}

/** What publishing this post now would mail; null when it would mail nobody's language (switch off, or every language sent). */
export async function audienceOfPublish(db: Db, postId: number): Promise<MailAudience | null> {
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, postId));
  if (!post || !post.sendNewsletter) return null;
  const first = post.newsletterClaimedAt === null;
  // A post already public mails only when a new language's version is published; that is the counted case too.
  const settings = await readNewsletterSettings(db);
  const sends = languagesToSend(post, { languages: LANGUAGES, claimed: first ? new Set() : await claimedLanguages(db, postId), first, untranslated: settings.untranslated });
  if (sends.length === 0) return null;
  const byLanguage: Record<Lang, number> = { en: 0, fa: 0, zh: 0 };
  for (const send of sends) {
    const [row] = await db.select({ n: count() }).from(newsletterSubscribers).where(and(mailable(), ofLanguage(send.language)));
    byLanguage[send.language] = Number(row?.n ?? 0);
  }
  return { total: byLanguage.en + byLanguage.fa + byLanguage.zh, byLanguage, english: sends.filter((s) => s.english).map((s) => s.language) };
}
