import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { bookingInvitation, type InvitationInput } from "~/booking/ics.server";

/**
 * The consultation invitation read back by a maintained iCalendar parser (ical.js, Mozilla's):
 * what a booker types must stay one value, never become parameters or another attendee.
 */

const base: InvitationInput = {
  bookingId: 7,
  siteUrl: "https://firm.example",
  cancelled: false,
  sequence: 0,
  start: new Date("2026-12-01T17:00:00Z"),
  end: new Date("2026-12-01T17:30:00Z"),
  summary: "Consultation",
  description: "Booked online.",
  location: null,
  url: null,
  organizer: { name: "The Firm", email: "office@firm.example" },
};

const eventOf = (text: string) => new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;

describe("the consultation invitation (RFC 5545)", () => {
  it("publishes the event with the firm as organiser and nobody asked to reply (decision 0106)", () => {
    const text = bookingInvitation(base);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    const event = calendar.getFirstSubcomponent("vevent")!;
    expect(event.getAllProperties("attendee")).toHaveLength(0);
    expect(text).not.toMatch(/RSVP/i);
    const organizer = event.getFirstProperty("organizer")!;
    expect(organizer.getParameter("cn")).toBe("The Firm");
    expect(String(organizer.getFirstValue()).toLowerCase()).toBe("mailto:office@firm.example");
    expect(event.getFirstPropertyValue("status")).toBe("CONFIRMED");
    const cancelled = new ICAL.Component(ICAL.parse(bookingInvitation({ ...base, cancelled: true, sequence: 2 })));
    expect(cancelled.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(cancelled.getFirstSubcomponent("vevent")!.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(cancelled.getFirstSubcomponent("vevent")!.getFirstPropertyValue("sequence")).toBe(2);
  });

  it("keeps an organiser's name with quotes and parameters in it to one organiser with that name (issue 44, finding 6)", () => {
    const typed = 'Firm"; ROLE=CHAIR;X="a":mailto:attacker@evil.example';
    const event = eventOf(bookingInvitation({ ...base, organizer: { name: typed, email: "office@firm.example" } }));
    const organizers = event.getAllProperties("organizer");
    expect(organizers).toHaveLength(1);
    // The name without its double quotes (a quoted parameter value cannot hold one).
    expect(organizers[0].getParameter("cn")).toBe("Firm; ROLE=CHAIR;X=a:mailto:attacker@evil.example");
    expect(organizers[0].getParameter("x")).toBeUndefined();
    expect(String(organizers[0].getFirstValue()).toLowerCase()).toBe("mailto:office@firm.example");
    expect(event.getAllProperties("attendee")).toHaveLength(0);
  });

  it("drops control characters and backslashes from parameter values and escapes text values", () => {
    const event = eventOf(
      bookingInvitation({
        ...base,
        summary: "Consultation; with, commas\\and a backslash",
        description: "Line one\r\nLine two\u0000\u001b; end",
        organizer: { name: 'The "Firm"\\\r\nX-INJECTED:1', email: "office@firm.example" },
      }),
    );
    expect(event.getFirstPropertyValue("summary")).toBe("Consultation; with, commas\\and a backslash");
    expect(event.getFirstPropertyValue("description")).toBe("Line one\nLine two; end");
    expect(event.getFirstProperty("organizer")!.getParameter("cn")).toBe("The Firm X-INJECTED:1");
    expect(event.getFirstProperty("x-injected")).toBeNull();
  });
});
