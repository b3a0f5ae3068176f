import { describe, expect, it } from "vitest";
import { actionAllowed, actionRefusal } from "../../app/booking/status";

const now = new Date("2027-03-15T18:00:00Z");
const later = new Date("2027-03-16T18:00:00Z");
const earlier = new Date("2027-03-15T17:00:00Z");

describe("what staff may do with a booking (decision 0080)", () => {
  it("confirms and declines only a booked one before its start", () => {
    expect(actionAllowed("confirm", "booked", later, now)).toBe(true);
    expect(actionAllowed("confirm", "confirmed", later, now)).toBe(false);
    expect(actionAllowed("confirm", "cancelled", later, now)).toBe(false);
    expect(actionAllowed("confirm", "booked", earlier, now)).toBe(false);
    expect(actionAllowed("decline", "booked", later, now)).toBe(true);
    expect(actionAllowed("decline", "confirmed", later, now)).toBe(false);
  });
  it("cancels a live one before its start; marks a no-show only from its start", () => {
    expect(actionAllowed("cancel", "confirmed", later, now)).toBe(true);
    expect(actionAllowed("cancel", "confirmed", earlier, now)).toBe(false);
    expect(actionAllowed("no-show", "confirmed", later, now)).toBe(false);
    expect(actionAllowed("no-show", "booked", earlier, now)).toBe(true);
    expect(actionAllowed("no-show", "booked", now, now)).toBe(true);
    expect(actionAllowed("no-show", "declined", earlier, now)).toBe(false);
  });
  it("declines with 'we cannot act' a booked or confirmed one before its start (decision 0096)", () => {
    expect(actionAllowed("cannot-act", "booked", later, now)).toBe(true);
    expect(actionAllowed("cannot-act", "confirmed", later, now)).toBe(true);
    expect(actionAllowed("cannot-act", "confirmed", earlier, now)).toBe(false);
    expect(actionAllowed("cannot-act", "declined", later, now)).toBe(false);
    expect(actionRefusal("cannot-act", "cancelled", later, now)).toBe("This booking is cancelled: it cannot be declined.");
  });
  it("says why a change is refused", () => {
    expect(actionRefusal("confirm", "cancelled", later, now)).toBe("This booking is cancelled: it cannot be confirmed.");
    expect(actionRefusal("confirm", "booked", earlier, now)).toBe("This consultation has already started.");
    expect(actionRefusal("no-show", "booked", later, now)).toBe("A booking can be marked as a no-show only after its start.");
    expect(actionRefusal("no-show", "no_show", earlier, now)).toBe("This booking is no-show: it cannot be marked as a no-show.");
  });
});
