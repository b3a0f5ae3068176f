/**
 * Scheduled publishing's Vancouver times (decision 0062): the skipped hour is refused, a repeated
 * hour is its first (daylight) occurrence, and the checks of the editor's input (format, past, two
 * years) name what is wrong, under the firm clock's rules (decision 0083) on every runtime.
 */
import { describe, expect, it } from "vitest";
import { checkScheduleInput as check, SCHEDULE_MESSAGES, scheduleFormSchema } from "~/blog/schedule";
import { firmClock } from "../../core/firm-clock.server";

const fromVancouverInput = (local: string) => firmClock.fromWall(local);
const formatVancouverAndUtc = (at: string) => firmClock.firmTime(at);
const toVancouverInput = (at: string | Date) => firmClock.wallOf(at);
const checkScheduleInput = (local: string, now: Date) => check(firmClock, local, now);

const utc = (local: string) => {
  const parsed = fromVancouverInput(local);
  return parsed.ok ? parsed.at.toISOString() : parsed.reason;
};

describe("Vancouver times for scheduled publishing", () => {
  it("8 March 2026 (the last change): standard time until 02:00, the hour 02:00-03:00 does not exist, daylight time after", () => {
    expect(utc("2026-03-08T01:59")).toBe("2026-03-08T09:59:00.000Z");
    expect(utc("2026-03-08T02:00")).toBe("gap");
    expect(utc("2026-03-08T02:30")).toBe("gap");
    expect(utc("2026-03-08T03:00")).toBe("2026-03-08T10:00:00.000Z");
    expect(utc("2026-03-08T03:30")).toBe("2026-03-08T10:30:00.000Z");
  });

  it("14 March 2027: an ordinary day under permanent daylight time", () => {
    expect(utc("2027-03-14T01:59")).toBe("2027-03-14T08:59:00.000Z");
    expect(utc("2027-03-14T02:30")).toBe("2027-03-14T09:30:00.000Z");
    expect(utc("2027-03-14T03:00")).toBe("2027-03-14T10:00:00.000Z");
    expect(utc("2027-03-14T03:30")).toBe("2027-03-14T10:30:00.000Z");
  });

  it("7 November 2027: under permanent daylight time 01:00-02:00 happens once", () => {
    expect(utc("2027-11-07T00:30")).toBe("2027-11-07T07:30:00.000Z");
    expect(utc("2027-11-07T01:30")).toBe("2027-11-07T08:30:00.000Z");
    expect(utc("2027-11-07T02:00")).toBe("2027-11-07T09:00:00.000Z");
    expect(utc("2027-11-07T02:30")).toBe("2027-11-07T09:30:00.000Z");
  });

  it("shows a moment in Vancouver time and UTC, and back as the input's value", () => {
    expect(formatVancouverAndUtc("2027-03-14T10:30:00Z")).toBe("Mar 14, 2027, 03:30 Vancouver time (10:30 UTC)");
    expect(formatVancouverAndUtc("2027-11-07T10:30:00Z")).toBe("Nov 7, 2027, 03:30 Vancouver time (10:30 UTC)");
    expect(toVancouverInput("2027-03-14T10:30:00Z")).toBe("2027-03-14T03:30");
    expect(toVancouverInput(new Date("2027-11-07T08:30:00Z"))).toBe("2027-11-07T01:30");
    expect(toVancouverInput(new Date("2027-11-07T09:30:00Z"))).toBe("2027-11-07T02:30");
  });

  it("refuses what is not a time, a past time and one more than 2 years ahead, with a message each", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    expect(checkScheduleInput("", now)).toEqual({ ok: false, message: SCHEDULE_MESSAGES.format });
    expect(checkScheduleInput("2026-02-30T10:00", now)).toEqual({ ok: false, message: SCHEDULE_MESSAGES.format });
    expect(checkScheduleInput("2026-03-08T02:30", now)).toEqual({ ok: false, message: SCHEDULE_MESSAGES.gap });
    expect(checkScheduleInput("2026-03-01T04:00", now)).toEqual({ ok: false, message: SCHEDULE_MESSAGES.past });
    // Two years on, 12:00 UTC is 05:00 in Vancouver (permanent daylight time).
    const twoYears = "2028-03-01T05:00";
    expect(checkScheduleInput(twoYears.replace(/:00$/, ":01"), now)).toEqual({ ok: false, message: SCHEDULE_MESSAGES.tooFar });
    expect(checkScheduleInput(twoYears, now)).toEqual({ ok: true, at: new Date("2028-03-01T12:00:00Z") });
    expect(SCHEDULE_MESSAGES.tooFar).toBe("The time to publish must be within 2 years from now.");
    expect(scheduleFormSchema.safeParse({ publishAt: "tomorrow" }).error?.issues[0].message).toBe(SCHEDULE_MESSAGES.format);
    // The form's schema checks the shape; whether the time exists is checkScheduleInput's (the action runs both).
    expect(scheduleFormSchema.safeParse({ publishAt: "2026-03-08T02:30" }).success).toBe(true);
    expect(checkScheduleInput("1969-07-20T20:17", now)).toEqual({ ok: false, message: SCHEDULE_MESSAGES.range });
    expect(scheduleFormSchema.safeParse({ publishAt: "2026-03-08T03:30" }).success).toBe(true);
  });
});
