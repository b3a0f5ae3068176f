import { useFetcher } from "react-router";
import { Languages } from "lucide-react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { useFetcherResult } from "~/admin/kit/hooks";
import type { TeamActionResult } from "~/admin/team/actions.server";
import type { MemberTextField } from "~/team/schema";

/** The form control of a member's field in a language (`bio_fa`), in the member's form. */
const control = (formId: string, name: string) =>
  (document.getElementById(formId) as HTMLFormElement | null)?.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;

/**
 * Auto-translate a member's field: the English in the form (unsaved edits included), put in its
 * input. For a member visitors see, it waits there for Save Changes (a person's review, decision
 * 0063); a hidden member's translation of its saved English is saved at once (SPEC 4).
 */
export function TeamAutoTranslate({ formId, memberId, field, language, label }: { formId: string; memberId: number; field: MemberTextField; language: "fa" | "zh"; label: string }) {
  const fetcher = useFetcher<TeamActionResult>();
  useFetcherResult(fetcher, (result) => {
    if (!result.ok) {
      toast.error(result.error, { description: result.reason });
    } else if (result.intent === "translate") {
      const input = control(formId, `${field}_${language}`);
      if (input) input.value = result.translation;
      // Of an English not saved yet, the translation waits in the form for Save Changes.
      toast.success("Translation complete", { description: result.saved ? `${label} saved.` : `${label} is in the form: read it, then Save Changes to publish it.` });
    }
  });
  const busy = fetcher.state !== "idle";
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => {
        const english = control(formId, `${field}_en`)?.value ?? "";
        if (english.trim() === "") {
          toast.error("Translation failed", { description: "No English content to translate" });
          return;
        }
        void fetcher.submit({ intent: "translate", id: memberId, field, language, english }, { method: "post" });
      }}
    >
      <Languages className="size-4" aria-hidden="true" />
      {busy ? "Translating…" : "Auto-translate"}
      <span className="sr-only"> {label}</span>
    </Button>
  );
}
