import { Bot, History } from "lucide-react";
import { IconBadge } from "~/components/ui/badge";
import type { ReviewState } from "~/translation/states";

/** A translation a person should read shows why; a reviewed or missing one shows nothing. */
export function ReviewBadge({ state }: { state: ReviewState }) {
  if (state === "machine") return <IconBadge tone="info" label="Machine translation: review" Icon={Bot} />;
  if (state === "stale") return <IconBadge tone="warning" label="English changed: review" Icon={History} />;
  return null;
}
