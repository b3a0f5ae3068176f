import * as z from "zod/mini";

/**
 * The firm's consultation availability (issue 33, decision 0076): what the slot generator reads
 * and the admin's Consultations tab will edit. Times of day are Vancouver wall-clock "HH:MM".
 */
import { MEETING_KINDS, type MeetingKind } from "./meeting-kinds";

export { isMeetingKind, MEETING_KINDS, type MeetingKind } from "./meeting-kinds";

/** Weekday numbers as Date's getUTCDay gives them: 0 Sunday … 6 Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export interface OfficeHours {
  /** "HH:MM", Vancouver wall-clock. */
  open: string;
  close: string;
}

export interface BookingSettings {
  /** Per weekday (index 0 = Sunday), null when closed all day. */
  hours: Array<OfficeHours | null>;
  slotMinutes: number;
  /** Free time kept after each consultation before the next may start. */
  bufferMinutes: number;
  /** A slot must start at least this long after now. */
  minNoticeHours: number;
  /** Slots are offered up to this many days ahead. */
  horizonDays: number;
  kinds: MeetingKind[];
  /** Dates ("YYYY-MM-DD", Vancouver) the firm closes besides the statutory holidays. */
  closedDates: string[];
}

const WEEKDAY_HOURS: OfficeHours = { open: "09:00", close: "17:00" };

/** The spec's defaults: Monday–Friday 09:00–17:00, 30-minute free consultations. */
export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  hours: [null, WEEKDAY_HOURS, WEEKDAY_HOURS, WEEKDAY_HOURS, WEEKDAY_HOURS, WEEKDAY_HOURS, null],
  slotMinutes: 30,
  bufferMinutes: 0,
  minNoticeHours: 24,
  horizonDays: 60,
  kinds: ["video", "phone", "office"],
  closedDates: [],
};

/** Bounds an editor's values must keep, so one setting cannot make the generator loop for ever. */
export const SETTINGS_LIMITS = {
  slotMinutes: { min: 15, max: 240 },
  bufferMinutes: { min: 0, max: 120 },
  minNoticeHours: { min: 0, max: 24 * 14 },
  horizonDays: { min: 1, max: 365 },
  closedDates: 366,
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const hoursSchema = z.nullable(
  z
    .object({ open: z.string().check(z.regex(TIME, "booking.settings.time-invalid")), close: z.string().check(z.regex(TIME, "booking.settings.time-invalid")) })
    .check(z.refine((h) => minutesOfDay(h.open) < minutesOfDay(h.close), "booking.settings.hours-order")),
);

const intIn = (range: { min: number; max: number }) =>
  z.number().check(z.int("booking.settings.number-invalid"), z.gte(range.min, "booking.settings.number-range"), z.lte(range.max, "booking.settings.number-range"));

export const bookingSettingsSchema = z.object({
  hours: z.array(hoursSchema).check(z.length(7, "booking.settings.hours-invalid")),
  slotMinutes: intIn(SETTINGS_LIMITS.slotMinutes),
  bufferMinutes: intIn(SETTINGS_LIMITS.bufferMinutes),
  minNoticeHours: intIn(SETTINGS_LIMITS.minNoticeHours),
  horizonDays: intIn(SETTINGS_LIMITS.horizonDays),
  kinds: z.array(z.enum(MEETING_KINDS)).check(z.minLength(1, "booking.settings.kinds-required")),
  closedDates: z
    .array(z.string().check(z.regex(DATE, "booking.settings.date-invalid")))
    .check(z.maxLength(SETTINGS_LIMITS.closedDates, "booking.settings.too-many-dates")),
});

