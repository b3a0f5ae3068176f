import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ExternalLink, Languages, Search } from "lucide-react";
import { toast } from "sonner";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/field";
import { CATEGORY_PAGES, categoryGroups, categoryName } from "~/admin/content/categories";
import { contentSaveSchema, contentSaveToFormData, type ContentEntryInput, type ContentRow } from "~/content/schema";
import { needsReview, translationStatus } from "~/translation/states";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { JobPanel } from "~/admin/kit/JobPanel";
import { ServiceNote, type ServiceState } from "~/admin/kit/ServiceNote";
import { useResultToast } from "~/admin/kit/hooks";
import type { JobView } from "~/jobs/runner.server";
import { CategoryNav, type CategoryStats } from "./CategoryNav";
import { EntryEditor, type Draft, type DraftField } from "./EntryEditor";
import { UnsavedChangesGuard } from "~/admin/kit/UnsavedChangesGuard";
import type { ContentActionResult, ContentSaveResult } from "~/admin/content/actions.server";
import { useCan } from "~/admin/kit/can";
import { MoreEntries } from "./MoreEntries";
import { TARGET_LANGUAGES } from "~/i18n/languages";
import { LANGUAGE_NAMES } from "~/i18n/language-names";

const PAGE_SIZE = 60;

const hasText = (value: string) => value.trim() !== "";
/** SPEC 5: entries with English and no translation in the language, or one out of date (decision 0097), none waiting. */
const missingIn = (rows: readonly ContentRow[], language: "fa" | "zh") =>
  rows.filter((row) => hasText(row.content) && (!hasText(language === "fa" ? row.contentFa : row.contentZh) || Boolean(row.outdated[language])) && !row.pending?.[language]).length;
const jobTitle = (job: JobView) => {
  const language = (job.payload as { language?: "fa" | "zh" } | null)?.language;
  return `Translate all missing ${language ? LANGUAGE_NAMES[language] : ""}`.trim();
};

const sameDraft = (a: Draft, b: Draft) => a.content === b.content && a.contentFa === b.contentFa && a.contentZh === b.contentZh;

interface Batch {
  kind: "one" | "all";
  keys: string[];
}

/** A text a person should read: a machine-made or stale translation, or a change waiting for review. */
const waitsForReview = (row: ContentRow) => needsReview(row.review.fa) || needsReview(row.review.zh) || row.pending !== null || Boolean(row.outdated.fa || row.outdated.zh);

export function ContentEditor({ entries, jobs, translator }: { entries: ContentRow[]; jobs: JobView[]; translator: ServiceState }) {
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [category, setCategory] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const [reviewOnly, setReviewOnly] = useState(false);
  const toReview = useMemo(() => entries.filter(waitsForReview).length, [entries]);
  const deferredQuery = useDeferredValue(query);

  const rowsByKey = useMemo(() => new Map(entries.map((row) => [row.key, row])), [entries]);
  // A machine translation waiting for review opens in the form, unsaved: Save publishes it (SPEC 4,
  // decision 0063). Not when the text changed since it was made: its History shows both.
  // Without the sign-off (an editor while it is on) a save proposes a change (decision 0070): the
  // waiting one is read in its History, not loaded into the form to be published.
  const canSignOff = useCan("changes.publish");
  const reviewDrafts = useMemo(() => {
    const result: Record<string, Draft> = {};
    if (!canSignOff) return result;
    for (const row of entries) {
      if (!row.pending || row.pending.stale) continue;
      result[row.key] = {
        content: row.content,
        contentFa: row.pending.contentFa || row.contentFa,
        contentZh: row.pending.contentZh || row.contentZh,
        version: row.version,
        reviewing: row.pending.id,
      };
    }
    return result;
  }, [entries, canSignOff]);
  const allDrafts = useMemo(() => ({ ...reviewDrafts, ...drafts }), [reviewDrafts, drafts]);
  const dirtyKeys = useMemo(
    () => Object.keys(allDrafts).filter((key) => rowsByKey.has(key) && !sameDraft(allDrafts[key], rowsByKey.get(key)!)),
    [allDrafts, rowsByKey],
  );
  // The person's own edits: a waiting change opened in the form is not one (issue 41 item 5), until they type over it.
  const editedSet = useMemo(
    () => new Set(dirtyKeys.filter((key) => key in drafts && !sameDraft(drafts[key], reviewDrafts[key] ?? rowsByKey.get(key)!))),
    [dirtyKeys, drafts, reviewDrafts, rowsByKey],
  );

  const stats = useMemo(() => {
    const map = new Map<string, CategoryStats>();
    for (const row of entries) {
      const s = map.get(row.category) ?? { total: 0, complete: 0, partial: 0 };
      s.total += 1;
      const status = translationStatus(row.contentFa, row.contentZh);
      if (status === "complete") s.complete += 1;
      else if (status === "partial") s.partial += 1;
      map.set(row.category, s);
    }
    return map;
  }, [entries]);
  const groups = useMemo(() => categoryGroups(stats.keys()), [stats]);
  const categoryOrder = useMemo(() => groups.flatMap((g) => g.categories), [groups]);

  // The filter reads the stored texts, so an entry does not vanish while it is being edited.
  const filtered = useMemo(() => {
    const needle = deferredQuery.trim().toLocaleLowerCase();
    const matches = (row: ContentRow) =>
      !needle || [row.key, row.label, row.content, row.contentFa, row.contentZh].some((value) => value.toLocaleLowerCase().includes(needle));
    const rank = new Map(categoryOrder.map((c, i) => [c, i]));
    return entries
      .filter((row) => (category === null || row.category === category) && matches(row))
      .filter((row) => !reviewOnly || waitsForReview(row))
      .sort((a, b) => rank.get(a.category)! - rank.get(b.category)! || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }, [entries, category, deferredQuery, categoryOrder, reviewOnly]);

  // Hundreds of entries with three inputs each are rendered a page at a time as the list
  // scrolls; the search box finds the rest. This keeps the first paint and each filter fast.
  const filterKey = `${category ?? ""}\u0000${deferredQuery}\u0000${reviewOnly}`;
  const [paging, setPaging] = useState({ key: filterKey, limit: PAGE_SIZE });
  // A new filter starts again from the first page.
  const limit = paging.key === filterKey ? paging.limit : PAGE_SIZE;
  const sections = useMemo(() => {
    const byCategory = new Map<string, ContentRow[]>();
    for (const row of filtered.slice(0, limit)) {
      const list = byCategory.get(row.category) ?? [];
      list.push(row);
      byCategory.set(row.category, list);
    }
    return [...byCategory].map(([name, rows]) => ({
      category: name,
      rows,
      total: filtered.reduce((n, row) => n + (row.category === name ? 1 : 0), 0),
    }));
  }, [filtered, limit]);
  const shown = filtered.length;
  const remaining = filtered.length - Math.min(limit, filtered.length);
  const showMore = useCallback(
    () => setPaging((prev) => ({ key: filterKey, limit: (prev.key === filterKey ? prev.limit : PAGE_SIZE) + PAGE_SIZE })),
    [filterKey],
  );

  // ---------------------------------------------------------------- editing and saving

  const draftsRef = useRef(allDrafts);
  draftsRef.current = allDrafts;
  const reviewRef = useRef(reviewDrafts);
  reviewRef.current = reviewDrafts;
  const rowsRef = useRef(rowsByKey);
  rowsRef.current = rowsByKey;

  const onChange = useCallback((key: string, field: DraftField, value: string) => {
    setDrafts((prev) => {
      const row = rowsRef.current.get(key);
      if (!row) return prev;
      // The version the person started from: a later change by someone else is a conflict on save.
      const base = prev[key] ?? reviewRef.current[key] ?? { content: row.content, contentFa: row.contentFa, contentZh: row.contentZh, version: row.version };
      return { ...prev, [key]: { ...base, [field]: value } };
    });
  }, []);

  const fetcher = useFetcher<ContentSaveResult>();
  // submit keeps its identity while the fetcher object changes with every state.
  const submit = fetcher.submit;
  const inflight = useRef<Batch | null>(null);
  const queued = useRef<Batch | null>(null);

  const send = useCallback(
    (batch: Batch) => {
      const values: ContentEntryInput[] = batch.keys.map((key) => {
        const draft = draftsRef.current[key] ?? rowsRef.current.get(key)!;
        return { key, content: draft.content, contentFa: draft.contentFa, contentZh: draft.contentZh, version: draft.version, reviewing: draft.reviewing };
      });
      // The same schema as the server's, so a too-long text is caught before the round trip.
      const checked = contentSaveSchema.safeParse({ entries: values });
      if (!checked.success) {
        toast.error("Failed to update content", { description: checked.error.issues[0].message });
        return;
      }
      inflight.current = batch;
      void submit(contentSaveToFormData(values), { method: "post" });
    },
    [submit],
  );

  const save = useCallback(
    (batch: Batch) => {
      // One save at a time; a save asked for meanwhile waits for the current one.
      if (inflight.current) {
        const waiting = queued.current;
        queued.current = waiting
          ? { kind: waiting.kind === "all" || batch.kind === "all" ? "all" : "one", keys: [...new Set([...waiting.keys, ...batch.keys])] }
          : batch;
        return;
      }
      send(batch);
    },
    [send],
  );

  const onSave = useCallback(
    (key: string) => {
      const draft = draftsRef.current[key];
      const row = rowsRef.current.get(key);
      if (!draft || !row || sameDraft(draft, row)) {
        toast.info("No changes", { description: "There are no unsaved changes to save." });
        return;
      }
      save({ kind: "one", keys: [key] });
    },
    [save],
  );

  const onSaveAll = () => {
    if (dirtyKeys.length === 0) {
      toast.info("No changes", { description: "There are no unsaved changes to save." });
      return;
    }
    save({ kind: "all", keys: dirtyKeys });
  };

  const lastResult = useRef<ContentSaveResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || result === lastResult.current) return;
    lastResult.current = result;
    const batch = inflight.current;
    inflight.current = null;
    if (result.ok) {
      // The loader has already brought the stored texts back; drop drafts that now match them.
      setDrafts((prev) => {
        const next: Record<string, Draft> = {};
        for (const [key, draft] of Object.entries(prev)) {
          const row = rowsByKey.get(key);
          // A proposed text now waits in its History (its badge says so); the form shows the live one.
          const proposed = result.proposed > 0 && batch?.keys.includes(key);
          if (row && !sameDraft(draft, row) && !proposed) next[key] = draft;
        }
        return next;
      });
      if (result.proposed > 0) {
        toast.success("Change proposed", { description: `${result.proposed === 1 ? "Your change is" : `${result.proposed} changes are`} waiting for a lawyer's sign-off. Visitors see the current text until a lawyer publishes it from its History.` });
      } else if (batch?.kind === "all") {
        toast.success("All saved", { description: `${result.saved.length} ${result.saved.length === 1 ? "entry" : "entries"} updated.` });
      } else {
        toast.success("Saved", { description: "Content updated successfully" });
      }
    } else {
      toast.error(result.error, { description: result.reason });
    }
    const next = queued.current;
    queued.current = null;
    if (next) send(next);
  }, [fetcher.state, fetcher.data, rowsByKey, send]);

  // Leaving the tab (or the site) with unsaved entries asks first.
  // A change waiting for review that nobody touched is not lost by leaving: it stays waiting.
  const hasUnsaved = editedSet.size > 0;

  const saving = fetcher.state !== "idle";

  // ---------------------------------------------------------------- batch translation (a server job)

  const batch = useFetcher<ContentActionResult>();
  useResultToast(batch, (result) =>
    result.intent === "translate-missing" && result.attached ? ["Already running", "This translation is already running: its progress is shown below."] : null,
  );
  const [confirming, setConfirming] = useState<"fa" | "zh" | null>(null);
  const missing = { fa: missingIn(entries, "fa"), zh: missingIn(entries, "zh") };
  const askBatch = (language: "fa" | "zh") => {
    if (missing[language] === 0) {
      toast.info("No content to translate", { description: `All entries already have ${LANGUAGE_NAMES[language]} translations.` });
      return;
    }
    setConfirming(language);
  };
  const onJobFinished = useCallback((job: JobView) => {
    if (job.status === "done") toast.success("Batch translation complete", { description: `${job.done} translated, ${job.failed} failed.` });
    else if (job.status === "failed") toast.error("Translation failed", { description: job.message ?? "Failed to translate content" });
  }, []);

  return (
    <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <aside className="lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto">
        <CategoryNav groups={groups} stats={stats} total={entries.length} selected={category} onSelect={setCategory} />
      </aside>

      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Label htmlFor="content-search">Search content</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
              <Input
                id="content-search"
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder="Key, label or text in any language"
                className="ps-9"
                autoComplete="off"
              />
            </div>
          </div>
          <Button onClick={onSaveAll} aria-busy={saving || undefined}>
            Save All ({dirtyKeys.length})
          </Button>
        </div>

        <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center gap-2">
            {TARGET_LANGUAGES.map((language) => (
              <Button key={language} variant="secondary" onClick={() => askBatch(language)} disabled={batch.state !== "idle"}>
                <Languages className="size-4" aria-hidden="true" />
                Translate All Missing {LANGUAGE_NAMES[language]} ({missing[language]})
              </Button>
            ))}
            <label className="ms-auto inline-flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" checked={reviewOnly} onChange={(event) => setReviewOnly(event.target.checked)} className="size-4 accent-brand-700" />
              Needs review only ({toReview})
            </label>
          </div>
          <ServiceNote service="Translation" state={translator} />
          <JobPanel jobs={jobs} title={jobTitle} onFinished={onJobFinished} />
        </div>
        <ConfirmDialog
          open={confirming !== null}
          onCancel={() => setConfirming(null)}
          title="Translate all missing texts"
          description={confirming ? `This will translate ${missing[confirming]} entries to ${LANGUAGE_NAMES[confirming]}. Continue?` : ""}
          confirmLabel="Translate"
          destructive={false}
          onConfirm={() => {
            if (confirming) void batch.submit({ intent: "translate-missing", language: confirming }, { method: "post" });
            setConfirming(null);
          }}
        />

        <p role="status" className="text-sm text-slate-700">
          Showing {shown} of {entries.length} entries
          {category !== null ? ` in ${categoryName(category)}` : ""}
        </p>

        {sections.length === 0 ? (
          <Card className="p-6 text-center text-slate-700">No entries match your search.</Card>
        ) : (
          sections.map(({ category: name, rows, total }) => (
            <Card key={name} className="overflow-hidden">
              <section aria-labelledby={`category-${name}`}>
                <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 bg-slate-50 px-4 py-3">
                  <h3 id={`category-${name}`} className="text-lg font-semibold text-slate-900">
                    {categoryName(name)} <span className="text-sm font-normal text-slate-600">({total})</span>
                  </h3>
                  {CATEGORY_PAGES[name] ? (
                    <a href={CATEGORY_PAGES[name]} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", "sm")}>
                      <ExternalLink className="size-4" aria-hidden="true" />
                      View page<span className="sr-only"> {categoryName(name)} (opens in a new tab)</span>
                    </a>
                  ) : null}
                </div>
                <div className="flex flex-col gap-3 p-4">
                  {rows.map((row) => (
                    <EntryEditor key={row.key} row={row} draft={allDrafts[row.key]} dirty={editedSet.has(row.key)} onChange={onChange} onSave={onSave} />
                  ))}
                </div>
              </section>
            </Card>
          ))
        )}
        {remaining > 0 ? <MoreEntries remaining={remaining} onMore={showMore} /> : null}
      </div>

      <UnsavedChangesGuard
        dirty={hasUnsaved}
        title="Unsaved changes"
        description={`${editedSet.size === 1 ? "1 entry has" : `${editedSet.size} entries have`} unsaved changes. Leave this tab and discard them?`}
        leaveLabel="Discard and leave"
      />
    </div>
  );
}
