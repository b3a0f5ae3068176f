import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentText } from "../../db/schema";
import { defaultTexts } from "../i18n/defaults";

/**
 * The decline messages the firm edits in the Consultations tab's settings (decision 0096): the
 * "another time" text, the "we cannot act for you" text and the optional referral line, each in
 * the three languages. They are content-store texts (category "booking-mail"), so the mails read
 * them like every other text and the Content tab's history and review apply to them too.
 */
export const DECLINE_TEXT_KEYS = ["booking-mail-declined-intro", "booking-mail-cannot-act-intro", "booking-mail-referral-text"] as const;
export type DeclineTextKey = (typeof DECLINE_TEXT_KEYS)[number];

export interface DeclineText {
  key: DeclineTextKey;
  label: string;
  en: string;
  fa: string;
  zh: string;
  version: number | null;
}

/** The stored texts (the built-in ones where the database has none). */
export async function loadDeclineTexts(db: Db): Promise<DeclineText[]> {
  const rows = await db
    .select({ key: contentText.key, content: contentText.content, contentFa: contentText.contentFa, contentZh: contentText.contentZh, version: contentText.version })
    .from(contentText)
    .where(inArray(contentText.key, [...DECLINE_TEXT_KEYS]));
  return DECLINE_TEXT_KEYS.map((key) => {
    const row = rows.find((r) => r.key === key);
    const builtIn = defaultTexts.get(key)!;
    return row
      ? { key, label: builtIn.label, en: row.content, fa: row.contentFa ?? "", zh: row.contentZh ?? "", version: row.version }
      : { key, label: builtIn.label, en: builtIn.en, fa: builtIn.fa, zh: builtIn.zh, version: null };
  });
}
