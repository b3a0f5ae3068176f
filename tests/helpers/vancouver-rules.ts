/**
 * British Columbia's clocks depend on the runtime's time-zone data: tzdata 2026a and later (Node 24's
 * ICU) have Vancouver on permanent daylight time (UTC-7) from 8 March 2026; older data (Node 20's
 * ICU, tzdata 2025) keeps the yearly change between UTC-8 and UTC-7. The site reads whichever the
 * runtime has (decision 0062); the tests state both rule sets and check the one in force.
 */
export const PERMANENT_DAYLIGHT_TIME = new Intl.DateTimeFormat("en-US", { timeZone: "America/Vancouver", timeZoneName: "shortOffset" })
  .format(new Date("2027-01-15T12:00:00Z"))
  .includes("GMT-7");

/** The expectation under the runtime's rules: `yearly` for the old data, `permanent` for 2026a+. */
export const byRules = <T>(yearly: T, permanent: T): T => (PERMANENT_DAYLIGHT_TIME ? permanent : yearly);
