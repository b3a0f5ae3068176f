import { useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import * as Dialog from "@radix-ui/react-dialog";
import { Languages, Loader2, Sparkles } from "lucide-react";
import { toast } from "sonner";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { TOPIC_MAX, TOPIC_REQUIRED } from "~/admin/blog/ai-schema";
import { useFetcherResult } from "~/admin/kit/hooks";
import { hasText, postColumn, POST_TRANSLATED_FIELDS } from "~/i18n/translated";
import type { PostFormInput } from "~/blog/post-schema";
import type { GenerateResult, TranslateResult } from "~/admin/blog/edit-actions.server";
import { TARGET_LANGUAGES } from "~/i18n/languages";

interface Props {
  /** The editor's key: the post's id, or "new". */
  postId: number | string;
  values: PostFormInput;
  /** Put AI results into the form: unsaved, for a person to read first (SPEC 4). */
  onResult: (changes: Partial<PostFormInput>) => void;
  /**
   * The translation fields (`titleFa`, ...) holding a person's text (reviewed, or typed in the form):
   * Translate replaces one of them only when the person ticks it (decision 0063).
   */
  protectedColumns?: ReadonlyArray<{ column: string; label: string }>;
}

/** A new post's title until someone changes it (app/blog/manage.server.ts createPost): not a topic. */
const DEFAULT_TITLE = "New Blog Post";

/** The editor's 'Generate with AI' (on a topic it asks for) and 'Translate' (this post, into Farsi and Chinese). */
export function EditorAiTools({ postId, values, onResult, protectedColumns = [] }: Props) {
  const generator = useFetcher<GenerateResult>({ key: `generate-${postId}` });
  const translator = useFetcher<TranslateResult>({ key: `translate-${postId}` });
  // The topic dialog: open while `topic` is not null.
  const [topic, setTopic] = useState<string | null>(null);
  const [topicError, setTopicError] = useState<string | null>(null);
  // The replace-or-keep question for a person's translations: open while not null (the ticked columns).
  const [replacing, setReplacing] = useState<Set<string> | null>(null);
  // What the running translation may write over: every column but the kept ones.
  const kept = useRef<Set<string>>(new Set());

  useFetcherResult(generator, (result) => {
    if (!result.ok) return void toast.error(result.error, { description: result.reason });
    const { article } = result;
    onResult({
      title: article.title,
      excerpt: article.excerpt,
      content: article.content,
      metaDescription: article.metaDescription,
      imageAltText: article.imageAltText,
      ...(article.featuredImage ? { featuredImage: article.featuredImage } : {}),
    });
    toast.success("Article generated", {
      description: `Read it, then save the post.${article.imageNote ? ` No image: ${article.imageNote}` : ""}`,
    });
  });
  useFetcherResult(translator, (result) => {
    if (!result.ok) return void toast.error(result.error, { description: result.reason });
    const changes: Record<string, string> = {};
    for (const language of TARGET_LANGUAGES) {
      for (const [field, text] of Object.entries(result.translations[language])) {
        const column = postColumn(field as (typeof POST_TRANSLATED_FIELDS)[number], language);
        if (!kept.current.has(column)) changes[column] = text;
      }
    }
    onResult(changes as Partial<PostFormInput>);
    const keptCount = kept.current.size;
    toast.success("Translation complete", {
      description: `Review the Farsi and Chinese texts, then save the post.${keptCount > 0 ? ` ${keptCount} ${keptCount === 1 ? "translation" : "translations"} by a person kept.` : ""}`,
    });
  });

  const generate = (about: string) => void generator.submit({ intent: "generate", topic: about }, { method: "post" });
  /** Translate the English in the form; `replace` holds the person's translations they chose to replace. */
  const translate = (replace: ReadonlySet<string>) => {
    kept.current = new Set(protectedColumns.map((p) => p.column).filter((column) => !replace.has(column)));
    const english = Object.fromEntries(POST_TRANSLATED_FIELDS.map((field) => [field, values[field]]));
    void translator.submit({ intent: "translate", ...english }, { method: "post" });
  };
  const generating = generator.state !== "idle";
  const translating = translator.state !== "idle";
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="AI tools" role="group">
      <Button
        variant="secondary"
        disabled={generating}
        aria-busy={generating || undefined}
        onClick={() => {
          setTopicError(null);
          setTopic(values.title.trim() === DEFAULT_TITLE ? "" : values.title.trim());
        }}
      >
        {generating ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Sparkles aria-hidden className="size-4" />}
        {generating ? "Writing…" : "Generate with AI"}
      </Button>
      <Button
        variant="secondary"
        disabled={translating}
        aria-busy={translating || undefined}
        onClick={() => {
          if (!POST_TRANSLATED_FIELDS.some((field) => hasText(values[field]))) return void toast.error("Translation failed", { description: "No content to translate" });
          if (protectedColumns.length > 0) return setReplacing(new Set());
          translate(new Set());
        }}
      >
        {translating ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Languages aria-hidden className="size-4" />}
        {translating ? "Translating…" : "Translate"}
      </Button>
      <FormDialog
        open={replacing !== null}
        onClose={() => setReplacing(null)}
        scroll
        title="Translate this post"
        description={
          <>
            {protectedColumns.length} {protectedColumns.length === 1 ? "translation was" : "translations were"} written or reviewed by a person. They are kept unless you tick them
            here; the other fields are translated into the form (nothing is saved until you save the post).
          </>
        }
        submit="Translate"
        onSubmit={() => {
          const chosen = replacing ?? new Set<string>();
          setReplacing(null);
          translate(chosen);
        }}
      >
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">Replace these reviewed translations</legend>
          {protectedColumns.map(({ column, label }) => (
            <label key={column} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={replacing?.has(column) ?? false}
                onChange={(event) =>
                  setReplacing((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(column);
                    else next.delete(column);
                    return next;
                  })
                }
              />
              {label}
            </label>
          ))}
        </fieldset>
        <p className="mt-3 text-sm text-slate-700" aria-live="polite">
          {(replacing?.size ?? 0) === 0
            ? "No reviewed translation will be replaced."
            : `${replacing!.size} reviewed ${replacing!.size === 1 ? "translation" : "translations"} will be replaced.`}
        </p>
      </FormDialog>
      <FormDialog
        open={topic !== null}
        onClose={() => setTopic(null)}
        noValidate
        title="Generate with AI"
        description={
          hasText(values.content)
            ? "The AI writes a new article on this topic. It replaces the title, excerpt, content, meta description and image alt text in the form; nothing is saved until you save the post."
            : "The AI writes an article on this topic into the form; nothing is saved until you save the post."
        }
        submit="Generate"
        onSubmit={() => {
          const about = (topic ?? "").trim();
          if (!about) return setTopicError(TOPIC_REQUIRED);
          setTopic(null);
          generate(about);
        }}
      >
        <Field label="What should the article be about?" error={topicError ?? undefined} hint={`Up to ${TOPIC_MAX} characters.`}>
          {(control) => (
            <Input
              {...control}
              required
              maxLength={TOPIC_MAX}
              value={topic ?? ""}
              onChange={(event) => {
                setTopic(event.target.value);
                if (topicError) setTopicError(null);
              }}
            />
          )}
        </Field>
      </FormDialog>
    </div>
  );
}

/** A dialog holding a small form of the editor's, with Cancel and its submit button. */
function FormDialog({
  open,
  onClose,
  title,
  description,
  submit,
  onSubmit,
  noValidate,
  scroll,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  submit: string;
  onSubmit: () => void;
  noValidate?: boolean;
  /** Scrolls inside when taller than the window. */
  scroll?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className={`fixed start-1/2 top-1/2 z-50 ${scroll ? "max-h-[90vh] overflow-y-auto " : ""}w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl rtl:translate-x-1/2`}
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">{description}</Dialog.Description>
          <form
            noValidate={noValidate}
            className="mt-4"
            onSubmit={(event) => {
              event.preventDefault();
              // The dialog is portalled, but React still bubbles its submit to the post's form.
              event.stopPropagation();
              onSubmit();
            }}
          >
            {children}
            <div className="mt-6 flex justify-end gap-2">
              <Dialog.Close className={buttonClass("secondary")}>Cancel</Dialog.Close>
              <button type="submit" className={buttonClass("primary")}>
                {submit}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
