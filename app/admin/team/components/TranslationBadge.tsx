import { Check, TriangleAlert, X } from "lucide-react";
import { IconBadge } from "~/components/ui/badge";
import type { MemberTranslationState } from "~/team/schema";

const STATES = {
  complete: { tone: "success", label: "Fully translated", Icon: Check },
  partial: { tone: "warning", label: "Partly translated", Icon: TriangleAlert },
  none: { tone: "danger", label: "Not translated", Icon: X },
} as const;

/** SPEC 4's check / warning / cross, with the words beside the icon. */
export function TranslationBadge({ state }: { state: MemberTranslationState }) {
  return <IconBadge {...STATES[state]} />;
}
