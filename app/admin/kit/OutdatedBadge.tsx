import { Languages } from "lucide-react";
import { IconBadge } from "~/components/ui/badge";
import { LANGUAGE_NAMES } from "~/i18n/language-names";
import type { TargetLang } from "~/i18n/languages";

/**
 * A translation left behind by a published English change (decision 0097): "Farsi out of date",
 * with since when in its title. Nothing when the language is up to date.
 */
export function OutdatedBadge({ language, since, firmTime }: { language: TargetLang; since: string | undefined; firmTime?: (iso: string) => string }) {
  if (!since) return null;
  return (
    <span title={firmTime ? `The English was published on ${firmTime(since)}, after this translation.` : undefined} data-testid={`outdated-${language}`}>
      <IconBadge tone="warning" label={`${LANGUAGE_NAMES[language]} out of date`} Icon={Languages} />
    </span>
  );
}

/**
 * The editor's sentence for the languages left behind (decision 0097): which, since when, and what
 * brings them up to date. Nothing when every language is up to date.
 */
export function OutdatedNotice({ outdated, noun, firmTime }: { outdated: Partial<Record<TargetLang, string>>; noun: string; firmTime: (iso: string) => string }) {
  const behind = (["fa", "zh"] as const).filter((language) => outdated[language]);
  if (behind.length === 0) return null;
  return (
    <p role="status" data-testid="outdated-notice" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <strong>{behind.map((language) => `${LANGUAGE_NAMES[language]} out of date.`).join(" ")}</strong> A change to this {noun}&rsquo;s English was published
      after {behind.length === 1 ? "this translation" : "these translations"} ({behind.map((language) => `${LANGUAGE_NAMES[language]} since ${firmTime(outdated[language]!)}`).join(", ")}).
      Visitors reading {behind.map((language) => LANGUAGE_NAMES[language]).join(" or ")} still see the older text until an updated translation is published.
    </p>
  );
}
