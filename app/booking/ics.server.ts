import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { plainAddress } from "../../core/mail";

/**
 * The calendar event of a consultation (RFC 5545/5546 through `ical-generator`), published, never
 * an invitation to answer (decision 0106): METHOD:PUBLISH, the firm as ORGANIZER (its own name and
 * its reply address) and no ATTENDEE, so no calendar app offers accept/decline or sends a reply to
 * the sending address. One event whose UID stays the same for the booking's whole life, so a
 * calendar app updates the event it already has: a reschedule publishes a higher SEQUENCE; a
 * cancellation or a decline publishes STATUS:CANCELLED (SEQUENCE one higher again). Times are UTC.
 */

export interface InvitationInput {
  bookingId: number;
  siteUrl: string;
  /** Published as cancelled (the booking was cancelled or declined). */
  cancelled: boolean;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  /** The firm: its own name and the address its replies go to (no organiser when no address is set). */
  organizer: { name: string; email: string };
}

/**
 * A parameter value (CN): RFC 5545 has no escape inside a quoted parameter value, so double
 * quotes and control characters are dropped (a quote would end the value and let the rest be read
 * as parameters), and backslashes too (ical-generator would write them doubled). Line breaks
 * become a space.
 */
export function parameterValue(text: string): string {
  return text
    .replace(/[\r\n]+/g, " ")
    // eslint-disable-next-line no-control-regex
    .replace(/["\\\u0000-\u001f\u007f]/g, "")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** A text value (SUMMARY, DESCRIPTION): line breaks kept as one \n each (and tabs), other control characters dropped; ical-generator then escapes \ ; , and the breaks. */
export function textValue(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
}

/** Stable for a booking on one site: `consultation-<id>@<site host>`. */
export const invitationUid = (bookingId: number, siteUrl: string) => `consultation-${bookingId}@${new URL(siteUrl).hostname}`;

export function bookingInvitation(input: InvitationInput): string {
  const calendar = ical({
    prodId: { company: new URL(input.siteUrl).hostname, product: "consultations", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: invitationUid(input.bookingId, input.siteUrl),
    sequence: input.sequence,
    start: input.start,
    end: input.end,
    // The mail's own time (not the clock's) is fine here: DTSTAMP says when this version was made.
    stamp: new Date(),
    summary: textValue(input.summary),
    description: textValue(input.description),
    location: input.location === null ? null : textValue(input.location),
    url: input.url,
    status: input.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: input.organizer.email ? { name: parameterValue(input.organizer.name), email: input.organizer.email } : null,
  });
  return calendar.toString();
}

/** The plain address of a From value ("Firm <office@firm.example>" -> office@firm.example). */
export function addressOf(from: string): string {
  const match = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  return (match ? match[1] : from).trim();
}

/** The firm's reply address: the first plain address of CONTACT_NOTIFY_TO (where staff read), else MAIL_FROM's. */
export function firmReplyAddress(config: { MAIL_FROM?: string; CONTACT_NOTIFY_TO?: string }): string {
  for (const part of (config.CONTACT_NOTIFY_TO ?? "").split(/[,;]/)) {
    const address = plainAddress(addressOf(part));
    if (address) return address;
  }
  return addressOf(config.MAIL_FROM ?? "");
}

/** The display name of a From value, or the address itself. */
export function nameOf(from: string): string {
  const match = /^\s*"?([^"<]*?)"?\s*<[^<>]+>\s*$/.exec(from);
  return match && match[1] ? match[1] : addressOf(from);
}
