import { bookingSettingsSchema, MEETING_KINDS, SETTINGS_LIMITS, WEEKDAYS, type BookingSettings } from "~/booking/settings";

/**
 * The availability form of the Consultations tab (decision 0080): its fields, how they become
 * the settings the shared schema (app/booking/settings.ts) checks, and that schema's message keys
 * as English sentences next to the field they belong to. Browser-safe.
 */
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** Monday first, as the firm's week reads. */
export const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export const NUMBER_FIELDS = {
  slotMinutes: { label: "Slot length (minutes)", range: SETTINGS_LIMITS.slotMinutes, unit: "minutes" },
  bufferMinutes: { label: "Buffer between bookings (minutes)", range: SETTINGS_LIMITS.bufferMinutes, unit: "minutes" },
  minNoticeHours: { label: "Minimum notice (hours)", range: SETTINGS_LIMITS.minNoticeHours, unit: "hours" },
  horizonDays: { label: "How far ahead (days)", range: SETTINGS_LIMITS.horizonDays, unit: "days" },
} as const;
type NumberField = keyof typeof NUMBER_FIELDS;

export const KIND_LABELS: Record<(typeof MEETING_KINDS)[number], string> = { video: "Video (the site's video consultation)", phone: "Phone", office: "In person at the office" };

const wholeNumber = (value: FormDataEntryValue | null) => (typeof value === "string" && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : Number.NaN);
const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value.trim() : "");

/** The form's values as the settings schema's input (closed dates are kept as they are). */
export function settingsInput(form: FormData, closedDates: readonly string[]): unknown {
  return {
    hours: WEEKDAYS.map((day) => (form.get(`open-${day}`) === "on" ? { open: text(form.get(`from-${day}`)), close: text(form.get(`to-${day}`)) } : null)),
    slotMinutes: wholeNumber(form.get("slotMinutes")),
    bufferMinutes: wholeNumber(form.get("bufferMinutes")),
    minNoticeHours: wholeNumber(form.get("minNoticeHours")),
    horizonDays: wholeNumber(form.get("horizonDays")),
    kinds: form.getAll("kinds").filter((kind): kind is string => typeof kind === "string"),
    closedDates: [...closedDates],
  };
}

/** The form field a schema issue belongs to: from-1 / to-1 for Monday's hours, else its name. */
export function settingsFieldName(path: readonly PropertyKey[]): string {
  if (path[0] === "hours" && typeof path[1] === "number") return path[2] === "open" ? `from-${path[1]}` : `to-${path[1]}`;
  return String(path[0] ?? "form");
}

/** A schema message key as the sentence shown under `field`. */
export function settingsMessage(key: string, field: string): string {
  const day = /^(?:from|to)-(\d)$/.exec(field);
  const dayName = day ? WEEKDAY_NAMES[Number(day[1])] : "";
  if (key === "booking.settings.time-invalid") return `${dayName}: enter a time as HH:MM (24-hour).`;
  if (key === "booking.settings.hours-order") return `${dayName}: closing time must be after opening time.`;
  if (key === "booking.settings.kinds-required") return "Offer at least one kind of meeting.";
  if (Object.hasOwn(NUMBER_FIELDS, field)) {
    const { range, unit } = NUMBER_FIELDS[field as NumberField];
    return `Enter a whole number of ${unit} from ${range.min} to ${range.max}.`;
  }
  return "Check this value.";
}

export type SettingsCheck = { ok: true; settings: BookingSettings } | { ok: false; fieldErrors: Record<string, string> };

/** Check the form with the shared schema; each refused field gets its sentence. */
export function checkSettingsForm(form: FormData, closedDates: readonly string[]): SettingsCheck {
  const parsed = bookingSettingsSchema.safeParse(settingsInput(form, closedDates));
  if (parsed.success) return { ok: true, settings: parsed.data as BookingSettings };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = settingsFieldName(issue.path);
    fieldErrors[field] ??= settingsMessage(issue.message, field);
  }
  return { ok: false, fieldErrors };
}
