/**
 * The firm clock (decision 0083) against a committed table: CI runs the unit project on Node 20
 * and on Node 24, so these expectations are the comparison between the two runtimes. Nothing here
 * depends on the runtime's time-zone data (Node 20.20 still moves Vancouver to UTC-8 in November).
 */
import { describe, expect, it } from "vitest";
import { firmClock, tzDataNotice, tzVersions } from "../../core/firm-clock.server";
import { addDays, dayWords, FIRM_ZONE, firmClockOn, FirmTimeRangeError, minuteWords, mondayOf, rulesNear } from "../../core/firm-time";

/** Each instant of the issue's table: 10:00 Vancouver on that day, and the wall time 02:30 of it (the changes' hour). */
const TABLE = [
  // day, offset at noon UTC, the instant of 10:00, what 02:30 gives (a skipped hour is null)
  { day: "2025-11-02", offset: -480, ten: "2025-11-02T18:00:00.000Z", early: "2025-11-02T01:30", earlyAt: "2025-11-02T08:30:00.000Z" },
  { day: "2026-03-08", offset: -420, ten: "2026-03-08T17:00:00.000Z", early: "2026-03-08T02:30", earlyAt: null },
  { day: "2026-06-01", offset: -420, ten: "2026-06-01T17:00:00.000Z", early: "2026-06-01T02:30", earlyAt: "2026-06-01T09:30:00.000Z" },
  { day: "2026-11-01", offset: -420, ten: "2026-11-01T17:00:00.000Z", early: "2026-11-01T01:30", earlyAt: "2026-11-01T08:30:00.000Z" },
  { day: "2026-12-01", offset: -420, ten: "2026-12-01T17:00:00.000Z", early: "2026-12-01T02:30", earlyAt: "2026-12-01T09:30:00.000Z" },
  { day: "2027-03-14", offset: -420, ten: "2027-03-14T17:00:00.000Z", early: "2027-03-14T02:30", earlyAt: "2027-03-14T09:30:00.000Z" },
  { day: "2027-11-07", offset: -420, ten: "2027-11-07T17:00:00.000Z", early: "2027-11-07T01:30", earlyAt: "2027-11-07T08:30:00.000Z" },
];

const WORDS = { en: "Vancouver time", fa: "به وقت ونکوور", zh: "温哥华时间" } as const;

/** What each language shows for 10:00 on each day of the table (no ICU involved). */
const SHOWN: Record<string, { en: string; fa: string; zh: string; admin: string }> = {
  "2025-11-02": {
    en: "Sunday, November 2, 2025, 10:00 a.m. Vancouver time",
    fa: "یکشنبه ۲ نوامبر ۲۰۲۵، ساعت ۱۰:۰۰ به وقت ونکوور",
    zh: "2025年11月2日星期日 温哥华时间10:00",
    admin: "Nov 2, 2025, 10:00 Vancouver time (18:00 UTC)",
  },
  "2026-03-08": {
    en: "Sunday, March 8, 2026, 10:00 a.m. Vancouver time",
    fa: "یکشنبه ۸ مارس ۲۰۲۶، ساعت ۱۰:۰۰ به وقت ونکوور",
    zh: "2026年3月8日星期日 温哥华时间10:00",
    admin: "Mar 8, 2026, 10:00 Vancouver time (17:00 UTC)",
  },
  "2026-06-01": {
    en: "Monday, June 1, 2026, 10:00 a.m. Vancouver time",
    fa: "دوشنبه ۱ ژوئن ۲۰۲۶، ساعت ۱۰:۰۰ به وقت ونکوور",
    zh: "2026年6月1日星期一 温哥华时间10:00",
    admin: "Jun 1, 2026, 10:00 Vancouver time (17:00 UTC)",
  },
  "2026-11-01": {
    en: "Sunday, November 1, 2026, 10:00 a.m. Vancouver time",
    fa: "یکشنبه ۱ نوامبر ۲۰۲۶، ساعت ۱۰:۰۰ به وقت ونکوور",
    zh: "2026年11月1日星期日 温哥华时间10:00",
    admin: "Nov 1, 2026, 10:00 Vancouver time (17:00 UTC)",
  },
  "2026-12-01": {
    en: "Tuesday, December 1, 2026, 10:00 a.m. Vancouver time",
    fa: "سه‌شنبه ۱ دسامبر ۲۰۲۶، ساعت ۱۰:۰۰ به وقت ونکوور",
    zh: "2026年12月1日星期二 温哥华时间10:00",
    admin: "Dec 1, 2026, 10:00 Vancouver time (17:00 UTC)",
  },
  "2027-03-14": {
    en: "Sunday, March 14, 2027, 10:00 a.m. Vancouver time",
    fa: "یکشنبه ۱۴ مارس ۲۰۲۷، ساعت ۱۰:۰۰ به وقت ونکوور",
    zh: "2027年3月14日星期日 温哥华时间10:00",
    admin: "Mar 14, 2027, 10:00 Vancouver time (17:00 UTC)",
  },
  "2027-11-07": {
    en: "Sunday, November 7, 2027, 10:00 a.m. Vancouver time",
    fa: "یکشنبه ۷ نوامبر ۲۰۲۷، ساعت ۱۰:۰۰ به وقت ونکوور",
    zh: "2027年11月7日星期日 温哥华时间10:00",
    admin: "Nov 7, 2027, 10:00 Vancouver time (17:00 UTC)",
  },
};

describe("the firm clock on the product's rules", () => {
  it("uses IANA data 2026a or later (British Columbia on UTC-7 all year), whatever the runtime has", () => {
    expect(tzVersions.firm >= "2026a").toBe(true);
    expect(typeof tzVersions.runtime).toBe("string");
  });

  it("says at start which data decides, and warns when the runtime's is newer", () => {
    const usual = tzDataNotice({ firm: "2026f", runtime: "2025c" });
    expect(usual.level).toBe("info");
    expect(usual.message).toBe(`firm clock: ${FIRM_ZONE} on tzdata 2026f (moment-timezone); the runtime's own tzdata 2025c is not used`);
    const behind = tzDataNotice({ firm: "2026f", runtime: "2027a" });
    expect(behind.level).toBe("warn");
    expect(behind.fields).toEqual({ zone: FIRM_ZONE, firmTzData: "2026f", runtimeTzData: "2027a" });
    expect(behind.message).toContain("older than the runtime's 2027a; the firm clock's rules still decide");
    expect(tzDataNotice().fields.firmTzData).toBe(tzVersions.firm);
  });

  it.each(TABLE)("$day: offset, Vancouver day, wall time to instant and back", ({ day, offset, ten, early, earlyAt }) => {
    expect(firmClock.offsetMinutes(`${day}T12:00:00Z`)).toBe(offset);
    expect(firmClock.at(day, 10 * 60)?.toISOString()).toBe(ten);
    expect(firmClock.dayOf(ten)).toBe(day);
    expect(firmClock.wallOf(ten)).toBe(`${day}T10:00`);
    expect(firmClock.minuteOfDay(ten)).toBe(600);
    const parsed = firmClock.fromWall(early);
    expect(parsed.ok ? parsed.at.toISOString() : parsed.reason).toBe(earlyAt ?? "gap");
    // The Vancouver day of its first instant, and of the instant before it.
    const start = firmClock.startOfDay(day);
    expect(firmClock.dayOf(start)).toBe(day);
    expect(firmClock.dayOf(start.getTime() - 1)).toBe(addDays(day, -1));
  });

  it.each(TABLE)("$day: the strings each language shows", ({ day, ten }) => {
    const shown = SHOWN[day];
    expect(firmClock.when(ten, "en", WORDS.en)).toBe(shown.en);
    expect(firmClock.when(ten, "fa", WORDS.fa)).toBe(shown.fa);
    expect(firmClock.when(ten, "zh", WORDS.zh)).toBe(shown.zh);
    expect(firmClock.firmTime(ten)).toBe(shown.admin);
  });

  it("takes a repeated hour as its first occurrence and refuses a skipped one", () => {
    // 2025: 01:30 on 2 November happened twice (PDT, then PST); 02:30 on 9 March never.
    expect(firmClock.fromWall("2025-11-02T01:30")).toEqual({ ok: true, at: new Date("2025-11-02T08:30:00Z") });
    expect(firmClock.fromWall("2025-03-09T02:30")).toEqual({ ok: false, reason: "gap" });
    expect(firmClock.at("2025-03-09", 150)).toBeNull();
    // 2026's change in March is the last: 8 March's 02:30 is skipped, 1 November's 01:30 happens once.
    expect(firmClock.fromWall("2026-03-08T02:30")).toEqual({ ok: false, reason: "gap" });
    expect(firmClock.fromWall("2026-11-01T01:30")).toEqual({ ok: true, at: new Date("2026-11-01T08:30:00Z") });
    expect(firmClock.fromWall("2027-03-14T02:30")).toEqual({ ok: true, at: new Date("2027-03-14T09:30:00Z") });
  });

  it("refuses dates outside 1970 to 2100 rather than giving a wrong time", () => {
    expect(firmClock.fromWall("1969-12-31T10:00")).toEqual({ ok: false, reason: "range" });
    expect(firmClock.fromWall("2101-01-01T00:00")).toEqual({ ok: false, reason: "range" });
    expect(firmClock.fromWall("2100-06-01T10:00")).toEqual({ ok: true, at: new Date("2100-06-01T17:00:00Z") });
    expect(() => firmClock.dayOf("1969-12-31T23:00:00Z")).toThrow(FirmTimeRangeError);
    expect(() => firmClock.when("2101-01-01T12:00:00Z", "en", "Vancouver time")).toThrow(/outside the firm clock's range \(1970 to 2100\)/);
    expect(() => firmClock.dayOf("not a date")).toThrow(FirmTimeRangeError);
  });

  it("refuses what is not a wall time", () => {
    for (const bad of ["", "2026-02-30T10:00", "2026-12-01T24:00", "2026-12-01 10:00", "2026-12-01T10:60"]) {
      expect(firmClock.fromWall(bad)).toEqual({ ok: false, reason: "format" });
    }
  });

  it("counts days and weeks by the calendar", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-08", -7)).toBe("2026-03-01");
    expect(mondayOf("2026-12-06")).toBe("2026-11-30");
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
    expect(dayWords("2026-12-07", "fa", { weekday: true })).toBe("دوشنبه ۷ دسامبر ۲۰۲۶");
    expect(dayWords("2026-12-07", "zh")).toBe("2026年12月7日");
    // Persian months before a year take the ezafe, as CLDR writes them.
    expect(dayWords("2027-01-05", "fa", { weekday: true })).toBe("سه‌شنبه ۵ ژانویهٔ ۲۰۲۷");
    expect(minuteWords(12 * 60 + 30, "en")).toBe("12:30 p.m.");
    expect(minuteWords(0, "en")).toBe("12:00 a.m.");
  });

  it("gives a browser picker the rules around now, which answer as the whole set does", () => {
    const near = firmClockOn(rulesNear(firmClock.rules, new Date("2025-06-01T00:00:00Z")));
    expect(JSON.parse(JSON.stringify(near.rules))).toEqual(near.rules);
    expect(near.rules.offsets.length).toBeLessThanOrEqual(8);
    for (const { early, ten } of TABLE) {
      expect(near.fromWall(early)).toEqual(firmClock.fromWall(early));
      expect(near.firmTime(ten)).toBe(firmClock.firmTime(ten));
    }
  });
});
