import { getFormProps, useForm } from "@conform-to/react";
import { ExternalLink, Loader2, Save, Wand2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import {
  isImageUrl,
  POST_FORM_FIELDS,
  postFormSchema,
  postValuesFromForm,
  slugify,
  type PostFormField,
  type PostFormInput,
} from "~/blog/post-schema";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Field, Input, Label, Textarea } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import { hasText, postTranslationColumns } from "~/i18n/translated";
import { ImagePreview } from "./ImagePreview";
import { ImageUploadButton } from "./ImageUploadButton";
import { MarkdownPreview } from "./MarkdownPreview";
import { EditorAiTools } from "./EditorAiTools";
import { PostSchedule, ScheduledBadge } from "./PostSchedule";
import { ReviewBadge } from "~/admin/kit/ReviewBadge";
import type { ReviewState } from "~/translation/states";
import { parseWithSchema, useLastResult } from "~/admin/kit/conform";
import { useFetcherResult } from "~/admin/kit/hooks";
import { useCan } from "~/admin/kit/can";
import { UnsavedChangesGuard } from "~/admin/kit/UnsavedChangesGuard";
import { DiffView } from "~/admin/kit/DiffView";
import type { SaveConflict } from "~/revisions/types";
import type { SavePostResult } from "~/admin/blog/edit-actions.server";
import type { CreatePostResult } from "~/admin/blog/new-actions.server";

type TextField = Exclude<PostFormField, "published">;
type TranslationLang = "fa" | "zh";

const TRANSLATIONS: Record<TranslationLang, { name: string; fields: Record<"title" | "excerpt" | "content" | "metaDescription" | "imageAltText", TextField> }> = {
  fa: {
    name: "Farsi",
    fields: postTranslationColumns("fa"),
  },
  zh: {
    name: "Chinese",
    fields: postTranslationColumns("zh"),
  },
};

/** Right-to-left input with the Persian font for Farsi; the Chinese font for Chinese. */
const LANG_ATTRS: Record<TranslationLang, { lang: string; dir?: "rtl"; className: string }> = {
  fa: { lang: "fa", dir: "rtl", className: "font-fa" },
  zh: { lang: "zh", className: "font-zh" },
};

/** The translation tab that holds a field, or null for the main (English) fields. */
const tabOf = (field: string) =>
  (Object.keys(TRANSLATIONS) as TranslationLang[]).find((lang) => Object.values(TRANSLATIONS[lang].fields).includes(field as TextField)) ?? null;

/** The tab of the first refused field (form order), for showing it before conform focuses it. */
const tabOfFirstError = (errors: Record<string, unknown> | null | undefined) => {
  const first = POST_FORM_FIELDS.find((field) => errors?.[field]);
  return first ? tabOf(first) : null;
};

const LANGUAGE_LABEL = { fa: "Farsi", zh: "Chinese" } as const;
const FIELD_LABEL = { title: "Title", excerpt: "Excerpt", content: "Content", metaDescription: "Meta description", imageAltText: "Image alt text" } as const;

/**
 * The translations holding a person's text: reviewed or stale as stored, or typed in the form since
 * (`machineFilled`: unsaved values the translator put in the form, which are not a person's).
 */
function personsTranslations(values: PostFormInput, saved: PostFormInput, review: Record<string, ReviewState>, machineFilled: ReadonlySet<string>) {
  const result: Array<{ column: string; label: string }> = [];
  for (const lang of ["fa", "zh"] as const) {
    for (const [field, column] of Object.entries(postTranslationColumns(lang)) as Array<[keyof typeof FIELD_LABEL, TextField]>) {
      if (!hasText(values[column])) continue;
      const state = values[column] === saved[column] ? (review[column] ?? "reviewed") : machineFilled.has(column) ? "machine" : "reviewed";
      if (state === "reviewed" || state === "stale") result.push({ column, label: `${FIELD_LABEL[field]} (${LANGUAGE_LABEL[lang]})` });
    }
  }
  return result;
}

const PROPOSED_FOR_PUBLICATION_TEXT = "The post is saved as a draft and waits for a lawyer's sign-off. Visitors and subscribers see nothing until a lawyer publishes it.";
const PROPOSED_TEXT = "Your change is waiting for a lawyer's sign-off. Visitors still see the published version until a lawyer publishes it from the post's History.";

const sameValues = (a: PostFormInput, b: PostFormInput) => POST_FORM_FIELDS.every((field) => a[field] === b[field]);

interface Props {
  /** The stored post's id; none for a new post, stored by its first save. */
  postId?: number;
  initialValues: PostFormInput;
  /** The values as stored now (differs from initialValues after a refused no-JavaScript save). */
  storedValues: PostFormInput;
  /** Whether the stored post is public, for the 'View on site' link. */
  storedSlug: string;
  storedPublished: boolean;
  /** Each stored translation's review state, by field (`titleFa`, ...). */
  review?: Record<string, ReviewState>;
  /** The stored post's version: a save made from an older one is refused (409) with what changed. None for a new post. */
  version?: number;
  /** Whether the post was ever published: until then its slug follows the title. */
  everPublished?: boolean;
  /** When the draft goes live by itself (ISO), or null (decision 0062). */
  publishAt?: string | null;
  /** A new post: called with its id once its first save stored it. */
  onCreated?: (id: number) => void;
  /** The pending change the form was opened with, for review: saving publishes it (decision 0063). */
  reviewing?: number | null;
}

export function PostEditor({ postId, initialValues, storedValues, storedSlug, storedPublished, review = {}, version: storedVersion, everPublished = true, publishAt: storedPublishAt = null, onCreated, reviewing: openedForReview = null }: Props) {
  const editorKey = postId ?? "new";
  const fetcher = useFetcher<SavePostResult | CreatePostResult>({ key: `save-post-${editorKey}` });
  // With JavaScript, a new post's first save answers here (for the toast) instead of redirecting.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [values, setValues] = useState(initialValues);
  // A change waiting for review shown in the form is what was opened, not an unsaved edit (decision 0087).
  const [saved, setSaved] = useState(openedForReview ? initialValues : storedValues);
  const [tab, setTab] = useState<TranslationLang>("fa");
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [live, setLive] = useState({ slug: storedSlug, published: storedPublished });
  const submitted = useRef<PostFormInput | null>(null);
  const [version, setVersion] = useState(storedVersion);
  // Cleared by the first successful save, which published the change under review.
  const [reviewing, setReviewing] = useState(openedForReview);
  const [publishAt, setPublishAt] = useState(storedPublishAt);
  // Translation fields the translator filled in the form (until a person types in them).
  const [machineFilled, setMachineFilled] = useState<ReadonlySet<string>>(new Set());
  // A refused stale save: who changed the post meanwhile and what, until the next save.
  const [conflict, setConflict] = useState<(SaveConflict & { reason: string }) | null>(null);
  // The editor's AI wrote text in the form since the last save: the server treats it as machine-written (decision 0070).
  const [machineWritten, setMachineWritten] = useState(false);
  const saving = fetcher.state !== "idle";
  const dirty = !sameValues(values, saved);
  // Without the sign-off (an editor while it is on), saving a live post proposes the change (decision 0070).
  const canSignOff = useCan("changes.publish");
  const proposes = live.published && values.published && !canSignOff;
  // A draft by someone without the sign-off is proposed for publication, never published (decision 0087).
  const [proposeLive, setProposeLive] = useState(false);
  // New Post's newsletter switch (decision 0108): on by default; a stored post has its own in the Newsletter section.
  const [mailOnPublish, setMailOnPublish] = useState(true);
  const proposesPublication = !live.published && !canSignOff && proposeLive;

  // The inputs stay controlled (the slug suggestion, the preview and the unsaved-changes guard
  // read `values`); conform checks what the form would send, shows the errors and focuses the first.
  const lastResult = useLastResult(fetcher.data, (answer) => (answer.ok ? undefined : answer.fieldErrors));
  const [form] = useForm({
    id: `post-${editorKey}`,
    lastResult,
    onValidate: ({ formData }) => {
      const submission = parseWithSchema(formData, postFormSchema, { input: postValuesFromForm });
      // A refused save (checks on blur or input have no status): nothing is sent, the values stay.
      if (submission.status === "error") {
        const lang = tabOfFirstError(submission.error);
        // The tab is shown before conform focuses its first refused field.
        if (lang) flushSync(() => setTab(lang));
        toast.error("Error saving", { description: "Please correct the highlighted fields." });
      }
      return submission;
    },
    onSubmit: () => {
      submitted.current = values;
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const errors = form.allErrors;
  // A refusal from the server shows its tab in the same render conform reports it in.
  const [shownResult, setShownResult] = useState(lastResult);
  if (shownResult !== lastResult) {
    setShownResult(lastResult);
    const lang = tabOfFirstError(lastResult?.error);
    if (lang) setTab(lang);
  }

  useFetcherResult(fetcher, (answer) => {
    setConflict(!answer.ok && answer.conflict ? { ...answer.conflict, reason: answer.reason } : null);
    if (answer.ok) {
      if ("version" in answer) setVersion(answer.version);
      setReviewing(null);
      setSaved(answer.values);
      // Keep anything typed while the save was on its way; otherwise show the stored (trimmed) values.
      setValues((current) => (submitted.current && sameValues(current, submitted.current) ? answer.values : current));
      setLive({ slug: answer.values.slug, published: answer.values.published });
      if (answer.values.published) setPublishAt(null);
      setMachineWritten(false);
      if ("proposed" in answer && answer.proposed && !live.published) {
        setProposeLive(false);
        toast.success("Proposed for publication", { description: PROPOSED_FOR_PUBLICATION_TEXT });
      } else if ("proposed" in answer && answer.proposed) toast.success("Change proposed", { description: PROPOSED_TEXT });
      else toast.success("Saved!", { description: "Blog post saved successfully." });
      if ("id" in answer) onCreated?.(answer.id);
    } else {
      toast.error(answer.error, { description: answer.reason });
    }
  });

  // A never-published post's address is nobody's link yet: its slug follows the title until the
  // person types a slug of their own (a stored slug unlike its title, other than a new post's, counts).
  const slugFollows = useRef(initialValues.slug === slugify(initialValues.title) || /^new-post-\d+$/.test(initialValues.slug));
  const followTitle = (current: PostFormInput, next: PostFormInput): PostFormInput =>
    slugFollows.current && !everPublished && next.title !== current.title && slugify(next.title) ? { ...next, slug: slugify(next.title) } : next;

  function change(field: TextField, value: string) {
    if (field === "slug") slugFollows.current = value === slugify(values.title);
    if (machineFilled.has(field)) setMachineFilled((current) => new Set([...current].filter((column) => column !== field)));
    setValues((current) => followTitle(current, { ...current, [field]: value }));
  }

  /** A value set by a button (slug suggestion, upload, removal): a field marked wrong is checked again. */
  function setField(field: TextField, value: string) {
    if (!errors[field]) return change(field, value);
    // Rendered first: conform reads the value from the form.
    flushSync(() => change(field, value));
    form.validate({ name: field });
  }

  const textField = (field: TextField, label: string, options: { rows?: number; hint?: string; lang?: TranslationLang; type?: string; className?: string } = {}) => {
    const langAttrs = options.lang ? LANG_ATTRS[options.lang] : null;
    // The stored translation's state; an edited one is the person's own until saved.
    const state = options.lang && values[field] === saved[field] ? review[field] : undefined;
    return (
      <Field label={label} error={errors[field]?.[0]} hint={options.hint} className={options.className}>
        {(control) => {
          const common = {
            ...control,
            name: field,
            value: values[field],
            lang: langAttrs?.lang,
            dir: langAttrs?.dir,
          };
          const input = options.rows ? (
            <Textarea {...common} rows={options.rows} className={langAttrs?.className} onChange={(e) => change(field, e.target.value)} />
          ) : (
            <Input {...common} type={options.type ?? "text"} className={langAttrs?.className} onChange={(e) => change(field, e.target.value)} />
          );
          // One shape with or without the badge: typing drops the badge, and a changed shape would
          // remount the focused field (its blur then lands while React commits, unhandled).
          return (
            <>
              {input}
              {state ? (
                <span className="mt-1 block">
                  <ReviewBadge state={state} />
                </span>
              ) : null}
            </>
          );
        }}
      </Field>
    );
  };

  /** Content with the rendered article beside it (below it on narrow screens). */
  const contentField = (field: TextField, label: string, lang: "en" | TranslationLang) => (
    <div className="grid gap-4 lg:grid-cols-2">
      {textField(field, label, { rows: 10, lang: lang === "en" ? undefined : lang, hint: "Markdown: ## heading, **bold**, - list, [link](https://…)." })}
      <div>
        <p className="mb-1 text-sm font-medium text-slate-800" aria-hidden>
          Preview
        </p>
        <MarkdownPreview source={values[field]} lang={lang} label={`${label} preview`} />
      </div>
    </div>
  );

  const imageUrl = values.featuredImage.trim();
  const filledCount = (lang: TranslationLang) => Object.values(TRANSLATIONS[lang].fields).filter((f) => hasText(values[f])).length;
  const tabHasError = (lang: TranslationLang) => Object.values(TRANSLATIONS[lang].fields).some((f) => errors[f]);

  function onTabKey(event: React.KeyboardEvent<HTMLButtonElement>) {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const next: TranslationLang = tab === "fa" ? "zh" : "fa";
    setTab(next);
    document.getElementById(`post-tab-${next}`)?.focus();
  }

  return (
    <>
      <fetcher.Form method="post" {...getFormProps(form)} className="space-y-6" aria-labelledby="post-editor-heading">
        {version === undefined ? null : <input type="hidden" name="version" value={version} />}
        {/* Saving a change under review publishes it: only with the sign-off (an editor's save proposes anew). */}
        {reviewing && canSignOff ? <input type="hidden" name="reviewing" value={reviewing} /> : null}
        {machineWritten ? <input type="hidden" name="machineText" value="1" /> : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="post-editor-heading" className="text-xl font-semibold text-slate-900">
              {postId === undefined ? "New post" : "Edit post"}
            </h2>
            {live.published ? <Badge tone="success">Published</Badge> : <Badge tone="neutral">Draft</Badge>}
            {publishAt && !live.published ? <ScheduledBadge publishAt={publishAt} /> : null}
            {dirty ? (
              <Badge tone="warning" role="status">
                Unsaved changes
              </Badge>
            ) : null}
          </div>
          {live.published ? (
            <a href={`/blog/${live.slug}`} target="_blank" rel="noreferrer" className={buttonClass("ghost", "sm")}>
              <ExternalLink aria-hidden className="size-4" />
              View on site<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
        {/* Below the editor's heading: its h3 belongs under the h2 (heading order). */}
        {conflict ? (
          <section role="alert" aria-labelledby="post-conflict-heading" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
            <h3 id="post-conflict-heading" className="font-semibold text-amber-900">
              Someone else saved this post
            </h3>
            <p className="text-sm text-amber-900">{conflict.reason}</p>
            <DiffView diff={conflict.diff} empty="Only the publication state changed." />
            {version === conflict.version ? (
              <p className="text-sm text-amber-900">Save again to replace their changes with yours (theirs stay in the History).</p>
            ) : (
              <Button type="button" variant="secondary" onClick={() => setVersion(conflict.version)}>
                Keep my version
              </Button>
            )}
          </section>
        ) : null}

        <Card>
          <CardHeader>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h3 className="font-semibold text-slate-900">Post</h3>
                <p className="text-sm text-slate-600">English is the main version; a missing translation shows the English text.</p>
              </div>
              <EditorAiTools
                postId={editorKey}
                values={values}
                protectedColumns={personsTranslations(values, saved, review, machineFilled)}
                onResult={(changes) => {
                  // Only Translate fills translation fields; Generate writes the English ones.
                  const translated = Object.keys(changes).filter((column) => tabOf(column) !== null);
                  if (translated.length > 0) setMachineFilled((current) => new Set([...current, ...translated]));
                  if (translated.length < Object.keys(changes).length) setMachineWritten(true);
                  setValues((current) => followTitle(current, { ...current, ...changes }));
                }}
              />
            </div>
          </CardHeader>
          <CardContent className="grid gap-5">
            {textField("title", "Title")}

            <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-start">
              {textField("slug", "Slug (URL)", { hint: "Lowercase letters, digits and hyphens; the page address is /blog/{slug}." })}
              <Button
                variant="secondary"
                className="sm:mt-6"
                onClick={() => {
                  const suggestion = slugify(values.title);
                  if (suggestion) setField("slug", suggestion);
                }}
                disabled={!slugify(values.title)}
              >
                <Wand2 aria-hidden className="size-4" />
                Slug from title
              </Button>
            </div>

            <div className="grid gap-5 sm:grid-cols-2">
              {textField("author", "Author")}
              {textField("publishedAt", "Publication Date", { type: "date" })}
            </div>

            <div className="space-y-3">
              {textField("featuredImage", "Featured Image URL", { hint: "An https:// address, or upload an image (JPEG, PNG, WebP, AVIF; at most 8 MB)." })}
              <div className="flex flex-wrap items-center gap-3">
                <ImageUploadButton
                  label="Upload image"
                  describedBy={uploadError ? "featured-upload-error" : undefined}
                  onError={setUploadError}
                  onUploaded={(image) => setField("featuredImage", image.url)}
                />
                {imageUrl ? (
                  <Button variant="ghost" onClick={() => setField("featuredImage", "")}>
                    Remove image
                  </Button>
                ) : null}
              </div>
              {uploadError ? (
                <p id="featured-upload-error" role="alert" className="text-sm text-red-700">
                  Upload refused: {uploadError}
                </p>
              ) : null}
              {imageUrl && isImageUrl(imageUrl) ? (
                <ImagePreview key={imageUrl} src={imageUrl} alt={values.imageAltText.trim() || "Featured image preview"} />
              ) : null}
            </div>

            {textField("excerpt", "Excerpt", { rows: 2 })}
            {contentField("content", "Content", "en")}
            {textField("metaDescription", "Meta description", { rows: 2, hint: "Shown by search engines; about 150 to 160 characters." })}
            {textField("imageAltText", "Image alt text", { hint: "Describes the featured image for people who cannot see it." })}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h3 className="font-semibold text-slate-900">Translations</h3>
            <p className="text-sm text-slate-600">Visitors reading in Farsi or Chinese see these texts; empty ones fall back to English.</p>
          </CardHeader>
          <CardContent className="space-y-5">
            <div role="tablist" aria-label="Translation language" className="flex gap-2 border-b border-slate-200">
              {(Object.keys(TRANSLATIONS) as TranslationLang[]).map((lang) => (
                <button
                  key={lang}
                  type="button"
                  role="tab"
                  id={`post-tab-${lang}`}
                  aria-selected={tab === lang}
                  aria-controls={`post-panel-${lang}`}
                  tabIndex={tab === lang ? 0 : -1}
                  onClick={() => setTab(lang)}
                  onKeyDown={onTabKey}
                  className={`-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium ${
                    tab === lang ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:text-slate-900"
                  }`}
                >
                  {TRANSLATIONS[lang].name}
                  <span className="text-xs text-slate-600">({filledCount(lang)}/5)</span>
                  {tabHasError(lang) ? (
                    <span className="text-xs font-semibold text-red-700">
                      <span aria-hidden>!</span>
                      <span className="sr-only"> has errors</span>
                    </span>
                  ) : null}
                </button>
              ))}
            </div>
            {(Object.keys(TRANSLATIONS) as TranslationLang[]).map((lang) => {
              const { name, fields } = TRANSLATIONS[lang];
              return (
                <div key={lang} role="tabpanel" id={`post-panel-${lang}`} aria-labelledby={`post-tab-${lang}`} hidden={tab !== lang} className="grid gap-5">
                  {textField(fields.title, `Title (${name})`, { lang })}
                  {textField(fields.excerpt, `Excerpt (${name})`, { lang, rows: 2 })}
                  {contentField(fields.content, `Content (${name})`, lang)}
                  {textField(fields.metaDescription, `Meta description (${name})`, { lang, rows: 2 })}
                  {textField(fields.imageAltText, `Image alt text (${name})`, { lang })}
                </div>
              );
            })}
          </CardContent>
        </Card>

        <Card>
          {!live.published && !canSignOff ? (
            <CardContent className="flex items-start gap-3">
              <Switch id="post-propose" name="propose" value="1" checked={proposeLive} onCheckedChange={setProposeLive} aria-describedby="post-propose-hint" />
              <div>
                <Label htmlFor="post-propose" className="mb-0">
                  Propose for publication
                </Label>
                <p id="post-propose-hint" className="text-sm text-slate-600">
                  Publishing needs a reviewer&apos;s sign-off. When on, the post is saved as a draft and a reviewer is asked to publish it; visitors and subscribers see nothing until then.
                </p>
              </div>
            </CardContent>
          ) : (
          <CardContent className="flex items-start gap-3">
            <Switch
              id="post-published"
              name="published"
              checked={values.published}
              onCheckedChange={(checked) => setValues((current) => ({ ...current, published: checked }))}
              aria-describedby="post-published-hint"
            />
            <div>
              <Label htmlFor="post-published" className="mb-0">
                Published
              </Label>
              <p id="post-published-hint" className="text-sm text-slate-600">
                When on, the post appears on the public blog in all three languages after you save.
              </p>
            </div>
          </CardContent>
          )}
          {postId === undefined ? (
            <CardContent className="flex items-start gap-3 border-t border-slate-100">
              {/* The value posts itself, so a form sent without JavaScript keeps the default (on). */}
              <input type="hidden" name="sendNewsletter" value={mailOnPublish ? "on" : "off"} />
              <Switch id="post-newsletter" checked={mailOnPublish} onCheckedChange={setMailOnPublish} aria-describedby="post-newsletter-hint" />
              <div>
                <Label htmlFor="post-newsletter" className="mb-0">
                  Mail this post to subscribers when published
                </Label>
                <p id="post-newsletter-hint" className="text-sm text-slate-600">
                  Once, to each subscriber in their language when that language&apos;s version is published. Off: its first publication mails no one, and then it is never mailed (until then the post&apos;s Newsletter section can switch it on).
                </p>
              </div>
            </CardContent>
          ) : null}
          {/* A schedule publishes by itself: setting one is the sign-off's (decision 0087). */}
          {live.published || postId === undefined || !canSignOff ? null : (
            <CardContent className="border-t border-slate-100">
              <PostSchedule postId={postId} publishAt={publishAt} onChange={setPublishAt} />
            </CardContent>
          )}
        </Card>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
          {postId === undefined && hydrated ? <input type="hidden" name="stay" value="1" /> : null}
          <Button type="submit" disabled={saving} aria-describedby={proposes ? "post-proposes-hint" : undefined}>
            {saving ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Save aria-hidden className="size-4" />}
            {saving ? "Saving…" : proposes ? "Propose change" : proposesPublication ? "Propose for publication" : "Save Post"}
          </Button>
          <Link to="/admin/dashboard" className={buttonClass("secondary")}>
            Cancel
          </Link>
          {proposes ? (
            <p id="post-proposes-hint" className="text-sm text-slate-700">
              This post is live: your change waits for a lawyer&apos;s sign-off, and visitors keep the published version until then.
            </p>
          ) : !live.published && values.published && machineWritten && !canSignOff ? (
            <p className="text-sm text-slate-700">Text written by the AI goes live only with a lawyer&apos;s sign-off: save it as a draft for review.</p>
          ) : null}
        </div>
      </fetcher.Form>
      {/* Leaving with unsaved changes asks first: links inside the app, and reload or close. */}
      <UnsavedChangesGuard
        dirty={dirty && !saving}
        title="Leave without saving?"
        description="This post has changes that are not saved yet. If you leave now, they are lost."
        leaveLabel="Leave"
      />
    </>
  );
}
