import { z } from "zod";
import { LIMITS } from "../../blog/post-schema";

/** The topic 'Generate with AI' asks for; as long as a title may be. */
export const TOPIC_MAX = LIMITS.title;
export const TOPIC_REQUIRED = "Say what the article should be about.";

/** 'Generate with AI' in the editor: the topic the person gave in its dialog. */
export const editorGenerateSchema = z.object({
  topic: z.string().trim().min(1, TOPIC_REQUIRED).max(TOPIC_MAX, `The topic is longer than ${TOPIC_MAX} characters.`),
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
