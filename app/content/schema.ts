import { z } from "zod";
import { isTeamMemberKey } from "../i18n/team-member-keys";
import type { ReviewState } from "../translation/states";
import { TARGET_LANGUAGES } from "../i18n/languages";

/** Longest text one field may hold (the longest built-in text is far shorter). */
export const CONTENT_MAX_LENGTH = 20_000;

const text = (language: string) => z.string().max(CONTENT_MAX_LENGTH, `The ${language} text is longer than ${CONTENT_MAX_LENGTH.toLocaleString("en-US")} characters.`);

export const contentEntrySchema = z.object({
  key: z
    .string()
    .min(1, "A content key is missing.")
    .max(200, "The content key is too long.")
    .refine((key) => !isTeamMemberKey(key), "Team member texts are edited in the Team Management tab."),
  content: text("English"),
  contentFa: text("Farsi"),
  contentZh: text("Chinese"),
  /** The version the entry was opened on; none (an old form) saves without the conflict check. */
  version: z.number().int().min(0).nullable().optional(),
  /** The pending change the form showed for review: saving it publishes it (decision 0063). */
  reviewing: z.number().int().min(1).nullable().optional(),
});

/** The one form of the Website Content tab: one entry (Save Changes) or many (Save All). */
export const contentSaveSchema = z.object({
  entries: z
    .array(contentEntrySchema)
    .min(1, "There are no unsaved changes to save.")
    .max(2000, "Too many entries in one save.")
    .refine((entries) => new Set(entries.map((e) => e.key)).size === entries.length, "The same entry was sent twice."),
});

/** One editable text as the Website Content tab shows it (missing translations as ""). */
export interface ContentRow {
  key: string;
  label: string;
  category: string;
  content: string;
  contentFa: string;
  contentZh: string;
  review: { fa: ReviewState; zh: ReviewState };
  /** Since when each translation is out of date: its English was published since (decision 0097); absent when up to date. */
  outdated: { fa?: string; zh?: string };
  version: number;
  /**
   * A change waiting for review (a machine translation): its revision, which languages it fills,
   * its texts (the editor shows them in the form for review), and whether the text changed since.
   */
  pending: { id: number; fa: boolean; zh: boolean; contentFa: string; contentZh: string; stale: boolean } | null;
}

const language = z.enum(TARGET_LANGUAGES, { message: "Choose Farsi or Chinese." });

/** Auto-translate of one entry: the English as it is in the form, into one language. */
export const translateOneSchema = z.object({
  key: z.string().min(1, "A content key is missing.").max(200, "The content key is too long."),
  text: z.string().max(CONTENT_MAX_LENGTH, `The English text is longer than ${CONTENT_MAX_LENGTH.toLocaleString("en-US")} characters.`),
  language,
});

/** 'Translate All Missing Farsi/Chinese'. */
export const translateMissingSchema = z.object({ language });

export type ContentEntryInput = z.infer<typeof contentEntrySchema>;
export type ContentSaveInput = z.infer<typeof contentSaveSchema>;

/** Browsers send form line breaks as CRLF; store plain LF. */
const normalize = (value: FormDataEntryValue | undefined) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "");

/** Form fields (repeated key, content, content_fa, content_zh) -> the schema's input shape. */
export function contentSaveFromFormData(form: FormData): {
  entries: Array<Record<Exclude<keyof ContentEntryInput, "version" | "reviewing">, string> & { version: number | null; reviewing: number | null }>;
} {
  const keys = form.getAll("key");
  const versions = form.getAll("version");
  const reviewing = form.getAll("reviewing");
  const en = form.getAll("content");
  const fa = form.getAll("content_fa");
  const zh = form.getAll("content_zh");
  return {
    entries: keys.map((key, i) => ({
      key: typeof key === "string" ? key : "",
      content: normalize(en[i]),
      contentFa: normalize(fa[i]),
      contentZh: normalize(zh[i]),
      version: versionOf(versions[i]),
      reviewing: versionOf(reviewing[i]) || null,
    })),
  };
}

const versionOf = (value: FormDataEntryValue | undefined) => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null);

/** The same fields, built on the client for a Save All of many entries. */
export function contentSaveToFormData(entries: readonly ContentEntryInput[]): FormData {
  const form = new FormData();
  for (const entry of entries) {
    form.append("key", entry.key);
    form.append("content", entry.content);
    form.append("content_fa", entry.contentFa);
    form.append("content_zh", entry.contentZh);
    form.append("version", entry.version == null ? "" : String(entry.version));
    form.append("reviewing", entry.reviewing == null ? "" : String(entry.reviewing));
  }
  return form;
}

/** SPEC 3: multi-line when the key names a description or bio, or the text is long. */
export const isMultiline = (key: string, content: string) => /description|bio/i.test(key) || content.length > 100;
