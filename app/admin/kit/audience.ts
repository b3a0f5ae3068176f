import type { MailAudience } from "~/newsletter/audience.server";

/** What the editor says before a publish that mails subscribers: the numbers, or only that it will (decision 0098). */
export type ShownAudience = { counts: MailAudience } | { counts: null };

export const shownAudience = (audience: MailAudience | null, seesSubscribers: boolean): ShownAudience | null =>
  audience ? { counts: seesSubscribers ? audience : null } : null;

const NAMES = { en: "English", fa: "Farsi", zh: "Chinese" } as const;

/** "This will mail 214 subscribers: 120 English, 61 Farsi, 33 Chinese" (Farsi and Chinese in English when the setting says so). */
export function audienceSentence(shown: ShownAudience): string {
  if (!shown.counts) return "Publishing this post will mail the newsletter's subscribers.";
  const { total, byLanguage, english } = shown.counts;
  const parts = (["en", "fa", "zh"] as const)
    .filter((lang) => byLanguage[lang] > 0)
    .map((lang) => `${byLanguage[lang]} ${NAMES[lang]}${english.includes(lang) ? " (in English, with a notice)" : ""}`);
  return `This will mail ${total} ${total === 1 ? "subscriber" : "subscribers"}${parts.length ? `: ${parts.join(", ")}` : ""}.`;
}
