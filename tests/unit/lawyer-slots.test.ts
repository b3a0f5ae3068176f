/**
 * Each bookable lawyer's slots (issue 46, decision 0104): their hours, date overrides, time off,
 * bookings and busy times; and who gets an "any lawyer" booking (round-robin).
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_BOOKING_SETTINGS } from "~/booking/settings";
import { lawyerSlots, matches, roundRobinOrder, speakersFirst, unionOfStarts, type LawyerAvailability } from "~/booking/lawyer-slots.server";
import { freeSlots, type TakenSpan } from "~/booking/slots.server";
import { withoutTaken } from "~/booking/availability.server";

const NOW = new Date("2027-01-01T00:00:00Z");
const DAY = "2027-01-12"; // a Tuesday
// British Columbia keeps UTC-7 all year from 2026 (decision 0083).
const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00-07:00`);

const lawyer = (id: number, more: Partial<LawyerAvailability> = {}): LawyerAvailability => ({
  id,
  hours: null,
  overrides: [],
  timeOff: [],
  areas: [],
  languages: ["en"],
  kinds: ["video", "phone", "office"],
  ...more,
});

function slots(lawyers: LawyerAvailability[], options: { taken?: TakenSpan[]; busy?: Map<number, { start: Date; end: Date }[]>; from?: string; to?: string } = {}) {
  return lawyerSlots({
    settings: DEFAULT_BOOKING_SETTINGS,
    from: options.from ?? DAY,
    to: options.to ?? DAY,
    now: NOW,
    closed: new Set(),
    lawyers,
    taken: options.taken ?? [],
    busy: options.busy ?? new Map(),
  });
}
const of = (list: ReturnType<typeof slots>, id: number) => list.filter((slot) => slot.lawyer === id);

describe("per-lawyer slots", () => {
  it("each lawyer has the office hours by default, each slot naming its lawyer", () => {
    const list = slots([lawyer(1), lawyer(2)]);
    expect(of(list, 1)).toHaveLength(16);
    expect(of(list, 2)).toHaveLength(16);
    expect(unionOfStarts(list)).toHaveLength(16);
    expect(list[0]).toMatchObject({ start: at("09:00"), lawyer: 1 });
    expect(list[1]).toMatchObject({ start: at("09:00"), lawyer: 2 });
  });

  it("a lawyer's own weekly hours replace the office's", () => {
    const hours = [null, null, { open: "13:00", close: "15:00" }, null, null, null, null];
    const list = slots([lawyer(1, { hours })]);
    expect(list.map((slot) => slot.start)).toEqual([at("13:00"), at("13:30"), at("14:00"), at("14:30")]);
    // Wednesday: no hours that day.
    expect(slots([lawyer(1, { hours })], { from: "2027-01-13", to: "2027-01-13" })).toEqual([]);
  });

  it("a date override gives that day its own hours, or none", () => {
    const shorter = slots([lawyer(1, { overrides: [{ date: DAY, hours: { open: "10:00", close: "11:00" } }] })]);
    expect(shorter.map((slot) => slot.start)).toEqual([at("10:00"), at("10:30")]);
    expect(slots([lawyer(1, { overrides: [{ date: DAY, hours: null }] })])).toEqual([]);
    // A Saturday opened by an override.
    const saturday = slots([lawyer(1, { overrides: [{ date: "2027-01-16", hours: { open: "09:00", close: "10:00" } }] })], { from: "2027-01-16", to: "2027-01-16" });
    expect(saturday).toHaveLength(2);
  });

  it("time off removes every day of the period, and only that lawyer's", () => {
    const list = slots([lawyer(1, { timeOff: [{ from: "2027-01-11", to: "2027-01-12" }] }), lawyer(2)], { from: "2027-01-11", to: "2027-01-13" });
    expect(of(list, 1).every((slot) => slot.start >= new Date("2027-01-13T08:00:00Z"))).toBe(true);
    expect(of(list, 1)).toHaveLength(16);
    expect(of(list, 2)).toHaveLength(48);
  });

  it("the firm's closed dates close every lawyer, even one with an override", () => {
    const list = lawyerSlots({
      settings: DEFAULT_BOOKING_SETTINGS,
      from: DAY,
      to: DAY,
      now: NOW,
      closed: new Set([DAY]),
      lawyers: [lawyer(1, { overrides: [{ date: DAY, hours: { open: "09:00", close: "12:00" } }] })],
      taken: [],
      busy: new Map(),
    });
    expect(list).toEqual([]);
  });

  it("a booking blocks its own lawyer's slot only; one without a lawyer blocks everyone's", () => {
    const own = slots([lawyer(1), lawyer(2)], { taken: [{ start: at("10:00"), end: at("10:30"), lawyer: 1 }] });
    expect(of(own, 1).some((slot) => slot.start.getTime() === at("10:00").getTime())).toBe(false);
    expect(of(own, 2).some((slot) => slot.start.getTime() === at("10:00").getTime())).toBe(true);
    const firm = slots([lawyer(1), lawyer(2)], { taken: [{ start: at("10:00"), end: at("10:30"), lawyer: null }] });
    expect(firm.some((slot) => slot.start.getTime() === at("10:00").getTime())).toBe(false);
  });

  it("busy times from a lawyer's own calendar remove the slots they overlap", () => {
    const busy = new Map([[1, [{ start: at("10:15"), end: at("11:45") }]]]);
    const list = slots([lawyer(1), lawyer(2)], { busy });
    const starts = of(list, 1).map((slot) => slot.start.getTime());
    for (const gone of ["10:00", "10:30", "11:00", "11:30"]) expect(starts).not.toContain(at(gone).getTime());
    expect(starts).toContain(at("09:30").getTime());
    expect(starts).toContain(at("12:00").getTime());
    expect(of(list, 2)).toHaveLength(16);
  });
});

describe("the open grid kept apart from the bookings (the slots API, decision 0114)", () => {
  const settings = { ...DEFAULT_BOOKING_SETTINGS, bufferMinutes: 10 };
  const input = { settings, from: DAY, to: "2027-01-14", now: NOW, closed: new Set<string>() };
  const taken: TakenSpan[] = [
    { start: at("10:00"), end: at("10:30"), lawyer: 1 },
    { start: at("11:50"), end: at("12:20"), lawyer: 2 },
    { start: at("14:00"), end: at("14:30"), lawyer: null },
    { start: new Date("2027-01-13T16:40:00Z"), end: new Date("2027-01-13T17:10:00Z"), lawyer: 3 },
  ];

  it("minus what is booked is the grid computed with the bookings: per lawyer, with the buffer", () => {
    const team = [lawyer(1), lawyer(2, { hours: [null, null, { open: "11:00", close: "16:00" }, null, null, null, null] }), lawyer(3)];
    const busy = new Map([[3, [{ start: at("09:00"), end: at("09:40") }]]]);
    const withBookings = lawyerSlots({ ...input, lawyers: team, taken, busy });
    const open = lawyerSlots({ ...input, lawyers: team, taken: [], busy });
    expect(open.length).toBeGreaterThan(withBookings.length);
    expect(withoutTaken(open, taken, settings.bufferMinutes)).toEqual(withBookings);
  });

  it("the firm's one calendar: any booking blocks it", () => {
    const withBookings = freeSlots({ ...input, taken });
    expect(withoutTaken(freeSlots({ ...input, taken: [] }), taken, settings.bufferMinutes)).toEqual(withBookings);
    expect(withBookings.some((slot) => slot.start.getTime() === at("12:00").getTime())).toBe(false);
  });
});

describe("narrowing", () => {
  const farsi = lawyer(1, { languages: ["en", "fa"], areas: ["immigration"], kinds: ["video"] });
  const english = lawyer(2);
  it("by lawyer, kind, area and language", () => {
    expect(matches(farsi, { lang: "fa" })).toBe(true);
    expect(matches(english, { lang: "fa" })).toBe(false);
    expect(matches(farsi, { area: "family" })).toBe(false);
    expect(matches(english, { area: "family" })).toBe(true); // no areas listed: every area
    expect(matches(farsi, { kind: "phone" })).toBe(false);
    expect(matches(farsi, { lawyer: 2 })).toBe(false);
  });
  it("a visitor in Farsi sees the Farsi speakers first, each group in the team's order", () => {
    expect(speakersFirst([english, farsi], "fa").map((entry) => entry.id)).toEqual([1, 2]);
    expect(speakersFirst([english, farsi], "en").map((entry) => entry.id)).toEqual([2, 1]);
  });
});

describe("round-robin", () => {
  const day = (n: number) => new Date(Date.UTC(2027, 0, n));
  it("fewest bookings in the last 30 days first", () => {
    const load = new Map([
      [1, { recent: 3, lastBookedAt: day(1) }],
      [2, { recent: 1, lastBookedAt: day(5) }],
      [3, { recent: 2, lastBookedAt: day(2) }],
    ]);
    expect(roundRobinOrder([1, 2, 3], load)).toEqual([2, 3, 1]);
  });
  it("then the one booked least recently, never booked first, then the lower id", () => {
    const load = new Map([
      [1, { recent: 1, lastBookedAt: day(9) }],
      [2, { recent: 1, lastBookedAt: day(3) }],
      [4, { recent: 1, lastBookedAt: null }],
    ]);
    expect(roundRobinOrder([1, 2, 4], load)).toEqual([4, 2, 1]);
    expect(roundRobinOrder([7, 5], new Map())).toEqual([5, 7]);
  });
  it("is fair over many bookings: assigning in turn spreads them evenly", () => {
    const load = new Map([1, 2, 3].map((id) => [id, { recent: 0, lastBookedAt: null as Date | null }]));
    const counts = new Map<number, number>();
    for (let i = 0; i < 30; i += 1) {
      const [next] = roundRobinOrder([1, 2, 3], load);
      const entry = load.get(next!)!;
      entry.recent += 1;
      entry.lastBookedAt = new Date(NOW.getTime() + i * 60_000);
      counts.set(next!, (counts.get(next!) ?? 0) + 1);
    }
    expect([...counts.values()]).toEqual([10, 10, 10]);
  });
});
