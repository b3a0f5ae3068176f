/**
 * What staff may do with a booking (decision 0080), by its status and whether it has started.
 * Browser-safe: the tab shows only the buttons this allows, and the server checks the same rules
 * in the update itself (a conditional UPDATE, so two people clicking at once change it once).
 */
export type BookingStatus = "booked" | "confirmed" | "declined" | "cancelled" | "no_show";

/** Bookings that hold their slot; declined, cancelled and no-show ones free it (the unique index agrees). */
export const LIVE_STATUSES = ["booked", "confirmed"] as const;

export const STAFF_ACTIONS = {
  // Before the start only: confirming or refusing a meeting that has begun means nothing.
  confirm: { from: ["booked"], to: "confirmed", when: "before", label: "Confirm" },
  decline: { from: ["booked"], to: "declined", when: "before", label: "Decline" },
  // The other way to decline (decision 0096): a conflict or a matter outside the firm's areas, so
  // no "another time"; also after confirming, when a conflict shows up late.
  "cannot-act": { from: ["booked", "confirmed"], to: "declined", when: "before", label: "We cannot act" },
  cancel: { from: ["booked", "confirmed"], to: "cancelled", when: "before", label: "Cancel" },
  // Only once the meeting should have started.
  "no-show": { from: ["booked", "confirmed"], to: "no_show", when: "after", label: "Mark no-show" },
} as const satisfies Record<string, { from: readonly BookingStatus[]; to: BookingStatus; when: "before" | "after"; label: string }>;

export type StaffAction = keyof typeof STAFF_ACTIONS;
export const STAFF_ACTION_NAMES = Object.keys(STAFF_ACTIONS) as StaffAction[];
export const isStaffAction = (value: unknown): value is StaffAction => typeof value === "string" && Object.hasOwn(STAFF_ACTIONS, value);

export const STATUS_LABELS: Record<BookingStatus, string> = {
  booked: "Booked",
  confirmed: "Confirmed",
  declined: "Declined",
  cancelled: "Cancelled",
  no_show: "No-show",
};

/** Whether `action` is open for a booking in `status` starting at `start`, at `now`. */
export function actionAllowed(action: StaffAction, status: BookingStatus, start: Date, now: Date): boolean {
  const rule = STAFF_ACTIONS[action];
  if (!(rule.from as readonly string[]).includes(status)) return false;
  return rule.when === "before" ? start.getTime() > now.getTime() : start.getTime() <= now.getTime();
}

const VERBS: Record<StaffAction, string> = { confirm: "confirmed", decline: "declined", "cannot-act": "declined", cancel: "cancelled", "no-show": "marked as a no-show" };

/** The sentence a refused action answers with. */
export function actionRefusal(action: StaffAction, status: BookingStatus, start: Date, now: Date): string {
  const rule = STAFF_ACTIONS[action];
  if (!(rule.from as readonly string[]).includes(status)) return `This booking is ${STATUS_LABELS[status].toLowerCase()}: it cannot be ${VERBS[action]}.`;
  if (rule.when === "before" && start.getTime() <= now.getTime()) return "This consultation has already started.";
  return "A booking can be marked as a no-show only after its start.";
}
