import { z } from "zod";
import { isCalendarDay } from "../../core/clock";

/**
 * The blog editor's one schema, run in the browser before sending and again on the server
 * (which never trusts the browser). Values arrive as strings plus the published flag.
 */

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 200;
/** The answer to a post form with a refused field (each field says why beside it). */
export const POST_FORM_REFUSED = "Please correct the highlighted fields.";
export const SLUG_TAKEN_MESSAGE = "This slug is already used by another post.";

export const LIMITS = {
  title: 300,
  author: 200,
  featuredImage: 2048,
  excerpt: 1000,
  content: 100_000,
  metaDescription: 320,
  imageAltText: 300,
} as const;

/** The fields that exist per language: English in the base column, then _fa and _zh. */
export { POST_TRANSLATED_FIELDS as TRANSLATED_FIELDS, type PostTranslatedField as TranslatedField } from "../i18n/translated";

const MEDIA_PATH = /^\/media\/[0-9a-f-]{36}(?:\/\d+\.(?:webp|avif))?$/;

/** Why an http:// featured image is refused: the page's Content-Security-Policy allows https images only. */
export const HTTP_IMAGE_REFUSED = "Use an https:// address: browsers block http images on this site.";
export const IMAGE_URL_REFUSED = "Enter an https:// address or an uploaded image path (/media/...).";

/**
 * An outside https address, or an image uploaded to this site (/media/{id}). Not http: the
 * site's Content-Security-Policy (img-src) lets browsers load https images only.
 */
export function isImageUrl(value: string): boolean {
  if (MEDIA_PATH.test(value)) return true;
  if (!/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

const tooLong = (label: string, max: number) => `${label} must be at most ${max.toLocaleString("en-US")} characters.`;

/** Optional text: trimmed, and stored as NULL when empty (an empty variant falls back to English). */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(label, max))
    .transform((v) => (v === "" ? null : v));

/** Body text keeps its inner whitespace (Markdown); only the ends are trimmed. */
export const postFormSchema = z.object({
  title: z.string().trim().min(1, "Title is required.").max(LIMITS.title, tooLong("Title", LIMITS.title)),
  slug: z
    .string()
    .trim()
    .min(1, "Slug is required.")
    .max(SLUG_MAX, tooLong("Slug", SLUG_MAX))
    .regex(SLUG_PATTERN, "Use only lowercase letters, digits and single hyphens between words (for example: tenant-rights-2026)."),
  author: z.string().trim().max(LIMITS.author, tooLong("Author", LIMITS.author)),
  publishedAt: z
    .string()
    .trim()
    .refine((v) => v === "" || isCalendarDay(v), "Enter a valid date.")
    .transform((v) => (v === "" ? null : v)),
  featuredImage: z
    .string()
    .trim()
    .max(LIMITS.featuredImage, tooLong("Featured image URL", LIMITS.featuredImage))
    // One message, the one that says what to do: http gets its own reason.
    .refine((v) => v === "" || isImageUrl(v), { error: (issue) => (/^http:\/\//i.test(String(issue.input)) ? HTTP_IMAGE_REFUSED : IMAGE_URL_REFUSED) })
    .transform((v) => (v === "" ? null : v)),
  excerpt: z.string().trim().max(LIMITS.excerpt, tooLong("Excerpt", LIMITS.excerpt)),
  content: z.string().trim().max(LIMITS.content, tooLong("Content", LIMITS.content)),
  metaDescription: optionalText("Meta description", LIMITS.metaDescription),
  imageAltText: optionalText("Image alt text", LIMITS.imageAltText),
  titleFa: optionalText("Farsi title", LIMITS.title),
  excerptFa: optionalText("Farsi excerpt", LIMITS.excerpt),
  contentFa: optionalText("Farsi content", LIMITS.content),
  metaDescriptionFa: optionalText("Farsi meta description", LIMITS.metaDescription),
  imageAltTextFa: optionalText("Farsi image alt text", LIMITS.imageAltText),
  titleZh: optionalText("Chinese title", LIMITS.title),
  excerptZh: optionalText("Chinese excerpt", LIMITS.excerpt),
  contentZh: optionalText("Chinese content", LIMITS.content),
  metaDescriptionZh: optionalText("Chinese meta description", LIMITS.metaDescription),
  imageAltTextZh: optionalText("Chinese image alt text", LIMITS.imageAltText),
  published: z.boolean(),
});

export type PostFormInput = z.input<typeof postFormSchema>;
export type PostFormOutput = z.output<typeof postFormSchema>;
export type PostFormField = keyof PostFormInput;
export type PostFieldErrors = Partial<Record<PostFormField, string>>;

export const POST_FORM_FIELDS = Object.keys(postFormSchema.shape) as PostFormField[];
const TEXT_FIELDS = POST_FORM_FIELDS.filter((f) => f !== "published") as Exclude<PostFormField, "published">[];

/** The form's values from a submitted FormData (the switch posts "on" when set). */
export function postValuesFromForm(form: FormData): PostFormInput {
  const values = { published: form.get("published") === "on" || form.get("published") === "true" } as PostFormInput;
  for (const field of TEXT_FIELDS) {
    const raw = form.get(field);
    values[field] = typeof raw === "string" ? raw : "";
  }
  return values;
}

/** The first message per field, for showing beside each input. */
export function postFieldErrors(error: z.ZodError): PostFieldErrors {
  const errors: PostFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as PostFormField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export type PostFormResult = { success: true; data: PostFormOutput } | { success: false; errors: PostFieldErrors };

export function validatePostForm(values: PostFormInput): PostFormResult {
  const result = postFormSchema.safeParse(values);
  return result.success ? { success: true, data: result.data } : { success: false, errors: postFieldErrors(result.error) };
}

/** A slug suggested from a title: 'Tenant Rights in B.C.' -> 'tenant-rights-in-b-c'. Empty for a title without Latin letters or digits. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}
