/**
 * Scheduled publishing's times (decision 0062): the firm picks a moment as Vancouver wall-clock
 * time; it is stored as an instant (UTC) and shown as both. The conversion asks Intl for
 * Vancouver's offset (the platform's time-zone database), never a hand-written DST table.
 * Shared by the editor (the preview beside the input) and the server (the check that counts).
 */
import { z } from "zod";

export const SCHEDULE_ZONE = "America/Vancouver";
/** The furthest ahead a post may be scheduled. */
export const SCHEDULE_MAX_YEARS = 2;

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const wallFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SCHEDULE_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Vancouver's wall-clock time at an instant, read as if it were UTC (milliseconds). */
function wallAsUtc(ms: number): number {
  const parts = Object.fromEntries(wallFormat.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** The instant's "YYYY-MM-DDTHH:mm" in Vancouver (what a datetime-local input holds). */
export function toVancouverInput(at: Date | string): string {
  const ms = typeof at === "string" ? Date.parse(at) : at.getTime();
  return new Date(wallAsUtc(ms)).toISOString().slice(0, 16);
}

export type LocalTime = { ok: true; at: Date } | { ok: false; reason: "format" | "gap" };

/**
 * A Vancouver wall-clock time ("2027-03-14T03:30") as an instant. A time that happens twice (the
 * hour repeated when clocks go back in November) is its first occurrence, in daylight time; a time
 * that never happens (the hour skipped in March) is refused rather than moved.
 */
export function fromVancouverInput(local: string): LocalTime {
  const match = LOCAL_PATTERN.exec(local.trim());
  if (!match) return { ok: false, reason: "format" };
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Date.UTC rolls 30 February over into March: such a day is not a day.
  if (new Date(wall).toISOString().slice(0, 16) !== local.trim() || hour > 23) return { ok: false, reason: "format" };
  // The offsets in force half a day either side cover any change of offset near this time.
  const offsets = new Set([wallAsUtc(wall - 12 * 3_600_000) - (wall - 12 * 3_600_000), wallAsUtc(wall + 12 * 3_600_000) - (wall + 12 * 3_600_000)]);
  const instants = [...offsets].map((offset) => wall - offset).filter((ms) => wallAsUtc(ms) === wall);
  if (instants.length === 0) return { ok: false, reason: "gap" };
  return { ok: true, at: new Date(Math.min(...instants)) };
}

/** A moment as the firm reads it (one format for the history, conflicts and schedules). */
export { formatFirmTime as formatVancouverAndUtc } from "../../core/clock";

export const SCHEDULE_MESSAGES = {
  format: "Choose a date and a time to publish.",
  gap: "That time does not exist in Vancouver: the clocks skip an hour that night. Choose another time.",
  past: "The time to publish has already passed. Choose a time in the future.",
  tooFar: `The time to publish must be within ${SCHEDULE_MAX_YEARS} years from now.`,
} as const;

/** The latest moment a post may be scheduled for, from `now`. */
export function latestSchedule(now: Date): Date {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + SCHEDULE_MAX_YEARS);
  return latest;
}

/** Whether an instant may be a publishing time at `now`: the refusal's message, or null. */
export function scheduleRefusal(at: Date, now: Date): string | null {
  if (Number.isNaN(at.getTime())) return SCHEDULE_MESSAGES.format;
  if (at.getTime() <= now.getTime()) return SCHEDULE_MESSAGES.past;
  if (at.getTime() > latestSchedule(now).getTime()) return SCHEDULE_MESSAGES.tooFar;
  return null;
}

/** The editor's Vancouver time, checked at `now`: the instant, or the message that refuses it. */
export function checkScheduleInput(local: string, now: Date): { ok: true; at: Date } | { ok: false; message: string } {
  const parsed = fromVancouverInput(local);
  if (!parsed.ok) return { ok: false, message: SCHEDULE_MESSAGES[parsed.reason] };
  const refusal = scheduleRefusal(parsed.at, now);
  return refusal ? { ok: false, message: refusal } : { ok: true, at: parsed.at };
}

/** The editor's "Schedule": a Vancouver date and time (the moment's own checks need the clock: `checkScheduleInput`). */
export const scheduleFormSchema = z.object({
  publishAt: z
    .string({ error: SCHEDULE_MESSAGES.format })
    .trim()
    .superRefine((local, ctx) => {
      const parsed = fromVancouverInput(local);
      if (!parsed.ok)
        ctx.addIssue({
          code: "custom",
          message: SCHEDULE_MESSAGES[parsed.reason],
        });
    }),
});
/** The editor's "Cancel schedule": nothing to send but the intent. */
export const unscheduleFormSchema = z.object({});
