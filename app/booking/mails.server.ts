import { firmClock } from "../../core/firm-clock.server";
import { openField } from "../../core/sealing.server";
import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { consultationBookings, consultationParties } from "../../db/schema";
import { createMailer, htmlText as escapeHtml, mailSettings, plainAddress, type Mailer, type OutgoingMail } from "../../core/mail";
import type { Config } from "../../core/config";
import type { Logger } from "../../core/log";
import type { Clock } from "../../core/clock";
import { MAIL_LANE } from "../jobs/runner.server";
import { sendItemMail } from "../jobs/send-mail.server";
import { defineJob } from "../jobs/define.server";
import type { TextStore } from "../content/texts.server";
import { interpolate } from "../i18n/lookup";
import { DEFAULT_LANG, isLang, type Lang } from "../i18n/languages";
import { LIVE_STATUSES } from "./availability.server";
import { bookingInvitation, firmReplyAddress, nameOf } from "./ics.server";
import { conflictsOf, hitsOn } from "../conflicts/conflict-store.server";
import { conflictLines, recordPath, type ConflictHit, type StoredConflict } from "../conflicts/conflict-labels";
import { LANGUAGE_NAMES } from "../i18n/language-names";
import { STATUS_LABELS } from "./status";
import { forgetManageToken, issueManageToken, manageUrl, revokeManageTokens } from "./manage-tokens.server";

/**
 * The consultation's mails (issue 33, decision 0079), through the mail outbox (decisions 0048,
 * 0049, 0058): `queueBookingMail` queues a job in the transaction of the change that needs it, on
 * the mail lane, and the job sends with retries while the mail server is down. The visitor's mail
 * is in the booking's language with texts from the content store (category "booking-mail"), the
 * time in Vancouver time, the meeting's details, a cancel-or-reschedule link (a token made in the
 * job, so never stored in plain) and a calendar invitation; the firm's mail goes to
 * CONTACT_NOTIFY_TO, like the contact form's notification.
 */

/**
 * `cancelled` is the visitor's own cancellation, `firm-cancelled` staff's (it apologises);
 * `declined` invites another time, `cannot-act` says the firm cannot act for the visitor (decision 0096);
 * `confirmed` tells the visitor staff confirmed the booking; `rebook` that the firm closed the
 * booking's day and the visitor must choose another time (with the manage link; decision 0111).
 */
export const BOOKING_MAIL_KINDS = ["confirmation", "confirmed", "changed", "cancelled", "firm-cancelled", "declined", "cannot-act", "reminder", "rebook"] as const;
export type BookingMailKind = (typeof BOOKING_MAIL_KINDS)[number];

/** Retries with the runner's doubling backoff (2 s ... about 17 min): about half an hour, as the contact notification. */
const MAX_ATTEMPTS = 11;

/** The kinds that tell the firm by default: every new, changed or cancelled booking. */
const FIRM_HEARS: ReadonlySet<BookingMailKind> = new Set(["confirmation", "changed", "cancelled"]);
/** The kinds whose booking must still be live when the mail goes out, and which carry the manage link. */
const LIVE_KINDS: ReadonlySet<BookingMailKind> = new Set(["confirmation", "confirmed", "changed", "reminder", "rebook"]);
/** Mails that add nothing to the visitor's calendar: the invitation already holds the event. */
const NO_INVITATION: ReadonlySet<BookingMailKind> = new Set(["confirmed", "reminder", "rebook"]);

interface ItemPayload {
  bookingId: number;
  mail: BookingMailKind;
  to: "visitor" | "firm";
  /** A `cannot-act` mail with the firm's referral line (the intake person's choice). */
  referral?: boolean;
  /** A `changed` notice: the start it moved from (ISO), so the firm reads "moved from … to …". */
  from?: string;
}

export interface BookingMailDeps {
  db: Db;
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "SITE_URL" | "CONTACT_NOTIFY_TO">;
  log: Logger;
  texts: Pick<TextStore, "get">;
  clock?: Clock;
}

type Booking = typeof consultationBookings.$inferSelect;

// ------------------------------------------------------------------------------- video room

/** A meeting room nobody can guess: 128 random bits, lower-case hex (Jitsi lower-cases room names). */
export const newVideoRoom = () => `consultation-${randomBytes(16).toString("hex")}`;

/**
 * The site's video consultation page for a video booking, or null for another kind. The room
 * travels in the fragment: it never reaches a server (no log, no page-cache key, no Referer), and
 * the page's script can fill the room field from it; the mail names the room too.
 */
export function videoLinkFor(booking: Pick<Booking, "kind" | "videoRoom" | "language">, siteUrl: string): string | null {
  if (booking.kind !== "video" || !booking.videoRoom) return null;
  const prefix = booking.language === DEFAULT_LANG || !isLang(booking.language) ? "" : `/${booking.language}`;
  return new URL(`${prefix}/video-consultation#room=${booking.videoRoom}`, siteUrl).href;
}

/** Give a video booking its room when it has none yet (in the caller's transaction). */
async function ensureVideoRoom(tx: Db, bookingId: number): Promise<void> {
  await tx
    .update(consultationBookings)
    .set({ videoRoom: newVideoRoom() })
    .where(and(eq(consultationBookings.id, bookingId), eq(consultationBookings.kind, "video"), isNull(consultationBookings.videoRoom)));
}

// ------------------------------------------------------------------------------- queueing

/**
 * Queue the mails of a booking's change, in the transaction of that change: the visitor's mail of
 * `kind` and, for a new, changed or cancelled booking, the firm's (`notifyFirm` overrides; staff
 * who cancel may pass false). Cancelling or declining also voids every manage link of the booking.
 */
export async function queueBookingMail(tx: Db, bookingId: number, kind: BookingMailKind, options: { notifyFirm?: boolean; referral?: boolean; from?: Date } = {}): Promise<void> {
  if (LIVE_KINDS.has(kind)) await ensureVideoRoom(tx, bookingId);
  else await revokeManageTokens(tx, bookingId);
  const items: Array<{ label: string; payload: ItemPayload }> = [
    // No address in the labels: every admin sees the jobs list.
    { label: `Booking #${bookingId}: ${kind} mail to the visitor`, payload: { bookingId, mail: kind, to: "visitor", ...(options.referral ? { referral: true } : {}) } },
  ];
  if (options.notifyFirm ?? FIRM_HEARS.has(kind)) {
    items.push({ label: `Booking #${bookingId}: ${kind} notice to the firm`, payload: { bookingId, mail: kind, to: "firm", ...(options.from ? { from: options.from.toISOString() } : {}) } });
  }
  await bookingMailJob.enqueue(tx, null, items);
}

// ------------------------------------------------------------------------------- writing

/** "Tuesday, January 12, 2027, 10:00 a.m. Vancouver time", in the mail's language and its punctuation (decision 0083). */
export function formatMeetingTime(at: Date, lang: Lang, zoneWords: string): string {
  return firmClock.when(at, lang, zoneWords);
}

/** A paragraph of the mail: text, or a link on a line of its own. */
type Block = { text: string } | { link: string } | { rows: Array<[string, string]> };

function render(blocks: Block[], lang: Lang): { text: string; html: string } {
  const text = blocks
    .map((block) => ("text" in block ? block.text : "link" in block ? block.link : block.rows.map(([label, value]) => `${label}: ${value}`).join("\n")))
    .join("\n\n");
  const dir = lang === "fa" ? "rtl" : "ltr";
  const body = blocks
    .map((block) => {
      if ("text" in block) return `<p>${escapeHtml(block.text).replace(/\n/g, "<br>")}</p>`;
      if ("link" in block) return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.link)}</a></p>`;
      return `<table role="presentation">${block.rows.map(([label, value]) => `<tr><th style="text-align:start;padding-inline-end:1em">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`;
    })
    .join("\n");
  const html = `<!doctype html>\n<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"></head><body style="font-family:sans-serif;line-height:1.5">\n${body}\n</body></html>`;
  return { text, html };
}

export interface VisitorMail {
  subject: string;
  text: string;
  html: string;
  calendar?: OutgoingMail["calendar"];
}

/** The visitor's mail of one kind, with the manage link when given. */
export async function visitorMail(
  deps: Pick<BookingMailDeps, "texts" | "config">,
  kind: BookingMailKind,
  booking: Booking,
  manageLink: string | null,
  options: { referral?: boolean } = {},
): Promise<VisitorMail> {
  const lang: Lang = isLang(booking.language) ? booking.language : DEFAULT_LANG;
  const t = async (key: string, vars?: Record<string, string>) => interpolate(await deps.texts.get(lang, key), vars);
  const siteUrl = deps.config.SITE_URL;
  const when = formatMeetingTime(booking.startsAt, lang, await t("booking-mail-time-zone"));
  const firm = await t("firm-name");
  const address = await t("contact-office-address");
  const video = videoLinkFor(booking, siteUrl);
  const bookingPage = new URL(`${lang === DEFAULT_LANG ? "" : `/${lang}`}/virtual-consultation`, siteUrl).href;

  const blocks: Block[] = [{ text: await t("booking-mail-greeting", { name: booking.name }) }];
  const live = LIVE_KINDS.has(kind);
  if (live) {
    blocks.push({ text: await t(`booking-mail-${kind}-intro`) });
    const rows: Array<[string, string]> = [
      [await t("booking-mail-when-label"), when],
      [await t("booking-mail-kind-label"), await t(`booking-mail-kind-${booking.kind}`)],
    ];
    if (booking.area) rows.push([await t("booking-mail-area-label"), await t(`practice-areas-${booking.area}-title`)]);
    blocks.push({ rows });
    if (video) blocks.push({ text: await t("booking-mail-video-text", { room: booking.videoRoom ?? "" }) }, { link: video });
    if (booking.kind === "phone") blocks.push({ text: booking.phone ? await t("booking-mail-phone-text", { phone: booking.phone }) : await t("booking-mail-phone-missing") });
    if (booking.kind === "office") blocks.push({ text: await t("booking-mail-office-text", { address }) });
    if (manageLink) blocks.push({ text: await t("booking-mail-manage-text") }, { link: manageLink });
    if (!NO_INVITATION.has(kind)) blocks.push({ text: await t("booking-mail-calendar-text") });
  } else if (kind === "cannot-act") {
    // No invitation to book again: the firm cannot take the matter (decision 0096).
    blocks.push({ text: await t("booking-mail-cannot-act-intro", { when }) });
    const referral = options.referral ? (await t("booking-mail-referral-text")).trim() : "";
    if (referral) blocks.push({ text: referral });
    blocks.push({ text: await t("booking-mail-calendar-cancel-text") });
  } else {
    blocks.push({ text: await t(`booking-mail-${kind}-intro`, { when }) }, { link: bookingPage }, { text: await t("booking-mail-calendar-cancel-text") });
  }
  blocks.push({ text: ["-- ", firm, await t("footer-phone"), siteUrl].filter(Boolean).join("\n") });

  const subject = await t(`booking-mail-${kind}-subject`, { when });
  const { text, html } = render(blocks, lang);
  if (NO_INVITATION.has(kind)) return { subject, text, html };
  const content = await bookingEvent(deps, booking, { cancelled: !live, description: live ? text : subject });
  // Published, not an invitation to answer (decision 0106): no accept/decline reply to anyone.
  return { subject, text, html, calendar: { method: "PUBLISH", filename: "consultation.ics", content } };
}

/**
 * The booking as a published calendar event (decision 0106), in the booking's language: for the
 * mails' attachment and the "Add to calendar" download. The firm is the organiser under its own
 * name and its reply address; the visitor is no attendee, so nothing asks for a reply.
 */
export async function bookingEvent(
  deps: Pick<BookingMailDeps, "texts" | "config">,
  booking: Booking,
  options: { cancelled: boolean; description?: string },
): Promise<string> {
  const lang: Lang = isLang(booking.language) ? booking.language : DEFAULT_LANG;
  const t = async (key: string, vars?: Record<string, string>) => interpolate(await deps.texts.get(lang, key), vars);
  const siteUrl = deps.config.SITE_URL;
  const firm = await t("firm-name");
  const video = videoLinkFor(booking, siteUrl);
  const location = video ?? (booking.kind === "office" ? await t("contact-office-address") : null);
  const description =
    options.description ??
    [`${await t("booking-mail-when-label")}: ${formatMeetingTime(booking.startsAt, lang, await t("booking-mail-time-zone"))}`, `${await t("booking-mail-kind-label")}: ${await t(`booking-mail-kind-${booking.kind}`)}`]
      .concat(video ? [video] : [])
      .join("\n");
  return bookingInvitation({
    bookingId: booking.id,
    siteUrl,
    cancelled: options.cancelled,
    // A cancellation is a new revision of the event too (RFC 5546 3.2.5).
    sequence: options.cancelled ? booking.icsSequence + 1 : booking.icsSequence,
    start: booking.startsAt,
    end: booking.endsAt,
    summary: await t("booking-mail-event-title", { firm }),
    description,
    location,
    url: video,
    organizer: { name: firm || nameOf(deps.config.MAIL_FROM ?? ""), email: firmReplyAddress(deps.config) },
  });
}

const FIRM_KIND_LABELS: Record<string, string> = { video: "Video call", phone: "Phone call", office: "At the office" };
const FIRM_SUBJECTS: Record<BookingMailKind, string> = {
  confirmation: "New consultation",
  confirmed: "Consultation confirmed",
  changed: "Consultation moved",
  cancelled: "Consultation cancelled by the visitor",
  "firm-cancelled": "Consultation cancelled by the firm",
  declined: "Consultation declined",
  "cannot-act": "Consultation declined: we cannot act",
  reminder: "Consultation tomorrow",
  rebook: "Consultation to be moved: the office is closed that day",
};

export interface FirmMailFacts {
  parties: string[];
  /** The practice area's name as the site shows it (English). */
  areaName: string | null;
  conflicts: StoredConflict[];
  /** Later records whose check matched this booking (decision 0106). */
  hits?: ConflictHit[];
  /** A move: the start before it. */
  movedFrom?: Date;
}

/** The firm's notice in English, like the admin, with readable labels (no codes): who booked what, the conflict check, and where to see it. */
export function firmMail(kind: BookingMailKind, booking: Booking, facts: FirmMailFacts, siteUrl: string): { subject: string; text: string } {
  const when = formatMeetingTime(booking.startsAt, "en", "Vancouver time");
  const what = FIRM_SUBJECTS[kind];
  const language = isLang(booking.language) ? LANGUAGE_NAMES[booking.language] : booking.language;
  const status = (STATUS_LABELS as Record<string, string>)[booking.status] ?? booking.status;
  const conflict = conflictLines(facts.conflicts, facts.hits ?? [], siteUrl);
  const text = [
    `${what}: ${booking.name}, ${when}.`,
    "",
    facts.movedFrom ? `Moved from ${formatMeetingTime(facts.movedFrom, "en", "Vancouver time")} to ${when}` : `When: ${when}`,
    `Meeting: ${FIRM_KIND_LABELS[booking.kind] ?? booking.kind}`,
    `Practice area: ${facts.areaName ?? "not chosen"}`,
    `Name: ${booking.name}`,
    `Email: ${booking.email}`,
    `Phone: ${booking.phone ?? "not given"}`,
    // A phone consultation: the number staff dial at the meeting's time.
    ...(booking.kind === "phone" ? [`Call: ${booking.phone ?? "no number given: reply to ask for one"}`] : []),
    `Language: ${language}`,
    `Status: ${status}`,
    `Other parties: ${facts.parties.length > 0 ? facts.parties.join("; ") : "none given"}`,
    "",
    ...conflict,
    "",
    openField(booking.description, "consultation_bookings.description") || "(no description)",
    "",
    "--",
    `Reply to this mail to answer ${booking.name}. This booking: ${new URL(recordPath("booking", booking.id), siteUrl).href}`,
    `All bookings and their conflict checks: ${new URL("/admin/dashboard/consultations", siteUrl).href}`,
  ].join("\n");
  return { subject: `${what}: ${booking.name}, ${when}`, text };
}

// ------------------------------------------------------------------------------- the job

/** One booking's mails: the visitor's and, when queued, the firm's (an item each). */
export const bookingMailJob = defineJob<null, ItemPayload, [BookingMailDeps]>("booking-mail", {
  // Never behind a long batch, nor holding the contact notifications (decision 0049).
  lane: MAIL_LANE,
  retry: { maxAttempts: MAX_ATTEMPTS },
  summarize: ({ done, failed }) => (failed > 0 ? "A consultation mail could not be sent." : done > 0 ? "Consultation mails sent." : "Nothing to send."),
  handler: (deps) => {
    let mailer: Mailer | null = null;
    return async ({ item, saveProgress }) => {
      const { bookingId, mail, to } = item.payload;
      // Sent before a crash that came before the item was marked done: not sent twice.
      if (item.progress?.sent) return;
      const [booking] = await deps.db.select().from(consultationBookings).where(eq(consultationBookings.id, bookingId));
      if (!booking) return { skipped: "The booking was deleted before its mail went out." };
      const settings = mailSettings(deps.config);
      if (!settings) return { skipped: "Mail is not configured (SMTP_URL, MAIL_FROM)." };
      const live = (LIVE_STATUSES as readonly string[]).includes(booking.status);

      let outgoing: OutgoingMail;
      let token: string | null = null;
      if (to === "firm") {
        const recipient = deps.config.CONTACT_NOTIFY_TO;
        if (!recipient) return { skipped: "No firm address is set (CONTACT_NOTIFY_TO)." };
        const [parties, conflicts, hits] = await Promise.all([
          deps.db.select({ name: consultationParties.name }).from(consultationParties).where(eq(consultationParties.bookingId, bookingId)),
          conflictsOf(deps.db, "booking", [bookingId]),
          hitsOn(deps.db, "booking", [bookingId]),
        ]);
        const facts: FirmMailFacts = {
          parties: parties.map((p) => openField(p.name, "consultation_parties.name")),
          areaName: booking.area ? await deps.texts.get("en", `practice-areas-${booking.area}-title`) : null,
          conflicts: conflicts.get(bookingId) ?? [],
          hits: hits.get(bookingId) ?? [],
          movedFrom: item.payload.from ? new Date(item.payload.from) : undefined,
        };
        const content = firmMail(mail, booking, facts, deps.config.SITE_URL);
        outgoing = { to: recipient, ...content, replyTo: plainAddress(booking.email) ? { name: booking.name, address: booking.email } : undefined };
      } else {
        if (LIVE_KINDS.has(mail) && !live) return { skipped: `The booking is ${booking.status}: no ${mail} mail.` };
        const now = deps.clock?.now() ?? new Date();
        if (mail === "reminder" && booking.startsAt <= now) return { skipped: "The meeting has started: no reminder." };
        if (LIVE_KINDS.has(mail) && booking.endsAt > now) token = await issueManageToken(deps.db, bookingId, booking.endsAt, now);
        const content = await visitorMail(deps, mail, booking, token ? manageUrl(deps.config.SITE_URL, booking.language, token) : null, { referral: item.payload.referral });
        // A reply reaches the firm's inbox, as the event's organiser says (decision 0106).
        const replyTo = firmReplyAddress(deps.config);
        outgoing = { to: booking.email, ...content, ...(replyTo && deps.config.CONTACT_NOTIFY_TO ? { replyTo: { name: nameOf(deps.config.MAIL_FROM ?? "") || replyTo, address: replyTo } } : {}) };
      }
      await sendItemMail(
        async () => {
          mailer ??= createMailer(settings);
          await mailer.send(outgoing);
        },
        // A link that never went out must not stay usable.
        async () => {
          if (token) await forgetManageToken(deps.db, token);
        },
      );
      await saveProgress({ sent: true });
    };
  },
});
