/** When the weekly digest is due: the slot of a weekday and hour in the firm's time (decision 0081). */
import { firmClock } from "../../core/firm-clock.server";

/** The latest weekly slot (weekday and hour, Vancouver time) at or before `now`. */
export function latestDigestSlot(now: Date, weekday: number, hour: number): Date {
  const today = firmClock.dayOf(now);
  const [y, m, d] = today.split("-").map(Number);
  const todayWeekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  for (let back = (todayWeekday - weekday + 7) % 7; ; back += 7) {
    const day = new Date(Date.UTC(y, m - 1, d - back)).toISOString().slice(0, 10);
    // An hour skipped when the clocks go forward: the slot is the next hour.
    const local = firmClock.fromWall(`${day}T${String(hour).padStart(2, "0")}:00`);
    const next = firmClock.fromWall(`${day}T${String(Math.min(hour + 1, 23)).padStart(2, "0")}:00`);
    const at = local.ok ? local.at : next.ok ? next.at : now;
    if (at.getTime() <= now.getTime()) return at;
  }
}
