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
import { postRevisions, postSnapshot, type PostSnapshot } from "../blog/revisions.server";
import { changedLanguages } from "../revisions/review.server";
import { findRevision } from "../revisions/store.server";
import { readNewsletterSettings } from "./settings.server";
import { claimedLanguages } from "./post-claim.server";
import { languagesToSend } from "./languages";
import { mailable, ofLanguage } from "./recipients.server";

type PostRow = typeof blogPosts.$inferSelect;

export interface MailAudience {
  total: number;
  byLanguage: Record<Lang, number>;
  /** Languages that would get the English mail with the notice. */
  english: Lang[];
}

/**
 * What a publication of `post` (its texts as they will be public) that makes `languages` public
 * would mail, as the newsletter's subscriber decides it: the first publication in the post's life
 * claims it (switch on); a later one mails only a post claimed before, in languages not sent yet.
 */
async function audienceOf(db: Db, post: PostRow, languages: ReadonlyArray<Lang>): Promise<MailAudience | null> {
  if (!post.sendNewsletter || languages.length === 0) return null;
  const first = !post.published && post.firstPublishedAt === null;
  // Published once without the newsletter: no later publication mails it.
  if (!first && post.newsletterClaimedAt === null) return null;
  const settings = await readNewsletterSettings(db);
  const sends = languagesToSend(post, { languages, claimed: first ? new Set() : await claimedLanguages(db, post.id), first, untranslated: settings.untranslated });
  if (sends.length === 0) return null;
  const byLanguage: Record<Lang, number> = { en: 0, fa: 0, zh: 0 };
  for (const send of sends) {
    const [row] = await db.select({ n: count() }).from(newsletterSubscribers).where(and(mailable(), ofLanguage(send.language)));
    byLanguage[send.language] = Number(row?.n ?? 0);
  }
  return { total: byLanguage.en + byLanguage.fa + byLanguage.zh, byLanguage, english: sends.filter((s) => s.english).map((s) => s.language) };
}

/** What publishing this post now would mail; null when it would mail nobody's language (switch off, or every language sent). */
export async function audienceOfPublish(db: Db, postId: number): Promise<MailAudience | null> {
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, postId));
  return post ? audienceOf(db, post, LANGUAGES) : null;
}

/**
 * What publishing a post's waiting change (the review queue's Publish) would mail: a draft proposed
 * for publication goes live in every language; a change of a live post publishes the languages
 * whose text it changes (decision 0087's event), so a new Farsi version mails Farsi subscribers.
 * Null for anything else (a change of a draft publishes nothing).
 */
export async function audienceOfProposal(db: Db, revisionId: number): Promise<MailAudience | null> {
  const revision = await findRevision(db, revisionId);
  if (!revision || revision.entity !== "post" || revision.status !== "pending") return null;
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, Number(revision.entityId)));
  if (!post) return null;
  const proposed = revision.snapshot as PostSnapshot;
  const after = { ...post, ...proposed } as PostRow;
  if (!post.published) return revision.goLive ? audienceOf(db, after, LANGUAGES) : null;
  return audienceOf(db, after, changedLanguages(postRevisions.fields(postSnapshot(post)), postRevisions.fields(proposed)));
}
