import * as z from "zod/mini";
import { foldLines } from "../contact/schema";
import { MEETING_KINDS } from "./settings";

/**
 * The booking's fields (issue 33's contract: `start`, `kind`, `area`, `name`, `email`, `phone`,
 * `description`, `parties`, `consent=on`). Messages are content keys (booking.validation.*),
 * translated where they are shown.
 */
export const BOOKING_LIMITS = { name: 100, email: 255, phone: 50, description: 2000, parties: 1000, partyNames: 20 } as const;

import { PRACTICE_AREAS } from "./page-filters";

export { PRACTICE_AREAS };

export const BOOKING_FIELDS = ["start", "kind", "area", "lawyer", "speaks", "name", "email", "phone", "description", "parties", "consent"] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];
export type BookingValues = Record<BookingField, string>;

export function readBookingForm(form: FormData): BookingValues {
  const values = Object.fromEntries(BOOKING_FIELDS.map((field) => [field, ""])) as BookingValues;
  for (const field of BOOKING_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}

const oneLine = (max: number, maxKey: string, requiredKey?: string) =>
  z.pipe(
    z.string().check(z.overwrite(foldLines)),
    z.string().check(z.trim(), ...(requiredKey ? [z.minLength(1, requiredKey)] : []), z.maxLength(max, maxKey)),
  );

/** "Names of the other people or companies involved": one per line, or separated by ; or ,. */
export const splitParties = (text: string) =>
  [...new Set(text.split(/[\n\r;,،；，]+/).map((name) => name.replace(/\s+/g, " ").trim()).filter(Boolean))];

export const bookingSchema = z.object({
  start: z.pipe(
    z.string().check(z.trim(), z.minLength(1, "booking.validation.start-required")),
    z.pipe(z.iso.datetime({ offset: true, error: "booking.validation.start-invalid" }), z.transform((value: string) => new Date(value))),
  ),
  kind: z.enum(MEETING_KINDS, "booking.validation.kind-invalid"),
  area: z.pipe(
    z.string(),
    z.transform((value: string) => value.trim()),
  ).check(z.refine((value) => value === "" || (PRACTICE_AREAS as readonly string[]).includes(value), "booking.validation.area-invalid")),
  // The lawyer chosen (a team member id), or empty for any lawyer (issue 46, decision 0104).
  lawyer: z.pipe(
    z.string().check(z.trim(), z.regex(/^(\d{1,9})?$/, "booking.validation.lawyer-invalid")),
    z.transform((value: string) => (value === "" ? null : Number(value))),
  ),
  // Any lawyer who speaks this language (en, fa, zh), or empty.
  speaks: z.pipe(
    z.string().check(z.trim(), z.regex(/^(en|fa|zh)?$/, "booking.validation.speaks-invalid")),
    z.transform((value: string) => (value === "" ? null : (value as "en" | "fa" | "zh"))),
  ),
  name: oneLine(BOOKING_LIMITS.name, "booking.validation.name-max", "booking.validation.name-required"),
  email: z.pipe(oneLine(BOOKING_LIMITS.email, "booking.validation.email-max", "booking.validation.email-required"), z.email("booking.validation.email-invalid")),
  phone: oneLine(BOOKING_LIMITS.phone, "booking.validation.phone-max"),
  description: z.string().check(z.trim(), z.maxLength(BOOKING_LIMITS.description, "booking.validation.description-max")),
  parties: z
    .string()
    .check(
      z.maxLength(BOOKING_LIMITS.parties, "booking.validation.parties-max"),
      z.refine((text) => splitParties(text).length <= BOOKING_LIMITS.partyNames, "booking.validation.parties-too-many"),
    ),
  consent: z.literal("on", "booking.validation.consent-required"),
}).check(
  // A phone consultation needs the number to call (issue 46). Checked even when other fields
  // are wrong, so the visitor sees every message at once; skipped when kind or phone is itself wrong.
  z.refine((data) => data.kind !== "phone" || data.phone !== "", {
    message: "booking.validation.phone-required",
    path: ["phone"],
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "kind" || issue.path?.[0] === "phone"),
  }),
);

export type BookingSubmission = z.output<typeof bookingSchema>;

export type BookingValidation =
  | { success: true; data: BookingSubmission }
  | { success: false; errors: Partial<Record<BookingField, string>> };

export function validateBooking(values: BookingValues): BookingValidation {
  const result = bookingSchema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: Partial<Record<BookingField, string>> = {};
  for (const issue of result.error.issues) errors[issue.path[0] as BookingField] ??= issue.message;
  return { success: false, errors };
}
