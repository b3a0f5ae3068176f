/**
 * The firm's clock (decision 0083): Vancouver's days, wall times and the words each language
 * shows for them, computed from the zone's rules handed in (offsets and the instants they end),
 * never from the runtime's or the browser's own time-zone data. The rules come from the
 * moment-timezone package on the server (core/firm-clock.server.ts); this module holds no
 * data and imports nothing, so an admin picker may run it in the browser on rules its loader
 * passed (`rulesNear`). Strings are built from our own words and digits, never from ICU, so
 * Node 20, Node 24 and every browser show the same text.
 */

/** The firm's zone: the one place its name is written (eslint refuses it anywhere else). */
export const FIRM_ZONE = "America/Vancouver";

/** The zone's rules: `offsets[i]` (minutes east of UTC) is in force until `untils[i]` (ms); the last has no end. */
export interface ZoneRules {
  version: string;
  untils: number[];
  offsets: number[];
}

export type FirmLang = "en" | "fa" | "zh";

/** The range the firm clock answers for: 1970 to 2100 inclusive. */
export const FIRST_YEAR = 1970;
export const LAST_YEAR = 2100;
const FIRST_INSTANT = Date.UTC(FIRST_YEAR, 0, 1);
const END_INSTANT = Date.UTC(LAST_YEAR + 1, 0, 1);
const MINUTE = 60_000;
const DAY = 86_400_000;

/** A moment outside 1970–2100: refused rather than shown with a wrong offset. */
export class FirmTimeRangeError extends RangeError {
  constructor(what: string) {
    super(`${what} is outside the firm clock's range (${FIRST_YEAR} to ${LAST_YEAR}).`);
    this.name = "FirmTimeRangeError";
  }
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Whether a YYYY-MM-DD string names a real day: 2025-02-28 does, 2025-02-30 does not. */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).toISOString().slice(0, 10) === value;
}

/** A day plus whole days (calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (to - from). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

/** The day of the week, 0 (Sunday) to 6 (Saturday). */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The Monday of a day's week (weeks start on Monday). */
export function mondayOf(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

export type WallResult = { ok: true; at: Date } | { ok: false; reason: "format" | "gap" | "range" };

const ms = (at: Date | string | number): number => (typeof at === "number" ? at : typeof at === "string" ? Date.parse(at) : at.getTime());

export interface FirmClock {
  readonly rules: ZoneRules;
  /** Vancouver's offset from UTC at an instant, in minutes (-420 for UTC-7). */
  offsetMinutes(at: Date | string | number): number;
  /** Vancouver's calendar day of an instant, YYYY-MM-DD. */
  dayOf(at: Date | string | number): string;
  /** Vancouver's wall time of an instant, "YYYY-MM-DDTHH:mm" (what a datetime-local input holds). */
  wallOf(at: Date | string | number): string;
  /** Minutes since Vancouver midnight at an instant (0 to 1439). */
  minuteOfDay(at: Date | string | number): number;
  /** A Vancouver wall time as an instant: a skipped time refused, a repeated one its first occurrence. */
  fromWall(local: string): WallResult;
  /** The instant a Vancouver wall time of a day (minutes since midnight) happens, or null in a skipped hour. */
  at(day: string, minuteOfDay: number): Date | null;
  /** The first instant of a Vancouver day. */
  startOfDay(day: string): Date;
  /** "Monday, December 7, 2026" (or without the weekday) in the language, Vancouver's date. */
  date(at: Date | string | number, lang: FirmLang, options?: { weekday?: boolean }): string;
  /** "10:00 a.m." / "۱۰:۰۰" / "10:00": Vancouver's time of day in the language. */
  time(at: Date | string | number, lang: FirmLang): string;
  /** Date and time with "Vancouver time" (the language's words, `zoneWords`) said once. */
  when(at: Date | string | number, lang: FirmLang, zoneWords: string): string;
  /** `when` in three parts, the start's time in the middle (for a `<time>` element), with an end time when given. */
  whenParts(at: Date | string | number, lang: FirmLang, zoneWords: string, end?: Date | string | number): { before: string; time: string; after: string };
  /** The admin's reading: "Mar 14, 2027, 03:30 Vancouver time (10:30 UTC)". */
  firmTime(at: Date | string | number): string;
  /** "Mar 14, 2027": the admin's short date. */
  shortDate(at: Date | string | number): string;
  /** "Mar 14, 2027, 03:30" (with ":15" when `seconds`, "Sun, " before when `weekday`): the admin's lists, Vancouver time. */
  dateTime(at: Date | string | number, options?: { seconds?: boolean; weekday?: boolean }): string;
  /** "2027-03-14 03:30" (with ":15" when `seconds`): exports, which sort as text. */
  stamp(at: Date | string | number, options?: { seconds?: boolean }): string;
}

/** Days whose midnight a clock keeps (a few years of days; emptied when full). */
const CHECKED_DAYS_MAX = 2_000;

/** A firm clock on a set of rules (the server's, or the part of them a loader passed to the browser). */
export function firmClockOn(rules: ZoneRules): FirmClock {
  const { untils, offsets } = rules;

  const offsetAt = (instant: number): number => {
    if (!(instant >= FIRST_INSTANT && instant < END_INSTANT)) throw new FirmTimeRangeError(Number.isNaN(instant) ? "An invalid date" : new Date(instant).toISOString());
    let low = 0;
    let high = untils.length;
    // The first rule whose end is after the instant.
    while (low < high) {
      const mid = (low + high) >> 1;
      if (untils[mid] <= instant) low = mid + 1;
      else high = mid;
    }
    return offsets[low];
  };
  const wallMs = (at: Date | string | number): number => {
    const instant = ms(at);
    return instant + offsetAt(instant) * MINUTE;
  };

  const fromWallMs = (wall: number): Date | null => {
    if (!(wall >= FIRST_INSTANT + DAY && wall < END_INSTANT - DAY)) throw new FirmTimeRangeError(new Date(wall).toISOString().slice(0, 16));
    // The offsets in force half a day either side cover any change near this wall time.
    const before = offsetAt(wall - 14 * 3_600_000);
    const after = offsetAt(wall + 14 * 3_600_000);
    // Nearly always one offset (the booking grid asks thousands of times a request): no lists.
    if (before === after) {
      const instant = wall - before * MINUTE;
      return wallMs(instant) === wall ? new Date(instant) : null;
    }
    const instants = [before, after].map((offset) => wall - offset * MINUTE).filter((instant) => wallMs(instant) === wall);
    return instants.length === 0 ? null : new Date(Math.min(...instants));
  };

  const checkedDays = new Map<string, number>();

  const parts = (at: Date | string | number) => {
    const wall = new Date(wallMs(at));
    return { year: wall.getUTCFullYear(), month: wall.getUTCMonth(), day: wall.getUTCDate(), weekday: wall.getUTCDay(), minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
  };

  const clock: FirmClock = {
    rules,
    offsetMinutes: (at) => offsetAt(ms(at)),
    dayOf: (at) => new Date(wallMs(at)).toISOString().slice(0, 10),
    wallOf: (at) => new Date(wallMs(at)).toISOString().slice(0, 16),
    minuteOfDay: (at) => parts(at).minutes,
    fromWall(local) {
      const match = LOCAL_PATTERN.exec(local.trim());
      if (!match) return { ok: false, reason: "format" };
      const [year, month, day, hour, minute] = match.slice(1).map(Number);
      if (year < FIRST_YEAR || year > LAST_YEAR) return { ok: false, reason: "range" };
      const wall = Date.UTC(year, month - 1, day, hour, minute);
      // Date.UTC rolls 30 February over into March: such a day is not a day.
      if (hour > 23 || minute > 59 || new Date(wall).toISOString().slice(0, 16) !== local.trim()) return { ok: false, reason: "format" };
      if (!(wall >= FIRST_INSTANT + DAY && wall < END_INSTANT - DAY)) return { ok: false, reason: "range" };
      const at = fromWallMs(wall);
      return at ? { ok: true, at } : { ok: false, reason: "gap" };
    },
    at(day, minuteOfDay) {
      // A day's midnight checked once: the booking grid asks for every slot of every lawyer's day.
      let midnight = checkedDays.get(day);
      if (midnight === undefined) {
        if (!isCalendarDay(day)) throw new RangeError(`Not a day: ${day}`);
        midnight = Date.parse(`${day}T00:00:00Z`);
        if (checkedDays.size >= CHECKED_DAYS_MAX) checkedDays.clear();
        checkedDays.set(day, midnight);
      }
      return fromWallMs(midnight + minuteOfDay * MINUTE);
    },
    startOfDay(day) {
      // Midnight may be skipped in some zone's history: the day then starts at the first instant after it.
      for (let minute = 0; minute < 24 * 60; minute += 30) {
        const at = clock.at(day, minute);
        if (at) return at;
      }
      throw new RangeError(`No time of ${day} exists`);
    },
    date(at, lang, options = {}) {
      const p = parts(at);
      return dateWords(p.year, p.month, p.day, options.weekday ? p.weekday : null, lang);
    },
    time: (at, lang) => timeWords(parts(at).minutes, lang),
    when(at, lang, zoneWords) {
      const { before, time, after } = clock.whenParts(at, lang, zoneWords);
      return `${before}${time}${after}`;
    },
    whenParts(at, lang, zoneWords, end) {
      const date = clock.date(at, lang, { weekday: true });
      const time = clock.time(at, lang);
      const until = end === undefined ? "" : `–${clock.time(end, lang)}`;
      // Each language's own order and punctuation; "Vancouver time" once, no parentheses.
      if (lang === "fa") return { before: `${date}، ساعت `, time, after: `${until} ${zoneWords}` };
      if (lang === "zh") return { before: `${date} ${zoneWords}`, time, after: until };
      return { before: `${date}, `, time, after: `${until} ${zoneWords}` };
    },
    firmTime(at) {
      return `${clock.dateTime(at)} Vancouver time (${new Date(ms(at)).toISOString().slice(11, 16)} UTC)`;
    },
    shortDate(at) {
      const p = parts(at);
      return `${SHORT_MONTHS[p.month]} ${p.day}, ${p.year}`;
    },
    dateTime(at, options = {}) {
      const wall = new Date(wallMs(at)).toISOString();
      const weekday = options.weekday ? `${EN_WEEKDAYS[new Date(wall).getUTCDay()].slice(0, 3)}, ` : "";
      return `${weekday}${clock.shortDate(at)}, ${wall.slice(11, options.seconds ? 19 : 16)}`;
    },
    stamp(at, options = {}) {
      const wall = new Date(wallMs(at)).toISOString();
      return `${wall.slice(0, 10)} ${wall.slice(11, options.seconds ? 19 : 16)}`;
    },
  };
  return clock;
}

/**
 * The part of the rules around an instant (a year before to `yearsAfter` after), small enough
 * for a loader to pass to an admin picker in the browser.
 */
export function rulesNear(rules: ZoneRules, at: Date, yearsAfter = 3): ZoneRules {
  const from = at.getTime() - 366 * DAY;
  const to = at.getTime() + yearsAfter * 366 * DAY;
  const untils: number[] = [];
  const offsets: number[] = [];
  for (let i = 0; i < rules.offsets.length; i += 1) {
    const end = i < rules.untils.length ? rules.untils[i] : Infinity;
    if (end <= from) continue;
    offsets.push(rules.offsets[i]);
    if (end === Infinity || end > to) break;
    untils.push(end);
  }
  // Outside the window the nearest rule answers: good enough for a picker whose server checks again.
  return { version: rules.version, untils, offsets };
}

// ------------------------------------------------------------------------------- words

const EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const SHORT_MONTHS = EN_MONTHS.map((name) => name.slice(0, 3));
const FA_MONTHS = ["ژانویهٔ", "فوریهٔ", "مارس", "آوریل", "مهٔ", "ژوئن", "ژوئیهٔ", "اوت", "سپتامبر", "اکتبر", "نوامبر", "دسامبر"];  // the forms before a year (ezafe: "ژانویهٔ ۲۰۲۷")
const EN_WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const FA_WEEKDAYS = ["یکشنبه", "دوشنبه", "سه‌شنبه", "چهارشنبه", "پنجشنبه", "جمعه", "شنبه"];
const ZH_WEEKDAYS = ["星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"];
const PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹";

/** Western digits written in Persian digits. */
export const persianDigits = (text: string): string => text.replace(/[0-9]/g, (digit) => PERSIAN_DIGITS[Number(digit)]);

const pad = (n: number) => String(n).padStart(2, "0");
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

function dateWords(year: number, month: number, day: number, weekday: number | null, lang: FirmLang): string {
  if (lang === "fa") return persianDigits(`${weekday === null ? "" : `${FA_WEEKDAYS[weekday]} `}${day} ${FA_MONTHS[month]} ${year}`);
  if (lang === "zh") return `${year}年${month + 1}月${day}日${weekday === null ? "" : ZH_WEEKDAYS[weekday]}`;
  return `${weekday === null ? "" : `${EN_WEEKDAYS[weekday]}, `}${EN_MONTHS[month]} ${day}, ${year}`;
}

function timeWords(minutes: number, lang: FirmLang): string {
  if (lang === "fa") return persianDigits(hhmm(minutes));
  if (lang === "zh") return hhmm(minutes);
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minutes % 60)} ${hour < 12 ? "a.m." : "p.m."}`;
}

/** A YYYY-MM-DD day in words ("December 7, 2026"), for dates that are days and not instants. */
export function dayWords(day: string, lang: FirmLang, options: { weekday?: boolean } = {}): string {
  const [y, m, d] = day.split("-").map(Number);
  return dateWords(y, m - 1, d, options.weekday ? weekdayOf(day) : null, lang);
}

/** A UTC moment as the admin writes it, "Mar 5, 2025, 09:00 UTC" (or only "Mar 5, 2025"): our words, so server and browser agree. */
export function utcWords(at: Date | string, options: { time?: boolean } = { time: true }): string {
  const iso = new Date(at).toISOString();
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  return `${SHORT_MONTHS[m - 1]} ${d}, ${y}${options.time ? `, ${iso.slice(11, 16)} UTC` : ""}`;
}

/** Minutes since midnight in the language's words ("9:30 a.m."), for office hours that are not instants. */
export const minuteWords = (minutes: number, lang: FirmLang): string => timeWords(minutes, lang);
