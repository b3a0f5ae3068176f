import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { firmClockOn, type FirmClock, type ZoneRules } from "../../../core/firm-time";

/**
 * The firm clock in an admin component (decision 0083), on the rules the dashboard's loader
 * passed: the server's render and the browser's show the same times, whatever time-zone data the
 * browser has.
 */
export function useFirmClock(): FirmClock {
  const data = useRouteLoaderData("routes/admin/dashboard") as { firmRules?: ZoneRules } | undefined;
  const rules = data?.firmRules;
  if (!rules) throw new Error("useFirmClock outside the dashboard: its loader passes the firm clock's rules");
  return useMemo(() => firmClockOn(rules), [rules]);
}
