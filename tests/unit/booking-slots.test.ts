/**
 * Free consultation slots (issue 33, decision 0076): office hours minus holidays, closed dates,
 * bookings with their buffer, the minimum notice and the horizon; the change days under the firm
 * clock's rules (decision 0083: British Columbia on UTC-7 from 8 March 2026), on every runtime.
 */
import { describe, expect, it } from "vitest";
import { bcStatutoryHolidays, holidayDatesBetween } from "~/booking/holidays.server";
import { bookingSettingsSchema, DEFAULT_BOOKING_SETTINGS, type BookingSettings } from "~/booking/settings";
import { freeSlots, vancouverDate, vancouverMoment, type TakenSpan } from "~/booking/slots.server";

const NOW = new Date("2027-01-01T00:00:00Z");

function slots(from: string, to: string, options: { settings?: Partial<BookingSettings>; now?: Date; taken?: TakenSpan[]; closed?: string[] } = {}) {
  const settings = { ...DEFAULT_BOOKING_SETTINGS, ...options.settings };
  const closed = holidayDatesBetween(from, to);
  for (const day of [...settings.closedDates, ...(options.closed ?? [])]) closed.add(day);
  return freeSlots({ settings, from, to, now: options.now ?? NOW, closed, taken: options.taken ?? [] });
}
const starts = (list: ReturnType<typeof slots>) => list.map((slot) => slot.start.toISOString());
/** Sunday hours only, for the change-of-clock days (all Sundays). */
const sundays = (open: string, close: string): Partial<BookingSettings> => ({
  hours: [{ open, close }, null, null, null, null, null, null],
  minNoticeHours: 0,
  horizonDays: 365,
});

describe("office hours", () => {
  it("a weekday gives sixteen 30-minute slots from 09:00 to 17:00 Vancouver time, for any lawyer", () => {
    const list = slots("2027-01-12", "2027-01-12");
    expect(list).toHaveLength(16);
    expect(list[0].start.toISOString()).toBe("2027-01-12T16:00:00.000Z");
    expect(list[15].end.toISOString()).toBe("2027-01-13T00:00:00.000Z");
    for (const slot of list) {
      expect(slot.end.getTime() - slot.start.getTime()).toBe(30 * 60_000);
      expect(slot.lawyer).toBeNull();
    }
  });

  it("Saturday and Sunday are closed by default", () => {
    expect(slots("2027-01-16", "2027-01-17")).toEqual([]);
  });

  it("the buffer separates consecutive slots", () => {
    const list = slots("2027-01-12", "2027-01-12", { settings: { bufferMinutes: 15 } });
    // 09:00, 09:45, … 16:30: eleven slots.
    expect(list).toHaveLength(11);
    expect(list[1].start.getTime() - list[0].start.getTime()).toBe(45 * 60_000);
  });
});

describe("closed days", () => {
  it("knows British Columbia's statutory holidays (Family Day, BC Day) and not mere observances", () => {
    const dates = bcStatutoryHolidays(2027).map((holiday) => holiday.date);
    expect(dates).toEqual(expect.arrayContaining(["2027-01-01", "2027-02-15", "2027-03-26", "2027-05-24", "2027-07-01", "2027-08-02", "2027-09-06", "2027-10-11", "2027-11-11", "2027-12-25"]));
    expect(dates).not.toContain("2027-02-02"); // Groundhog Day
    expect(dates).not.toContain("2027-12-27"); // Boxing Day is not statutory in BC
  });

  it("counts 30 September (Truth and Reconciliation) as statutory from 2023, as BC law does, though the library calls it an observance", () => {
    expect(bcStatutoryHolidays(2027).map((holiday) => holiday.date)).toContain("2027-09-30");
    expect(bcStatutoryHolidays(2022).map((holiday) => holiday.date)).not.toContain("2022-09-30");
    expect(slots("2027-09-30", "2027-09-30", { now: new Date("2027-09-01T00:00:00Z") })).toEqual([]);
  });

  it("no slot on Canada Day (a Thursday) or BC Day (a Monday); the day after Canada Day is open", () => {
    expect(slots("2027-07-01", "2027-07-01")).toEqual([]);
    expect(slots("2027-08-02", "2027-08-02", { now: new Date("2027-07-01T00:00:00Z") })).toEqual([]);
    expect(slots("2027-07-02", "2027-07-02", { now: new Date("2027-06-01T00:00:00Z") })).toHaveLength(16);
  });

  it("a date the firm closes has no slot", () => {
    expect(slots("2027-01-12", "2027-01-13", { settings: { closedDates: ["2027-01-12"] } }).map((slot) => vancouverDate(slot.start))).toEqual(
      Array(16).fill("2027-01-13"),
    );
  });
});

describe("bookings, notice and horizon", () => {
  it("a booked slot is not offered; a booking off the grid (from before a settings change) hides every slot it overlaps", () => {
    const ten = vancouverMoment("2027-01-12", 10 * 60)!;
    const booked = slots("2027-01-12", "2027-01-12", { taken: [{ start: ten, end: new Date(ten.getTime() + 30 * 60_000), lawyer: null }] });
    expect(booked).toHaveLength(15);
    expect(starts(booked)).not.toContain(ten.toISOString());

    const offGrid = vancouverMoment("2027-01-12", 10 * 60 + 10)!;
    const list = slots("2027-01-12", "2027-01-12", { taken: [{ start: offGrid, end: new Date(offGrid.getTime() + 30 * 60_000), lawyer: null }] });
    expect(list).toHaveLength(14);
    expect(starts(list)).not.toContain(vancouverMoment("2027-01-12", 10 * 60 + 30)!.toISOString());
  });

  it("the buffer keeps free time around a booking", () => {
    const settings = { bufferMinutes: 15 };
    // Grid 09:00, 09:45, 10:30, 11:15 …; a booking at 10:00-10:30 reaches 09:45-10:45 with its buffer.
    const at = vancouverMoment("2027-01-12", 10 * 60)!;
    const list = slots("2027-01-12", "2027-01-12", { settings, taken: [{ start: at, end: new Date(at.getTime() + 30 * 60_000), lawyer: null }] });
    expect(starts(list)).not.toContain(vancouverMoment("2027-01-12", 9 * 60 + 45)!.toISOString());
    expect(starts(list)).not.toContain(vancouverMoment("2027-01-12", 10 * 60 + 30)!.toISOString());
    expect(starts(list)).toContain(vancouverMoment("2027-01-12", 9 * 60)!.toISOString());
    expect(starts(list)).toContain(vancouverMoment("2027-01-12", 11 * 60 + 15)!.toISOString());
  });

  it("nothing starts within the minimum notice (24 h) or in the past", () => {
    const now = vancouverMoment("2027-01-12", 10 * 60 + 15)!;
    const list = slots("2027-01-11", "2027-01-13", { now });
    expect(list.every((slot) => vancouverDate(slot.start) === "2027-01-13")).toBe(true);
    expect(list[0].start.toISOString()).toBe(vancouverMoment("2027-01-13", 10 * 60 + 30)!.toISOString());
  });

  it("nothing beyond the horizon (60 days)", () => {
    // NOW is 31 December 2026 16:00 in Vancouver: 60 days on is Monday 1 March 2027.
    const list = slots("2027-02-20", "2027-03-31");
    expect(vancouverDate(list[list.length - 1].start)).toBe("2027-03-01");
  });

  it("settings the generator cannot use are refused with their reason", () => {
    const bad = bookingSettingsSchema.safeParse({ ...DEFAULT_BOOKING_SETTINGS, slotMinutes: 0, hours: [...DEFAULT_BOOKING_SETTINGS.hours.slice(0, 6), { open: "17:00", close: "09:00" }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message).sort()).toEqual(["booking.settings.hours-order", "booking.settings.number-range"]);
  });
});

describe("changes of clock", () => {
  it("8 March 2026 (under both rule sets): the hour 02:00-03:00 does not exist, so no slot starts in it", () => {
    const list = slots("2026-03-08", "2026-03-08", { settings: sundays("01:00", "04:00"), now: new Date("2026-03-01T00:00:00Z") });
    expect(starts(list)).toEqual(["2026-03-08T09:00:00.000Z", "2026-03-08T09:30:00.000Z", "2026-03-08T10:00:00.000Z", "2026-03-08T10:30:00.000Z"]);
    expect(vancouverMoment("2026-03-08", 2 * 60)).toBeNull();
  });

  it("14 March 2027: an ordinary day under permanent daylight time (the product's rules, decision 0083)", () => {
    const list = slots("2027-03-14", "2027-03-14", { settings: sundays("01:00", "04:00") });
    expect(starts(list)).toEqual(["2027-03-14T08:00:00.000Z", "2027-03-14T08:30:00.000Z", "2027-03-14T09:00:00.000Z", "2027-03-14T09:30:00.000Z", "2027-03-14T10:00:00.000Z", "2027-03-14T10:30:00.000Z"]);
    for (const slot of list) expect(slot.end.getTime() - slot.start.getTime()).toBe(30 * 60_000);
  });

  it("7 November 2027: an ordinary night under permanent daylight time; no slot overlaps another", () => {
    const list = slots("2027-11-07", "2027-11-07", { settings: sundays("00:00", "03:00") });
    expect(starts(list)).toEqual(["2027-11-07T07:00:00.000Z", "2027-11-07T07:30:00.000Z", "2027-11-07T08:00:00.000Z", "2027-11-07T08:30:00.000Z", "2027-11-07T09:00:00.000Z", "2027-11-07T09:30:00.000Z"]);
    for (let i = 1; i < list.length; i++) expect(list[i].start.getTime()).toBeGreaterThanOrEqual(list[i - 1].end.getTime());
  });

  it("the weekdays around the changes open at 09:00 Vancouver time in the offset then in force", () => {
    const nine = (date: string, now: string) => slots(date, date, { now: new Date(now) })[0].start.toISOString();
    expect(nine("2027-03-12", "2027-03-01T00:00:00Z")).toBe("2027-03-12T16:00:00.000Z");
    expect(nine("2027-03-15", "2027-03-01T00:00:00Z")).toBe("2027-03-15T16:00:00.000Z");
    expect(nine("2027-11-05", "2027-10-20T00:00:00Z")).toBe("2027-11-05T16:00:00.000Z");
    expect(nine("2027-11-08", "2027-10-20T00:00:00Z")).toBe("2027-11-08T16:00:00.000Z");
  });
});
