import { CircleCheck, CircleDashed, Contrast } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import type { TranslationStatus } from "~/admin/content/schema";

const STATUS = {
  complete: { tone: "success", label: "Complete", Icon: CircleCheck },
  partial: { tone: "warning", label: "Partial", Icon: Contrast },
  "english-only": { tone: "neutral", label: "English only", Icon: CircleDashed },
} as const;

/** Translation completeness of one text, as words (the icon only repeats them). */
export function StatusBadge({ status }: { status: TranslationStatus }) {
  const { tone, label, Icon } = STATUS[status];
  return (
    <Badge tone={tone}>
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </Badge>
  );
}
