/**
 * The Statistics tab's date range, read from the address (`range=7|30|90|custom`, `from`, `to`:
 * Vancouver days, inclusive) by the page and the CSV export alike, with the period just before
 * it for comparison. Browser-safe.
 */
import { isCalendarDay } from "../../core/clock";
import { addDays, daysBetween, minusMonths } from "./days";
import { KEEP_MONTHS_FOR_RANGE } from "./tables";

export const RANGE_CHOICES = ["7", "30", "90", "custom"] as const;
export type RangeChoice = (typeof RANGE_CHOICES)[number];

export interface StatsRange {
  choice: RangeChoice;
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
}

export type RangeResult = { ok: true; range: StatsRange } | { ok: false; message: string; values: Record<string, string> };

/** The range of an address, `today` being Vancouver's today; a bad value answers with a sentence. */
export function parseRange(params: URLSearchParams, today: string): RangeResult {
  const values = { range: params.get("range") ?? "30", from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const fail = (message: string): RangeResult => ({ ok: false, message, values });
  if (!(RANGE_CHOICES as readonly string[]).includes(values.range)) return fail("Range must be 7, 30 or 90 days, or custom.");
  const choice = values.range as RangeChoice;
  let from: string;
  let to: string;
  if (choice === "custom") {
    if (!isCalendarDay(values.from)) return fail("From must be a date (YYYY-MM-DD).");
    if (!isCalendarDay(values.to)) return fail("To must be a date (YYYY-MM-DD).");
    if (values.from > values.to) return fail("From must be on or before To.");
    if (values.to > today) return fail(`To cannot be after today (${today}).`);
    const oldest = minusMonths(today, KEEP_MONTHS_FOR_RANGE);
    if (values.from < oldest) return fail(`From cannot be before ${oldest}: statistics are kept ${KEEP_MONTHS_FOR_RANGE} months.`);
    from = values.from;
    to = values.to;
  } else {
    to = today;
    from = addDays(today, -(Number(choice) - 1));
  }
  const days = daysBetween(from, to) + 1;
  return { ok: true, range: { choice, from, to, days, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) } };
}
