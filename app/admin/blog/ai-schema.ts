import { z } from "zod";
import { LIMITS } from "../../blog/post-schema";

/** 'Generate with AI' in the editor: the title as it is in the form. */
export const editorGenerateSchema = z.object({
  title: z.string().trim().min(1, "Enter a title first: the article is written from it.").max(LIMITS.title, `The title is longer than ${LIMITS.title} characters.`),
});

const field = (name: string, max: number) => z.string().max(max, `The ${name} is longer than ${max.toLocaleString("en-US")} characters.`).default("");

/** 'Translate' in the editor: the English fields as they are in the form. */
export const editorTranslateSchema = z.object({
  title: field("title", LIMITS.title),
  excerpt: field("excerpt", LIMITS.excerpt),
  content: field("content", LIMITS.content),
  metaDescription: field("meta description", LIMITS.metaDescription),
  imageAltText: field("image alt text", LIMITS.imageAltText),
});
