import { memo, useId } from "react";
import { useCan } from "~/admin/kit/can";
import { Link, useFetcher } from "react-router";
import { historyPath } from "~/admin/kit/history-paths";
import { Badge } from "~/components/ui/badge";
import { CircleDot, Languages } from "lucide-react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Input, Label, Textarea } from "~/components/ui/field";
import { isMultiline, type ContentRow } from "~/content/schema";
import { translationStatus } from "~/translation/states";
import { useFetcherResult } from "~/admin/kit/hooks";
import type { ContentActionResult } from "~/admin/content/actions.server";
import { ReviewBadge } from "~/admin/kit/ReviewBadge";
import { OutdatedBadge } from "~/admin/kit/OutdatedBadge";
import { StatusBadge } from "./StatusBadge";

export interface Draft {
  content: string;
  contentFa: string;
  contentZh: string;
  /** The stored version the edit started from (the conflict check on save). */
  version?: number;
  /** The pending change shown in the form for review: saving publishes it. */
  reviewing?: number;
}

export type DraftField = Exclude<keyof Draft, "version" | "reviewing">;

interface EntryEditorProps {
  row: ContentRow;
  /** The unsaved values, when the entry has been edited. */
  draft: Draft | undefined;
  dirty: boolean;
  onChange: (key: string, field: DraftField, value: string) => void;
  onSave: (key: string) => void;
}

const LANGUAGE_FIELDS = [
  { field: "content", name: "content", label: "English", lang: "en", dir: "ltr", font: "" },
  { field: "contentFa", name: "content_fa", label: "Farsi", lang: "fa", dir: "rtl", font: "font-[Vazirmatn,ui-sans-serif,system-ui,sans-serif]" },
  { field: "contentZh", name: "content_zh", label: "Chinese", lang: "zh", dir: "ltr", font: "font-['Noto_Sans_SC',ui-sans-serif,system-ui,sans-serif]" },
] as const;

// About 38 characters fit on a line of a third-width box.
const rowsFor = (length: number) => Math.min(10, Math.max(3, Math.ceil(length / 38)));

/**
 * One text in its three languages. Memoized: typing in one entry re-renders that entry
 * only, which keeps a tab of 600+ entries responsive. Each entry is a real form, so its
 * Save Changes button also works before the page's JavaScript has loaded.
 */
export const EntryEditor = memo(function EntryEditor({ row, draft, dirty, onChange, onSave }: EntryEditorProps) {
  const id = useId();
  const values = draft ?? row;
  const multiline = isMultiline(row.key, row.content);
  const status = translationStatus(values.contentFa, values.contentZh);
  const rows = rowsFor(Math.max(row.content.length, values.content.length));
  // Every website text is live: without the sign-off, Save proposes the change (decision 0070).
  const proposes = !useCan("changes.publish");

  return (
    <form
      method="post"
      // Label and key together: two entries may share a label, but never a key.
      aria-labelledby={`${id}-title ${id}-key`}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(row.key);
      }}
      className={`rounded-lg border-2 p-4 ${
        dirty ? "border-amber-500 bg-amber-50" : "border-slate-200 bg-white"
      }`}
    >
      <input type="hidden" name="key" value={row.key} />
      <input type="hidden" name="version" value={row.version} />
      {draft?.reviewing ? <input type="hidden" name="reviewing" value={draft.reviewing} /> : null}
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={`${id}-title`} className="font-semibold text-slate-900">
            {row.label || row.key}
          </h4>
          <code id={`${id}-key`} className="break-all text-xs text-slate-600">
            {row.key}
          </code>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {dirty ? (
            <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-900">
              <CircleDot className="size-3.5" aria-hidden="true" />
              Unsaved
            </span>
          ) : null}
          <StatusBadge status={status} />
          {row.pending ? (
            <Link to={historyPath("content", row.key)} className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
              <Badge tone="warning">Change waiting for review</Badge>
            </Link>
          ) : null}
          <Link to={historyPath("content", row.key)} className="text-xs text-brand-800 underline">
            History<span className="sr-only"> of {row.label || row.key}</span>
          </Link>
        </div>
      </div>
      <div className="grid gap-3 md:grid-cols-3">
        {LANGUAGE_FIELDS.map(({ field, name, label, lang, dir, font }) => {
          const controlId = `${id}-${name}`;
          const common = {
            id: controlId,
            name,
            lang,
            dir,
            value: values[field],
            onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(row.key, field, event.target.value),
            className: font,
          };
          const language = lang === "en" ? null : lang;
          // The state of what is stored; an edited translation is the person's own until saved.
          const stored = language ? row.review[language] : null;
          return (
            <div key={name}>
              <div className="flex flex-wrap items-center justify-between gap-1">
                <Label htmlFor={controlId}>{label}</Label>
                {language && row.outdated[language] && values[field] === row[field] ? (
                  <OutdatedBadge language={language} since={row.outdated[language]} />
                ) : stored && values[field] === row[field] ? (
                  <ReviewBadge state={stored} />
                ) : language && row.pending && field !== "content" && values[field] === row.pending[field] ? (
                  // The machine translation waiting for review, shown in the form: saving publishes it.
                  <ReviewBadge state="machine" />
                ) : null}
              </div>
              {multiline ? <Textarea {...common} rows={rows} /> : <Input {...common} type="text" />}
              {language && values[field].trim() === "" ? (
                <AutoTranslate entryKey={row.key} english={values.content} language={language} label={label} onTranslated={(text) => onChange(row.key, field, text)} />
              ) : null}
            </div>
          );
        })}
      </div>
      <div className="mt-3 flex justify-end">
        <Button type="submit" size="sm" variant={dirty ? "primary" : "secondary"} aria-describedby={`${id}-title`}>
          {proposes ? "Propose change" : "Save Changes"}
        </Button>
      </div>
    </form>
  );
});

/**
 * Auto-translate one language of one entry: the translation goes into the form, unsaved, for a
 * person to read and save (SPEC 4).
 */
function AutoTranslate({
  entryKey,
  english,
  language,
  label,
  onTranslated,
}: {
  entryKey: string;
  english: string;
  language: "fa" | "zh";
  label: string;
  onTranslated: (text: string) => void;
}) {
  const fetcher = useFetcher<ContentActionResult>();
  useFetcherResult(fetcher, (result) => {
    if (!result.ok) {
      toast.error(result.error, { description: result.reason });
    } else if (result.intent === "translate") {
      onTranslated(result.translation);
      toast.success("Translation complete", { description: `Review the ${label} text and save it.` });
    }
  });
  const busy = fetcher.state !== "idle";
  return (
    <Button
      size="sm"
      variant="ghost"
      className="mt-1"
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => {
        if (english.trim() === "") {
          toast.error("Translation failed", { description: "No content to translate" });
          return;
        }
        void fetcher.submit({ intent: "translate", key: entryKey, text: english, language }, { method: "post" });
      }}
    >
      <Languages className="size-4" aria-hidden="true" />
      {busy ? "Translating…" : "Auto-translate"}
      <span className="sr-only"> into {label}</span>
    </Button>
  );
}
