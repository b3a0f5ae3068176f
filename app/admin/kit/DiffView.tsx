import type { FieldDiff } from "~/revisions/types";

/** The language of a field's text, from its key (`titleFa`, `contentZh`, `role.fa`). */
function languageOf(key: string): "fa" | "zh" | undefined {
  if (/(Fa|\.fa)$/.test(key)) return "fa";
  if (/(Zh|\.zh)$/.test(key)) return "zh";
  return undefined;
}

/**
 * Word-level changes per field: removed words struck through on red, added ones underlined on
 * green, and each marked for screen readers ("removed:", "added:"), not by colour alone.
 */
export function DiffView({ diff, empty = "No differences." }: { diff: ReadonlyArray<FieldDiff>; empty?: string }) {
  if (diff.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <dl className="space-y-3" data-testid="diff">
      {diff.map((field) => {
        const lang = languageOf(field.key);
        return (
          <div key={field.key} className="rounded-md border border-slate-200 p-3">
            <dt className="mb-1 text-sm font-semibold text-slate-800">{field.label}</dt>
            <dd lang={lang} dir={lang === "fa" ? "rtl" : undefined} className="whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-800">
              {field.parts.map((part, index) =>
                part.added ? (
                  <ins key={index} className="bg-emerald-100 text-emerald-900 underline decoration-emerald-700">
                    <span className="sr-only">added: </span>
                    {part.value}
                  </ins>
                ) : part.removed ? (
                  <del key={index} className="bg-red-100 text-red-900 line-through decoration-red-700">
                    <span className="sr-only">removed: </span>
                    {part.value}
                  </del>
                ) : (
                  <span key={index}>{part.value}</span>
                ),
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
