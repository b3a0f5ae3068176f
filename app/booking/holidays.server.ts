import Holidays from "date-holidays";

/**
 * British Columbia's statutory holidays, from date-holidays (a maintained holiday library) rather
 * than a list of our own. Only its "public" holidays close the office; its "observance" days
 * (Groundhog Day, Halloween, …) do not. A firm that also closes on other days adds them in the
 * Consultations settings (closed dates).
 *
 * One correction: the library lists 30 September (National Day for Truth and Reconciliation) as
 * an observance for BC, but BC's Employment Standards Act made it a statutory holiday from 2023,
 * so from 2023 on the library's own entry for that day counts as statutory too.
 */
const TRUTH_AND_RECONCILIATION = "National Day for Truth and Reconciliation";
const TRUTH_AND_RECONCILIATION_STATUTORY_FROM = 2023;
const bc = new Holidays("CA", "BC");
const byYear = new Map<number, ReadonlyArray<{ date: string; name: string }>>();

/** The year's statutory holidays as Vancouver dates ("YYYY-MM-DD") with their English names. */
export function bcStatutoryHolidays(year: number): ReadonlyArray<{ date: string; name: string }> {
  let list = byYear.get(year);
  if (!list) {
    list = bc
      .getHolidays(year)
      .filter(
        (holiday) =>
          holiday.type === "public" || (holiday.name === TRUTH_AND_RECONCILIATION && year >= TRUTH_AND_RECONCILIATION_STATUTORY_FROM),
      )
      // `date` is the local calendar date ("2027-07-01 00:00:00"): the day is what matters here.
      .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name }));
    byYear.set(year, list);
  }
  return list;
}

/** Every statutory holiday date between two Vancouver dates (inclusive). */
export function holidayDatesBetween(from: string, to: string): Set<string> {
  const out = new Set<string>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const holiday of bcStatutoryHolidays(year)) if (holiday.date >= from && holiday.date <= to) out.add(holiday.date);
  }
  return out;
}
