/** The review pages' words (browser-safe). */
import type { Lang } from "~/i18n/languages";
import { KIND_NOUNS, type ReviewEntity } from "~/review/paths";
import type { ReviewActionResult } from "../actions.server";

export const LANGUAGE_LABELS: Record<Lang, string> = { en: "English", fa: "Farsi", zh: "Chinese" };

/** How the confirmation names an item: "the blog post “Study permits”". */
export const itemName = (entity: ReviewEntity, what: string) => `the ${KIND_NOUNS[entity].toLowerCase()} “${what}”`;

/** How long something has waited, in the largest whole unit: "5 minutes", "3 hours", "2 days". */
export function ageOf(since: string, now: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(since)) / 60_000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (minutes < 1) return "Just now";
  if (minutes < 60) return unit(minutes, "minute");
  if (minutes < 48 * 60) return unit(Math.floor(minutes / 60), "hour");
  return unit(Math.floor(minutes / (24 * 60)), "day");
}

/** The toast of a decision's answer (a publish held by a conflict says so on the page instead). */
export function decisionToast(result: Extract<ReviewActionResult, { ok: true }>): readonly [string, string] | null {
  if (result.intent === "publish") return result.published ? ["Published", "The change is live."] : null;
  return ["Discarded", "The live version stays as it was."];
}
