/**
 * "Preview the mail" and "Send a test to me" of a post (issue 41 item 7, decision 0108): the mail a
 * subscriber of each language would get for this post, composed by the very function the send job
 * uses (composeNewsletter), without sending; and that mail sent to the signed-in staff member's own
 * address only, by a job of the mail outbox (decision 0048), with one line first saying subscribers
 * did not get it. Neither claims the post nor a language: a test never counts as the post's send.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, users } from "../../db/schema";
import { createMailer, mailSettings, type Mailer } from "../../core/mail";
import type { Config } from "../../core/config";
import type { Logger } from "../../core/log";
import type { TextStore } from "../content/texts.server";
import { commit, type ChangeDeps } from "../changes/commit.server";
import { auditFrom, type Actor } from "../changes/audit.server";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";

const M = defineMessages("newsletter.test-mail", {
  postGone: "This post no longer exists.",
  noMailYet: "There is no {language} mail to test: {language} subscribers get this post when its {language} version is published.",
});
import { MAIL_LANE } from "../jobs/runner.server";
import { sendItemMail } from "../jobs/send-mail.server";
import { defineJob } from "../jobs/define.server";
import { LANGUAGES, type Lang } from "../i18n/languages";
import { composeNewsletter } from "./compose.server";
import { hasVersionIn } from "./languages";
import { readNewsletterSettings } from "./settings.server";

type PostRow = typeof blogPosts.$inferSelect;

export interface PreviewDeps {
  db: Db;
  texts: Pick<TextStore, "get">;
  config: Pick<Config, "SITE_URL">;
}

/** One language's mail: what its subscribers get, or that they wait for their version. */
export type MailPreview =
  | { language: Lang; waits: false; english: boolean; subject: string; text: string; html: string }
  | { language: Lang; waits: true };

/** A subscriber of no one: the links in a preview or a test carry a token no subscriber has. */
const sample = (language: Lang) => ({ language, confirmToken: "preview", unsubscribeToken: "preview" });

/**
 * Which mail a language's subscribers get (decision 0098): the post's own version in their
 * language; else, when the firm chose so and the post is not public yet, the English one with the
 * notice; else none until their version is published.
 */
async function mailKind(db: Db, post: PostRow, language: Lang): Promise<"own" | "english" | "waits"> {
  if (hasVersionIn(post, language)) return "own";
  const firstStill = !post.published && post.firstPublishedAt === null;
  return firstStill && (await readNewsletterSettings(db)).untranslated === "english" ? "english" : "waits";
}

async function composeFor(deps: PreviewDeps, post: PostRow, language: Lang, test: boolean): Promise<MailPreview> {
  const kind = await mailKind(deps.db, post, language);
  if (kind === "waits") return { language, waits: true };
  const mail = await composeNewsletter(deps, [post], sample(language), { english: kind === "english", test });
  return { language, waits: false, english: kind === "english", subject: mail.subject, text: mail.text, html: mail.html };
}

const findPostRow = async (db: Db, postId: number) => (await db.select().from(blogPosts).where(eq(blogPosts.id, postId)))[0] ?? null;

/** The mail of each language for this post, as a subscriber would get it now. Nothing is sent or stored. */
export async function previewPostMails(deps: PreviewDeps, postId: number): Promise<MailPreview[] | null> {
  const post = await findPostRow(deps.db, postId);
  if (!post) return null;
  const out: MailPreview[] = [];
  for (const language of LANGUAGES) out.push(await composeFor(deps, post, language, false));
  return out;
}

const LANGUAGE_WORDS: Record<Lang, string> = { en: "English", fa: "Farsi", zh: "Chinese" };

/**
 * Queue "Send a test to me": the language's mail to the staff member's own address (read from
 * their account when the job runs), audited. Refused when that language has no mail yet.
 */
export async function queueTestMail(deps: ChangeDeps & PreviewDeps, actor: Actor & { email: string }, postId: number, language: Lang): Promise<{ to: string }> {
  const post = await findPostRow(deps.db, postId);
  if (!post) throw refuse("not-found", M.postGone);
  if ((await mailKind(deps.db, post, language)) === "waits") {
    throw refuse("invalid", M.noMailYet, { language: LANGUAGE_WORDS[language] });
  }
  return commit(deps, async (tx) => {
    await newsletterTestJob.enqueue(tx, null, [{ label: `Test of post #${postId} (${LANGUAGE_WORDS[language]}) to its requester`, payload: { postId, language, userId: actor.id } }]);
    return {
      result: { to: actor.email },
      audit: { ...auditFrom(actor), action: "newsletter_test", entity: "blog_post", entityId: postId, details: { language } },
    };
  });
}

interface TestItem {
  postId: number;
  language: Lang;
  userId: string;
}

export interface TestMailDeps extends PreviewDeps {
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "SITE_URL">;
  log: Logger;
}

/** The test mail: one item, to the requester's own address; never a subscriber, never a claim. */
export const newsletterTestJob = defineJob<null, TestItem, [TestMailDeps]>("newsletter-test-mail", {
  lane: MAIL_LANE,
  retry: { maxAttempts: 5 },
  uniqueKey: (_, items) => `newsletter-test:${items[0]?.payload?.userId}:${items[0]?.payload?.postId}:${items[0]?.payload?.language}`,
  summarize: ({ done, failed, skipped }) => (failed > 0 ? "The test mail could not be sent." : done - skipped > 0 ? "Test mail sent." : "Nothing to send."),
  handler: (deps) => {
    let mailer: Mailer | null = null;
    return async ({ item, saveProgress }) => {
      if (item.progress?.sent) return;
      const settings = mailSettings(deps.config);
      if (!settings) return { skipped: "Mail is not configured (SMTP_URL, MAIL_FROM)." };
      const { postId, language, userId } = item.payload;
      const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!user) return { skipped: "The account that asked for it no longer exists." };
      const post = await findPostRow(deps.db, postId);
      if (!post) return { skipped: "The post was deleted." };
      const mail = await composeFor(deps, post, language, true);
      if (mail.waits) return { skipped: "That language's version is no longer there." };
      const sender = (mailer ??= createMailer(settings));
      // No List-Unsubscribe: the staff member is no subscriber.
      await sendItemMail(() => sender.send({ to: user.email, subject: mail.subject, text: mail.text, html: mail.html }));
      await saveProgress({ sent: true });
    };
  },
});
