/**
 * The newsletter's settings (decision 0081): each post at once, or a weekly digest at a weekday
 * and hour in Vancouver time. Admins only (newsletter.settings), every change audited.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newsletterSettings } from "../../db/schema";
import { auditFrom, changedFields, type Actor } from "../changes/audit.server";
import { commit, NO_EVENTS } from "../changes/commit.server";
import { latestDigestSlot } from "./digest-slot.server";
import type { Untranslated } from "./languages";

export type DigestMode = "each" | "weekly";
export interface NewsletterSettings {
  mode: DigestMode;
  /** 0 = Sunday ... 6 = Saturday (Vancouver). */
  digestWeekday: number;
  /** 0-23 (Vancouver). */
  digestHour: number;
  /** A Farsi or Chinese subscriber while the post has no version in their language: wait for it, or the English mail with a notice (decision 0098). */
  untranslated: Untranslated;
}
export const DEFAULT_NEWSLETTER_SETTINGS: NewsletterSettings = { mode: "each", digestWeekday: 1, digestHour: 9, untranslated: "wait" };

export async function readNewsletterSettings(db: Db): Promise<NewsletterSettings> {
  const [row] = await db.select().from(newsletterSettings).where(eq(newsletterSettings.id, 1));
  return row ? { mode: row.mode, digestWeekday: row.digestWeekday, digestHour: row.digestHour, untranslated: row.untranslated } : DEFAULT_NEWSLETTER_SETTINGS;
}

/**
 * Store the settings (admins only: newsletter.settings), with an audit entry naming who changed
 * what from what. Turning the weekly digest on (or moving its slot) counts the latest slot as
 * done, so the first digest goes at the next one rather than at once.
 */
export async function saveNewsletterSettings(db: Db, settings: NewsletterSettings, now: Date, actor: Actor | null = null): Promise<void> {
  const lastDigestAt = settings.mode === "weekly" ? latestDigestSlot(now, settings.digestWeekday, settings.digestHour) : null;
  await commit({ db, events: NO_EVENTS }, async (tx) => {
    const before = await readNewsletterSettings(tx);
    await tx
      .insert(newsletterSettings)
      .values({ id: 1, ...settings, lastDigestAt })
      .onConflictDoUpdate({ target: newsletterSettings.id, set: { ...settings, lastDigestAt, updatedAt: new Date() } });
    const changed = changedFields(before, { mode: settings.mode, digestWeekday: settings.digestWeekday, digestHour: settings.digestHour, untranslated: settings.untranslated });
    if (Object.keys(changed).length === 0) return { result: undefined };
    return { result: undefined, audit: { ...auditFrom(actor), action: "update", entity: "newsletter_settings", entityId: 1, details: changed } };
  });
}
