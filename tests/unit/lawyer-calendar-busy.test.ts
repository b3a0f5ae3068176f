import { describe, expect, it } from "vitest";
import { busyFromIcs, merge, NotACalendar } from "~/booking/calendar-busy.server";
import { agoWords } from "~/booking/lawyer-calendars.server";
import { firmClock, zoneClock } from "../../core/firm-clock.server";
import { FIRM_ZONE } from "../../core/firm-time";

/**
 * A lawyer's calendar file read into busy times (decision 0105): recurrence and its exceptions,
 * all-day events, free and cancelled events, and the zones times are written in.
 */

const calendar = (body: string, head = "") =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Calendar//EN", head, body, "END:VCALENDAR"].filter(Boolean).join("\r\n");
const event = (lines: string[]) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"].join("\r\n");
/** Vancouver as a 2020-era calendar app still defines it (daylight time from March to November). */
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${FIRM_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0800",
  "TZOFFSETTO:-0700",
  "TZNAME:PDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0700",
  "TZOFFSETTO:-0800",
  "TZNAME:PST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

const from = new Date("2027-01-01T00:00:00Z");
const to = new Date("2027-03-01T00:00:00Z");
const iso = (intervals: { start: number; end: number }[]) => intervals.map((i) => [new Date(i.start).toISOString(), new Date(i.end).toISOString()]);
const busy = (text: string, f = from, t = to) => iso(busyFromIcs(text, f, t).intervals);
/** A Vancouver wall time on the product's rules, as ISO. */
const van = (day: string, hh: number, mm = 0) => firmClock.at(day, hh * 60 + mm)!.toISOString();

describe("a lawyer's calendar read into busy times", () => {
  it("reads a one-off event in UTC and clips to the span", () => {
    const text = calendar(
      [
        event(["UID:a", "DTSTAMP:20261201T000000Z", "DTSTART:20270112T170000Z", "DTEND:20270112T180000Z", "SUMMARY:Court – R. v. Client"]),
        event(["UID:b", "DTSTAMP:20261201T000000Z", "DTSTART:20261231T230000Z", "DTEND:20270101T010000Z"]),
        event(["UID:c", "DTSTAMP:20261201T000000Z", "DTSTART:20270401T170000Z", "DTEND:20270401T180000Z"]),
      ].join("\r\n"),
    );
    expect(busy(text)).toEqual([
      ["2027-01-01T00:00:00.000Z", "2027-01-01T01:00:00.000Z"],
      ["2027-01-12T17:00:00.000Z", "2027-01-12T18:00:00.000Z"],
    ]);
  });

  it("expands a weekly rule, leaves out EXDATE, moves and cancels occurrences by RECURRENCE-ID", () => {
    const text = calendar(
      [
        event([
          "UID:weekly",
          "DTSTAMP:20261201T000000Z",
          `DTSTART;TZID=${FIRM_ZONE}:20270104T100000`,
          `DTEND;TZID=${FIRM_ZONE}:20270104T110000`,
          "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=5",
          `EXDATE;TZID=${FIRM_ZONE}:20270111T100000`,
        ]),
        // The 18th moved to the afternoon.
        event(["UID:weekly", "DTSTAMP:20261201T000000Z", `RECURRENCE-ID;TZID=${FIRM_ZONE}:20270118T100000`, `DTSTART;TZID=${FIRM_ZONE}:20270118T140000`, `DTEND;TZID=${FIRM_ZONE}:20270118T150000`]),
        // The 25th cancelled, its RECURRENCE-ID written in UTC (10:00 PST is 18:00Z).
        event(["UID:weekly", "DTSTAMP:20261201T000000Z", "RECURRENCE-ID:20270125T180000Z", "STATUS:CANCELLED", `DTSTART;TZID=${FIRM_ZONE}:20270125T100000`, `DTEND;TZID=${FIRM_ZONE}:20270125T110000`]),
      ].join("\r\n"),
      VTIMEZONE,
    );
    // The file's own zone rules decide (PST, UTC-8, in January): 10:00 is 18:00Z.
    expect(busy(text)).toEqual([
      ["2027-01-04T18:00:00.000Z", "2027-01-04T19:00:00.000Z"],
      ["2027-01-18T22:00:00.000Z", "2027-01-18T23:00:00.000Z"],
      ["2027-02-01T18:00:00.000Z", "2027-02-01T19:00:00.000Z"],
    ]);
  });

  it("expands an endless daily rule that began years ago only over the span", () => {
    const text = calendar(event(["UID:daily", "DTSTAMP:20200101T000000Z", "DTSTART:20200101T200000Z", "DTEND:20200101T203000Z", "RRULE:FREQ=DAILY"]));
    const result = busy(text, new Date("2027-01-10T00:00:00Z"), new Date("2027-01-13T00:00:00Z"));
    expect(result).toEqual([
      ["2027-01-10T20:00:00.000Z", "2027-01-10T20:30:00.000Z"],
      ["2027-01-11T20:00:00.000Z", "2027-01-11T20:30:00.000Z"],
      ["2027-01-12T20:00:00.000Z", "2027-01-12T20:30:00.000Z"],
    ]);
  });

  it("blocks an all-day event's whole Vancouver day (and days, to DTEND), also when recurring", () => {
    const text = calendar(
      [
        event(["UID:holiday", "DTSTAMP:20261201T000000Z", "DTSTART;VALUE=DATE:20270112", "DTEND;VALUE=DATE:20270114"]),
        event(["UID:court", "DTSTAMP:20261201T000000Z", "DTSTART;VALUE=DATE:20270201", "RRULE:FREQ=WEEKLY;COUNT=2"]),
      ].join("\r\n"),
    );
    expect(busy(text)).toEqual([
      [van("2027-01-12", 0), van("2027-01-14", 0)],
      [van("2027-02-01", 0), van("2027-02-02", 0)],
      [van("2027-02-08", 0), van("2027-02-09", 0)],
    ]);
  });

  it("leaves out transparent ('free'), Outlook-free and cancelled events, and a cancelled series", () => {
    const text = calendar(
      [
        event(["UID:free", "DTSTAMP:20261201T000000Z", "DTSTART:20270112T170000Z", "DTEND:20270112T180000Z", "TRANSP:TRANSPARENT"]),
        event(["UID:outlook", "DTSTAMP:20261201T000000Z", "DTSTART:20270113T170000Z", "DTEND:20270113T180000Z", "X-MICROSOFT-CDO-BUSYSTATUS:FREE"]),
        event(["UID:gone", "DTSTAMP:20261201T000000Z", "DTSTART:20270114T170000Z", "DTEND:20270114T180000Z", "STATUS:CANCELLED"]),
        event(["UID:series", "DTSTAMP:20261201T000000Z", "DTSTART:20270115T170000Z", "DTEND:20270115T180000Z", "RRULE:FREQ=DAILY;COUNT=3", "STATUS:CANCELLED"]),
        event(["UID:opaque", "DTSTAMP:20261201T000000Z", "DTSTART:20270116T170000Z", "DTEND:20270116T180000Z", "TRANSP:OPAQUE", "STATUS:TENTATIVE"]),
        // One occurrence of a busy series made free.
        event(["UID:weekly", "DTSTAMP:20261201T000000Z", "DTSTART:20270201T170000Z", "DTEND:20270201T180000Z", "RRULE:FREQ=WEEKLY;COUNT=2"]),
        event(["UID:weekly", "DTSTAMP:20261201T000000Z", "RECURRENCE-ID:20270208T170000Z", "DTSTART:20270208T170000Z", "DTEND:20270208T180000Z", "TRANSP:TRANSPARENT"]),
      ].join("\r\n"),
    );
    expect(busy(text)).toEqual([
      ["2027-01-16T17:00:00.000Z", "2027-01-16T18:00:00.000Z"],
      ["2027-02-01T17:00:00.000Z", "2027-02-01T18:00:00.000Z"],
    ]);
  });

  it("reads a zone the file does not define, and floating times, on the product's zone data", () => {
    const withoutDefinition = calendar(event(["UID:z", "DTSTAMP:20261201T000000Z", `DTSTART;TZID=${FIRM_ZONE}:20270112T090000`, `DTEND;TZID=${FIRM_ZONE}:20270112T093000`]));
    // The product's rules for Vancouver, whatever the runtime's are (decision 0083).
    expect(busy(withoutDefinition)).toEqual([[van("2027-01-12", 9), van("2027-01-12", 9, 30)]]);
    const floating = calendar(event(["UID:f", "DTSTAMP:20261201T000000Z", "DTSTART:20270112T090000", "DTEND:20270112T100000"]));
    expect(busy(floating)).toEqual([[van("2027-01-12", 9), van("2027-01-12", 10)]]);
    // A calendar kept in Tehran time says so in X-WR-TIMEZONE.
    const tehranName = ["Asia", "Tehran"].join("/");
    const tehran = zoneClock(tehranName)!;
    const inTehran = calendar(event(["UID:t", "DTSTAMP:20261201T000000Z", "DTSTART:20270112T090000", "DTEND:20270112T100000"]), `X-WR-TIMEZONE:${tehranName}`);
    expect(busy(inTehran)).toEqual([[tehran.at("2027-01-12", 540)!.toISOString(), tehran.at("2027-01-12", 600)!.toISOString()]]);
    expect(tehran.at("2027-01-12", 540)!.toISOString()).toBe("2027-01-12T05:30:00.000Z");
  });

  it("keeps the file's zone rules across a change of clocks in a recurring event", () => {
    const text = calendar(event(["UID:dst", "DTSTAMP:20261201T000000Z", `DTSTART;TZID=${FIRM_ZONE}:20270308T090000`, `DTEND;TZID=${FIRM_ZONE}:20270308T100000`, "RRULE:FREQ=WEEKLY;COUNT=2"]), VTIMEZONE);
    // 9:00 stays 9:00 on the wall: 17:00Z in PST, 16:00Z in PDT after 14 March in the file's rules.
    expect(busy(text, new Date("2027-03-01T00:00:00Z"), new Date("2027-03-31T00:00:00Z"))).toEqual([
      ["2027-03-08T17:00:00.000Z", "2027-03-08T18:00:00.000Z"],
      ["2027-03-15T16:00:00.000Z", "2027-03-15T17:00:00.000Z"],
    ]);
  });

  it("merges overlapping busy times and keeps nothing but the times", () => {
    const text = calendar(
      [
        event(["UID:1", "DTSTAMP:20261201T000000Z", "DTSTART:20270112T170000Z", "DTEND:20270112T180000Z", "SUMMARY:Client A"]),
        event(["UID:2", "DTSTAMP:20261201T000000Z", "DTSTART:20270112T173000Z", "DURATION:PT1H", "SUMMARY:Client B"]),
      ].join("\r\n"),
    );
    const result = busyFromIcs(text, from, to);
    expect(iso(result.intervals)).toEqual([["2027-01-12T17:00:00.000Z", "2027-01-12T18:30:00.000Z"]]);
    expect(JSON.stringify(result)).not.toMatch(/Client/);
    expect(merge([{ start: 5, end: 6 }, { start: 1, end: 2 }, { start: 2, end: 3 }])).toEqual([{ start: 1, end: 3 }, { start: 5, end: 6 }]);
  });

  it("refuses what is not a calendar, and skips one broken event without losing the others", () => {
    expect(() => busyFromIcs("<!doctype html><html><body>Sign in</body></html>", from, to)).toThrow(NotACalendar);
    expect(() => busyFromIcs("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nEND:VCARD", from, to)).toThrow(/not an iCalendar calendar/);
    expect(() => busyFromIcs("", from, to)).toThrow(NotACalendar);
    const text = calendar(
      [
        event(["UID:ok", "DTSTAMP:20261201T000000Z", "DTSTART:20270112T170000Z", "DTEND:20270112T180000Z"]),
        event(["UID:broken", "DTSTAMP:20261201T000000Z", "DTSTART:not-a-date"]),
      ].join("\r\n"),
    );
    const result = busyFromIcs(text, from, to);
    expect(iso(result.intervals)).toEqual([["2027-01-12T17:00:00.000Z", "2027-01-12T18:00:00.000Z"]]);
    expect(result.skipped).toBe(1);
  });
});

describe("the calendar's state in words", () => {
  it("says how long ago it was read", () => {
    const now = new Date("2027-01-12T18:00:00Z");
    const ago = (ms: number) => agoWords(new Date(now.getTime() - ms), now);
    expect(ago(20_000)).toBe("just now");
    expect(ago(60_000)).toBe("1 minute ago");
    expect(ago(4 * 60_000 + 59_000)).toBe("4 minutes ago");
    expect(ago(3 * 3_600_000)).toBe("3 hours ago");
    expect(ago(3 * 86_400_000)).toBe("3 days ago");
  });
});
