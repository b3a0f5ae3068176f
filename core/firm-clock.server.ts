/**
 * The firm clock on the product's own time-zone rules (decision 0083): Vancouver's offsets from
 * the moment-timezone package's IANA data, read once at start. The runtime's data (Node's ICU,
 * `process.versions.tz`) is never consulted, so Node 20 and Node 24 give the same answers; an
 * update of the rules is a bump of moment-timezone (docs/operations.md). Server-only: the
 * package's data never reaches a browser.
 */
import { createRequire } from "node:module";
import { FIRM_ZONE, firmClockOn, type FirmClock, type ZoneRules } from "./firm-time";

interface MomentZone {
  untils: number[];
  offsets: number[];
}
interface MomentTimezone {
  tz: { dataVersion: string; zone(name: string): MomentZone | null };
}

function loadRules(): ZoneRules {
  const moment = createRequire(import.meta.url)("moment-timezone") as MomentTimezone;
  const zone = moment.tz.zone(FIRM_ZONE);
  if (!zone) throw new Error(`moment-timezone has no rules for ${FIRM_ZONE}`);
  // moment counts offsets in minutes west of UTC and ends the last rule at Infinity.
  return {
    version: moment.tz.dataVersion,
    untils: zone.untils.filter((until) => Number.isFinite(until)),
    offsets: zone.offsets.map((offset) => (offset === 0 ? 0 : -offset)),
  };
}

/** The firm's clock, for every server module. */
export const firmClock: FirmClock = firmClockOn(loadRules());

/** The time-zone data versions: the firm clock's (the product's) and the runtime's (unused, logged beside it). */
export const tzVersions = { firm: firmClock.rules.version, runtime: process.versions.tz ?? "unknown" };

/**
 * What `npm start` logs about the time-zone data: the firm clock's version, which decides, and
 * the runtime's beside it. A runtime with newer data is a warning (the product's package is
 * behind: bump moment-timezone, docs/operations.md); its rules are still not used.
 */
export function tzDataNotice(versions = tzVersions): { level: "info" | "warn"; fields: Record<string, string>; message: string } {
  const fields = { zone: FIRM_ZONE, firmTzData: versions.firm, runtimeTzData: versions.runtime };
  const newer = /^\d{4}[a-z]$/.test(versions.runtime) && versions.runtime > versions.firm;
  return newer
    ? { level: "warn", fields, message: `firm clock: ${FIRM_ZONE} on tzdata ${versions.firm} (moment-timezone), older than the runtime's ${versions.runtime}; the firm clock's rules still decide: update moment-timezone` }
    : { level: "info", fields, message: `firm clock: ${FIRM_ZONE} on tzdata ${versions.firm} (moment-timezone); the runtime's own tzdata ${versions.runtime} is not used` };
}
