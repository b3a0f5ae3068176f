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
  method: "REQUEST",
  sequence: 0,
  start: new Date("2026-12-01T17:00:00Z"),
  end: new Date("2026-12-01T17:30:00Z"),
  summary: "Consultation",
  description: "Booked online.",
  location: null,
  url: null,
  organizer: { name: "The Firm", email: "office@firm.example" },
  attendee: { name: "Bob", email: "bob@example.test" },
};

const eventOf = (text: string) => new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;

describe("the consultation invitation (RFC 5545)", () => {
  it("keeps a name with quotes and parameters in it to one attendee with that name (issue 44, finding 6)", () => {
    const typed = 'Bob"; ROLE=CHAIR;X="a":mailto:attacker@evil.example';
    const event = eventOf(bookingInvitation({ ...base, attendee: { name: typed, email: "bob@example.test" } }));
    const attendees = event.getAllProperties("attendee");
    expect(attendees).toHaveLength(1);
    const [attendee] = attendees;
    // The typed name without its double quotes (a quoted parameter value cannot hold one).
    expect(attendee.getParameter("cn")).toBe("Bob; ROLE=CHAIR;X=a:mailto:attacker@evil.example");
    expect(attendee.getParameter("role")).toBe("REQ-PARTICIPANT");
    expect(attendee.getParameter("x")).toBeUndefined();
    expect(String(attendee.getFirstValue()).toLowerCase()).toBe("mailto:bob@example.test");
    expect(event.getFirstProperty("organizer")!.getParameter("cn")).toBe("The Firm");
  });

  it("drops control characters and backslashes from parameter values and escapes text values", () => {
    const event = eventOf(
      bookingInvitation({
        ...base,
        summary: "Consultation; with, commas\\and a backslash",
        description: "Line one\r\nLine two\u0000\u001b; end",
        organizer: { name: 'The "Firm"\\\r\nX-INJECTED:1', email: "office@firm.example" },
        attendee: { name: "Zoë 王\u0007 Ali", email: "zoe@example.test" },
      }),
    );
    expect(event.getFirstPropertyValue("summary")).toBe("Consultation; with, commas\\and a backslash");
    expect(event.getFirstPropertyValue("description")).toBe("Line one\nLine two; end");
    expect(event.getFirstProperty("organizer")!.getParameter("cn")).toBe("The Firm X-INJECTED:1");
    expect(event.getAllProperties("attendee").map((a) => a.getParameter("cn"))).toEqual(["Zoë 王 Ali"]);
    expect(event.getFirstProperty("x-injected")).toBeNull();
  });
});
