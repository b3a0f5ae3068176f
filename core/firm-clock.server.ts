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

const moment = () => createRequire(import.meta.url)("moment-timezone") as MomentTimezone;

function loadRules(name = FIRM_ZONE): ZoneRules | null {
  const tz = moment().tz;
  const zone = tz.zone(name);
  if (!zone) return null;
  // moment counts offsets in minutes west of UTC and ends the last rule at Infinity.
  return {
    version: tz.dataVersion,
    untils: zone.untils.filter((until) => Number.isFinite(until)),
    offsets: zone.offsets.map((offset) => (offset === 0 ? 0 : -offset)),
  };
}

const firmRules = loadRules();
if (!firmRules) throw new Error(`moment-timezone has no rules for ${FIRM_ZONE}`);

/** The firm's clock, for every server module. */
export const firmClock: FirmClock = firmClockOn(firmRules);

const zoneClocks = new Map<string, FirmClock | null>();

/**
 * A clock on another IANA zone's rules from the same data (a lawyer's calendar names its zone,
 * decision 0105), or null for a name the data does not know. Kept once made.
 */
export function zoneClock(name: string): FirmClock | null {
  if (name === FIRM_ZONE) return firmClock;
  if (!zoneClocks.has(name)) {
    if (zoneClocks.size >= 200) zoneClocks.clear();
    const rules = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name) ? loadRules(name) : null;
    zoneClocks.set(name, rules ? firmClockOn(rules) : null);
  }
  return zoneClocks.get(name) ?? null;
}

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
