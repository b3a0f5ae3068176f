import { z } from "zod";
import type { FieldNamer } from "../changes/field-errors";
import { TEAM_MEMBER_FIELDS, type TeamMemberField } from "../i18n/team-member-keys";
import { CONTENT_MAX_LENGTH } from "../content/schema";

/** The per-member texts: the site's one list (app/i18n/team-member-keys.ts, no imports, so the browser bundle stays small). */
export const MEMBER_TEXT_FIELDS = TEAM_MEMBER_FIELDS;
export type MemberTextField = TeamMemberField;

export const MEMBER_FIELD_LABELS: Record<MemberTextField, string> = {
  role: "Role",
  bio: "Bio",
  education: "Education",
  bar_admissions: "Bar admissions",
  areas_of_practice: "Areas of practice",
};

/** Bio, education and bar admissions are edited in multi-line boxes. */
export const MULTILINE_MEMBER_FIELDS: ReadonlySet<MemberTextField> = new Set(["bio", "education", "bar_admissions"]);

import type { ReviewState } from "../translation/states";
import { LANGUAGES, TARGET_LANGUAGES, type Lang } from "../i18n/languages";
import { LANGUAGE_NAMES } from "../i18n/language-names";

export type MemberTexts = Record<MemberTextField, { en: string; fa: string; zh: string }>;

export interface TeamMemberView {
  id: number;
  name: string;
  email: string;
  phone: string;
  orderIndex: number;
  active: boolean;
  photoUrl: string | null;
  photoBwUrl: string | null;
  /** The smallest stored widths of the photos, for thumbnails in the list. */
  photoThumb: string | null;
  photoBwThumb: string | null;
  /** Changes on every save, so the page can reset the member's form to the stored values. */
  version: string;
  texts: MemberTexts;
  /** Each translation's review state (a machine's, a person's, or behind its English). */
  review: Record<MemberTextField, { fa: ReviewState; zh: ReviewState }>;
  /** Since when the Farsi or Chinese texts are out of date: English published since (decision 0097); absent when up to date. */
  outdated: { fa?: string; zh?: string };
}

/** Auto-translate one field of one member (saved at once, SPEC 4); the English must be the saved one. */
export const memberTranslateSchema = z.object({
  id: z.coerce.number().int().positive("This team member no longer exists."),
  field: z.enum(MEMBER_TEXT_FIELDS, { message: "Unknown field." }),
  language: z.enum(TARGET_LANGUAGES, { message: "Choose Farsi or Chinese." }),
  english: z.string().max(20_000),
});

/** A member's texts are edited in every language of the site (app/i18n/languages.ts). */
export const LANGS = LANGUAGES;
export type EditLang = Lang;
export { LANGUAGE_NAMES };

const memberText = (field: MemberTextField, lang: EditLang) =>
  z
    .string()
    .max(CONTENT_MAX_LENGTH, `${MEMBER_FIELD_LABELS[field]} (${LANGUAGE_NAMES[lang]}) is longer than ${CONTENT_MAX_LENGTH.toLocaleString("en-US")} characters.`);

const textsShape = Object.fromEntries(
  MEMBER_TEXT_FIELDS.map((field) => [field, z.object({ en: memberText(field, "en"), fa: memberText(field, "fa"), zh: memberText(field, "zh") })]),
) as Record<MemberTextField, z.ZodObject<Record<EditLang, z.ZodString>>>;

export const memberIdSchema = z.coerce.number({ error: "Unknown team member." }).int("Unknown team member.").positive("Unknown team member.");

/** The one form of a team member (the expanded panel of the Team Management tab). */
export const memberSchema = z.object({
  id: memberIdSchema,
  name: z.string().trim().min(1, "Name is required").max(200, "Name is longer than 200 characters."),
  email: z.union([z.literal(""), z.email("Enter a valid email address.").max(255, "Email is longer than 255 characters.")]),
  phone: z.string().trim().max(50, "Phone is longer than 50 characters."),
  orderIndex: z
    .string()
    .trim()
    .regex(/^-?\d+$/, "Order must be a whole number.")
    .transform((value) => Number.parseInt(value, 10))
    .pipe(z.number().int().min(-1_000_000, "Order is out of range.").max(1_000_000, "Order is out of range.")),
  active: z.boolean(),
  texts: z.object(textsShape),
});

export type MemberFormInput = z.input<typeof memberSchema>;
export type MemberInput = z.output<typeof memberSchema>;

const str = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
};

/** The member form's fields -> the schema's input (used by the page before sending and by the action). */
export function memberFromFormData(form: FormData): MemberFormInput {
  return {
    id: str(form, "id"),
    name: str(form, "name"),
    email: str(form, "email").trim(),
    phone: str(form, "phone"),
    orderIndex: str(form, "order_index"),
    active: form.get("active") === "on",
    texts: Object.fromEntries(
      MEMBER_TEXT_FIELDS.map((field) => [field, { en: str(form, `${field}_en`), fa: str(form, `${field}_fa`), zh: str(form, `${field}_zh`) }]),
    ) as MemberFormInput["texts"],
  };
}

/** The form field of a schema path, e.g. "name" or "bio_fa" (field errors are keyed by it). */
export const memberFieldName: FieldNamer = (path) => {
  const [first, field, lang] = path.map(String);
  return first === "texts" ? `${field}_${lang}` : first === "orderIndex" ? "order_index" : first;
};

export const PHOTO_KINDS = ["color", "bw"] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

/** The photo upload form (the file itself is checked by size here and by content on the server). */
export const photoUploadSchema = z.object({
  id: memberIdSchema,
  kind: z.enum(PHOTO_KINDS, { error: "Unknown photo kind." }),
});

export type MemberTranslationState = "complete" | "partial" | "none";

const filled = (value: string | null | undefined) => typeof value === "string" && value.trim() !== "";

/** SPEC 4: check when all five fields have both translations, warning when any exists, cross otherwise. */
export function memberTranslationState(texts: Record<MemberTextField, { fa: string; zh: string }>): MemberTranslationState {
  const values = MEMBER_TEXT_FIELDS.flatMap((field) => [texts[field].fa, texts[field].zh]);
  if (values.every(filled)) return "complete";
  return values.some(filled) ? "partial" : "none";
}
