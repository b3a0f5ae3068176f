import { memo, useId } from "react";
import { CircleDot } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input, Label, Textarea } from "~/components/ui/field";
import { isMultiline, translationStatus, type ContentRow } from "~/admin/content/schema";
import { StatusBadge } from "./StatusBadge";

export interface Draft {
  content: string;
  contentFa: string;
  contentZh: string;
}

export type DraftField = keyof Draft;

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
          return (
            <div key={name}>
              <Label htmlFor={controlId}>{label}</Label>
              {multiline ? <Textarea {...common} rows={rows} /> : <Input {...common} type="text" />}
            </div>
          );
        })}
      </div>
      <div className="mt-3 flex justify-end">
        <Button type="submit" size="sm" variant={dirty ? "primary" : "secondary"} aria-describedby={`${id}-title`}>
          Save Changes
        </Button>
      </div>
    </form>
  );
});
