import { useId, useRef, useState, type KeyboardEvent } from "react";
import { POST_BODY_CLASS } from "~/components/blog/PostBody";
import type { LanguageView, RenderedChange, RenderedField, RenderedRow } from "~/review/render.server";

// Marks drawn by their own elements' styles, not only their colour: struck through, underlined,
// and each announced by its hidden "added:"/"removed:" (app/review/render.server.tsx).
const MARKS =
  "[&_ins]:bg-emerald-100 [&_ins]:text-emerald-950 [&_ins]:underline [&_ins]:decoration-emerald-700 [&_ins]:decoration-2 " +
  "[&_del]:bg-red-100 [&_del]:text-red-950 [&_del]:line-through [&_del]:decoration-red-700 [&_del]:decoration-2 " +
  "[&_img.review-thumb]:max-h-40 [&_img.review-thumb]:max-w-56 [&_img.review-thumb]:rounded-md [&_img.review-thumb]:border [&_img.review-thumb]:border-slate-200";

const ROW_STYLE: Record<Exclude<RenderedRow["kind"], "same">, { border: string; word: string }> = {
  changed: { border: "border-amber-500 bg-amber-50", word: "Changed paragraph" },
  added: { border: "border-emerald-600 bg-emerald-50", word: "Added paragraph" },
  removed: { border: "border-red-600 bg-red-50", word: "Removed paragraph" },
};

function Cell({ row, side, format }: { row: RenderedRow; side: "live" | "proposed"; format: RenderedField["format"] }) {
  const html = row[side];
  const body = format === "markdown" ? POST_BODY_CLASS : "text-base leading-7 text-slate-800";
  if (row.kind === "same") {
    // Shown once on a narrow screen (the proposal's copy); read and focused once (inert: its links too).
    return side === "live" ? (
      <div inert className={`hidden min-w-0 lg:block ${body}`} dangerouslySetInnerHTML={{ __html: html ?? "" }} />
    ) : (
      <div className={`min-w-0 ${body}`} dangerouslySetInnerHTML={{ __html: html ?? "" }} />
    );
  }
  const style = ROW_STYLE[row.kind];
  const sideWord = side === "live" ? "live version" : "proposed version";
  return (
    <div className={`min-w-0 rounded-md border-s-4 ps-3 pe-2 py-1 ${html ? style.border : "border-slate-300 bg-slate-50"}`} data-row={row.kind} data-side={side}>
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-700">
        {style.word}, {sideWord}
      </p>
      {html ? (
        <div className={body} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="text-sm text-slate-600 italic">{side === "live" ? "Not in the live version." : "Removed in the proposal."}</p>
      )}
    </div>
  );
}

/** One field: its rows side by side on a wide screen, live then proposed stacked on a narrow one. */
function FieldRows({ field, level }: { field: RenderedField; level: "h3" | "h4" }) {
  const headingId = useId();
  if (field.rows.length === 0) return null;
  // A language's fields are h3: an article's own h2/h3 headings inside them keep the order.
  const Heading = level;
  return (
    <section aria-labelledby={headingId} className="space-y-2" data-testid="review-field" data-changed={field.changed ? "yes" : "no"}>
      <Heading id={headingId} className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
        {field.label}
        <span className={`rounded-full px-2 py-0.5 text-xs ${field.changed ? "bg-amber-100 text-amber-950" : "bg-slate-100 text-slate-700"}`}>{field.changed ? "Changed" : "Unchanged"}</span>
      </Heading>
      <div className={`grid grid-cols-1 gap-x-6 gap-y-3 lg:grid-cols-2 ${MARKS}`}>
        <p aria-hidden="true" className="hidden text-xs font-semibold text-slate-600 lg:block">
          Live version
        </p>
        <p aria-hidden="true" className="hidden text-xs font-semibold text-slate-600 lg:block">
          Proposed version
        </p>
        {field.rows.map((row, index) => (
          <RowPair key={index} row={row} format={field.format} />
        ))}
      </div>
    </section>
  );
}

function RowPair({ row, format }: { row: RenderedRow; format: RenderedField["format"] }) {
  return (
    <>
      <Cell row={row} side="live" format={format} />
      <Cell row={row} side="proposed" format={format} />
    </>
  );
}

function LanguagePanel({ view, tabId, panelId, hidden }: { view: LanguageView; tabId: string; panelId: string; hidden: boolean }) {
  return (
    <div role="tabpanel" id={panelId} aria-labelledby={tabId} hidden={hidden} tabIndex={0} lang={view.language} dir={view.dir} className="space-y-6 pt-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
      {view.fields.some((f) => f.rows.length > 0) ? view.fields.map((field) => <FieldRows key={field.key} field={field} level="h3" />) : <p className="text-sm text-slate-600">No text in this language.</p>}
    </div>
  );
}

/**
 * The live version and the proposal rendered as visitors see them, one tab per language (the
 * WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs), the details above them.
 */
export function ChangeView({ change }: { change: RenderedChange }) {
  const base = useId();
  const first = Math.max(0, change.languages.findIndex((l) => l.changed > 0));
  const [selected, setSelected] = useState(first);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = change.languages.length;
    const next = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: count - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + count) % count;
    setSelected(index);
    tabs.current[index]?.focus();
  };
  // The details only where they change; the texts in full, for their context.
  const details = change.details.filter((f) => f.changed && f.rows.length > 0);
  return (
    <div className="space-y-6" data-testid="change-view">
      {details.length > 0 ? (
        <div className="space-y-4">
          <h3 className="font-semibold text-slate-900">Details</h3>
          {details.map((field) => (
            <FieldRows key={field.key} field={field} level="h4" />
          ))}
        </div>
      ) : null}
      <div>
        <div role="tablist" aria-label="Languages" className="flex flex-wrap gap-1 border-b border-slate-200" onKeyDown={move}>
          {change.languages.map((view, index) => (
            <button
              key={view.language}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${view.language}`}
              aria-selected={index === selected}
              aria-controls={`${base}-panel-${view.language}`}
              tabIndex={index === selected ? 0 : -1}
              onClick={() => setSelected(index)}
              className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${index === selected ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:text-brand-800"}`}
            >
              {view.name}
              <span className="ms-1 font-normal text-slate-600">({view.changed === 0 ? "no changes" : view.changed === 1 ? "1 change" : `${view.changed} changes`})</span>
            </button>
          ))}
        </div>
        {change.languages.map((view, index) => (
          <LanguagePanel key={view.language} view={view} tabId={`${base}-tab-${view.language}`} panelId={`${base}-panel-${view.language}`} hidden={index !== selected} />
        ))}
      </div>
    </div>
  );
}
