/**
 * Scheduled publishing's times (decisions 0062, 0083): the firm picks a moment as Vancouver
 * wall-clock time; it is stored as an instant (UTC) and shown as both. The conversion is the firm
 * clock's (the product's rules, not the runtime's or the browser's). Shared by the editor (the
 * preview beside the input, on the rules the dashboard's loader passed) and the server (the
 * check that counts).
 */
import { z } from "zod";
import type { FirmClock } from "../../core/firm-time";

/** The furthest ahead a post may be scheduled. */
export const SCHEDULE_MAX_YEARS = 2;

const LOCAL_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export const SCHEDULE_MESSAGES = {
  format: "Choose a date and a time to publish.",
  gap: "That time does not exist in Vancouver: the clocks skip an hour that night. Choose another time.",
  range: "Choose a date between 1970 and 2100.",
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
export function checkScheduleInput(clock: FirmClock, local: string, now: Date): { ok: true; at: Date } | { ok: false; message: string } {
  const parsed = clock.fromWall(local);
  if (!parsed.ok) return { ok: false, message: SCHEDULE_MESSAGES[parsed.reason] };
  const refusal = scheduleRefusal(parsed.at, now);
  return refusal ? { ok: false, message: refusal } : { ok: true, at: parsed.at };
}

/** The editor's "Schedule": a Vancouver date and time (whether that moment exists and is allowed: `checkScheduleInput`). */
export const scheduleFormSchema = z.object({
  publishAt: z.string({ error: SCHEDULE_MESSAGES.format }).trim().regex(LOCAL_PATTERN, SCHEDULE_MESSAGES.format),
});
/** The editor's "Cancel schedule": nothing to send but the intent. */
export const unscheduleFormSchema = z.object({});
