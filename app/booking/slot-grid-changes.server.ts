/**
 * Counts this instance's booking and availability changes (app/booking/slot-grid.server.ts reads
 * it): apart, so that the code that writes bookings and the availability can say so without
 * importing the grid, which reads them.
 */
let changes = 0;

/** A booking was made, moved, cancelled or its status changed, or the availability changed: the booking pages read afresh. */
export function slotGridChanged(): void {
  changes++;
}

export const slotGridChanges = (): number => changes;
