import { useState } from "react";
import { useFetcher } from "react-router";
import { Languages, Loader2, Sparkles } from "lucide-react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
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
}

/** The editor's 'Generate with AI' (from the title) and 'Translate' (this post, into Farsi and Chinese). */
export function EditorAiTools({ postId, values, onResult }: Props) {
  const generator = useFetcher<GenerateResult>({ key: `generate-${postId}` });
  const translator = useFetcher<TranslateResult>({ key: `translate-${postId}` });
  const [asking, setAsking] = useState(false);

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
      for (const [field, text] of Object.entries(result.translations[language])) changes[postColumn(field as (typeof POST_TRANSLATED_FIELDS)[number], language)] = text;
    }
    onResult(changes as Partial<PostFormInput>);
    toast.success("Translation complete", { description: "Review the Farsi and Chinese texts, then save the post." });
  });

  const generate = () => void generator.submit({ intent: "generate", title: values.title }, { method: "post" });
  const generating = generator.state !== "idle";
  const translating = translator.state !== "idle";
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="AI tools" role="group">
      <Button
        variant="secondary"
        disabled={generating}
        aria-busy={generating || undefined}
        onClick={() => {
          if (!hasText(values.title)) return void toast.error("Failed to generate post", { description: "Enter a title first: the article is written from it." });
          if (hasText(values.content)) setAsking(true);
          else generate();
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
          const english = Object.fromEntries(POST_TRANSLATED_FIELDS.map((field) => [field, values[field]]));
          if (!POST_TRANSLATED_FIELDS.some((field) => hasText(values[field]))) return void toast.error("Translation failed", { description: "No content to translate" });
          void translator.submit({ intent: "translate", ...english }, { method: "post" });
        }}
      >
        {translating ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Languages aria-hidden className="size-4" />}
        {translating ? "Translating…" : "Translate"}
      </Button>
      <ConfirmDialog
        open={asking}
        onCancel={() => setAsking(false)}
        title="Replace the article?"
        description="Generate with AI replaces the title, excerpt, content, meta description and image alt text in the form with a new article written from the title. Nothing is saved until you save the post."
        confirmLabel="Generate"
        destructive={false}
        onConfirm={() => {
          setAsking(false);
          generate();
        }}
      />
    </div>
  );
}
