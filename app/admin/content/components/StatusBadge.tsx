import { CircleCheck, CircleDashed, Contrast } from "lucide-react";
import { IconBadge } from "~/components/ui/badge";
import type { TranslationStatus } from "~/translation/states";

const STATUS = {
  complete: { tone: "success", label: "Complete", Icon: CircleCheck },
  partial: { tone: "warning", label: "Partial", Icon: Contrast },
  "english-only": { tone: "neutral", label: "English only", Icon: CircleDashed },
} as const;

/** Translation completeness of one text, as words (the icon only repeats them). */
export function StatusBadge({ status }: { status: TranslationStatus }) {
  return <IconBadge {...STATUS[status]} />;
}
