import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { lawyerCalendars, lawyerFeeds, teamMembers } from "../../db/schema";
import { firmClock } from "../../core/firm-clock.server";
import type { Clock } from "../../core/clock";
import type { Logger } from "../../core/log";
import { Sweep } from "../../core/periodic";
import { openField, sealField } from "../../core/sealing.server";
import { DownloadFailed, DownloadTooLarge, fetchPublicResource, type PublicFetchOptions } from "../../core/outside/guarded-fetch";
import { formatBytes } from "../../core/outside/capped-body";
import { auditFrom, type Actor } from "../changes/audit.server";
import { commit, NO_EVENTS } from "../changes/commit.server";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { loadBookingSettings } from "./booking-settings.server";
import { busyFromIcs, NotACalendar } from "./calendar-busy.server";
import { slotGridChanged } from "./slot-grid-changes.server";

/** A lawyer's calendar address's refusals (decision 0101). */
const M = defineMessages("booking.lawyer-calendars", {
  memberGone: "That team member no longer exists.",
  noAddress: "This team member has no calendar address.",
});

/**
 * Each lawyer's own calendar (issue 46 item 2, decision 0105): the private iCalendar address
 * their calendar app publishes (Google's "secret address in iCal format", Outlook's published
 * ICS link, Apple's public calendar link) is kept sealed (core/sealing.server.ts), never sent to a
 * browser (the admin sees its host), and read every 10 minutes through the guarded fetcher
 * (decision 0052: public addresses only, a time limit, a size cap). What it says is busy over the
 * booking horizon is stored as intervals; a read that fails keeps the last good ones in force and
 * stores why, as a sentence an admin can act on.
 *
 * Every instance sweeps once a minute; a calendar that is due is claimed by one conditional
 * UPDATE of `next_read_at` (as the reminders are, decision 0079), so one instance reads it.
 */

/** The team member id, as the schema has it. */
export type MemberId = (typeof teamMembers.$inferSelect)["id"];
export interface BusyInterval {
  start: Date;
  end: Date;
}

export const READ_EVERY_MS = 10 * 60_000;
export const SWEEP_EVERY_MS = 60_000;
export const MAX_CALENDAR_BYTES = 2 * 1024 * 1024;
export const READ_TIMEOUT_MS = 15_000;
/** Busy times are kept from a day before the read (today's past meetings) to a day past the horizon. */
const DAY_MS = 86_400_000;
export const ADDRESS_MAX = 2000;
/** Calendars one sweep claims at most; the rest follow a minute later. */
const SWEEP_BATCH = 20;

// ---------------------------------------------------------------- what the slots read

/**
 * Each member's busy times that overlap [from, to), from the last good read of their calendar
 * (clipped to the span, in order). Every asked member is in the map: no calendar, or none read
 * yet, is an empty list.
 */
export async function busyIntervals(db: DbOrTx, memberIds: readonly MemberId[], from: Date, to: Date): Promise<Map<MemberId, BusyInterval[]>> {
  const out = new Map<MemberId, BusyInterval[]>(memberIds.map((id) => [id, []]));
  if (memberIds.length === 0) return out;
  const rows = await db.select({ memberId: lawyerCalendars.memberId, busy: lawyerCalendars.busy }).from(lawyerCalendars).where(inArray(lawyerCalendars.memberId, [...memberIds]));
  const [start, end] = [from.getTime(), to.getTime()];
  for (const row of rows) {
    const list = out.get(row.memberId)!;
    for (const [s, e] of row.busy ?? []) {
      if (e > start && s < end) list.push({ start: new Date(Math.max(s, start)), end: new Date(Math.min(e, end)) });
    }
  }
  return out;
}

// ---------------------------------------------------------------- the address

export type AddressCheck = { ok: true; url: string; host: string } | { ok: false; message: string };

/**
 * The address as it will be read: webcal:// (Apple, Outlook) is https://; http only where the
 * guarded fetcher allows it (tests). The message says what to paste instead.
 */
export function checkAddress(input: string, options: { allowHttp?: boolean } = {}): AddressCheck {
  const text = input.trim();
  if (text === "") return { ok: false, message: "Enter the calendar's address." };
  if (text.length > ADDRESS_MAX) return { ok: false, message: `The address can be at most ${ADDRESS_MAX} characters.` };
  let url: URL;
  try {
    url = new URL(text.replace(/^webcals?:\/\//i, "https://"));
  } catch {
    return { ok: false, message: "Enter the whole address, starting with https:// (or webcal://)." };
  }
  if (url.protocol !== "https:" && !(options.allowHttp && url.protocol === "http:")) return { ok: false, message: "Use the calendar's https:// (or webcal://) address." };
  if (url.username || url.password) return { ok: false, message: "Use an address without a user name or password in it: calendar apps publish one that holds its own secret." };
  return { ok: true, url: url.href, host: url.hostname };
}

/** Set or replace a lawyer's calendar address: its busy times are read again from the new one. */
export async function setCalendarAddress(db: Db, actor: Actor, memberId: MemberId, address: { url: string; host: string }, now: Date): Promise<{ replaced: boolean }> {
  return commit({ db, events: NO_EVENTS }, async (tx) => {
    const [member] = await tx.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.id, memberId));
    if (!member) throw refuse("not-found", M.memberGone);
    const [existing] = await tx.select({ memberId: lawyerCalendars.memberId }).from(lawyerCalendars).where(eq(lawyerCalendars.memberId, memberId));
    const values = { address: sealField(address.url, "lawyer_calendars.address"), host: address.host, busy: null, busyUntil: null, readAt: null, triedAt: null, error: null, nextReadAt: now, updatedAt: now };
    await tx.insert(lawyerCalendars).values({ memberId, ...values }).onConflictDoUpdate({ target: lawyerCalendars.memberId, set: values });
    const replaced = existing !== undefined;
    // The host only: the address's path is the calendar's secret.
    return { result: { replaced }, audit: { ...auditFrom(actor), action: replaced ? "replace" : "create", entity: "lawyer_calendar", entityId: memberId, details: { host: address.host } } };
  });
}

export async function removeCalendar(db: Db, actor: Actor, memberId: MemberId): Promise<void> {
  await commit({ db, events: NO_EVENTS }, async (tx) => {
    const removed = await tx.delete(lawyerCalendars).where(eq(lawyerCalendars.memberId, memberId)).returning({ host: lawyerCalendars.host });
    if (removed.length === 0) throw refuse("not-found", M.noAddress);
    return { result: undefined, audit: { ...auditFrom(actor), action: "delete", entity: "lawyer_calendar", entityId: memberId, details: { host: removed[0].host } } };
  });
  // Its busy times no longer count: the booking pages and the slots API read afresh.
  slotGridChanged();
}

// ---------------------------------------------------------------- the state the tab shows

export interface CalendarState {
  memberId: MemberId;
  host: string;
  readAt: Date | null;
  triedAt: Date | null;
  error: string | null;
  /** Busy intervals in the last good copy from now on. */
  busyAhead: number;
}

export async function calendarStates(db: DbOrTx, now: Date): Promise<CalendarState[]> {
  const rows = await db
    .select({ memberId: lawyerCalendars.memberId, host: lawyerCalendars.host, readAt: lawyerCalendars.readAt, triedAt: lawyerCalendars.triedAt, error: lawyerCalendars.error, busy: lawyerCalendars.busy })
    .from(lawyerCalendars)
    .orderBy(asc(lawyerCalendars.memberId));
  return rows.map(({ busy, ...row }) => ({ ...row, busyAhead: (busy ?? []).filter(([, end]) => end > now.getTime()).length }));
}

/** One team member's row in the Consultations tab: their calendar's state (never its address) and their feed. */
export interface TeamCalendar {
  memberId: MemberId;
  name: string;
  active: boolean;
  calendar: {
    host: string;
    /** "4 minutes ago", or null before the first good read. */
    readAgo: string | null;
    /** The last good read in the firm's time. */
    readAt: string | null;
    error: string | null;
    busyAhead: number;
  } | null;
  /** When the lawyer's own feed was made (firm time), or null. */
  feedSince: string | null;
}

export async function teamCalendars(db: DbOrTx, now: Date): Promise<TeamCalendar[]> {
  const [members, states, feeds] = await Promise.all([
    db.select({ id: teamMembers.id, name: teamMembers.name, active: teamMembers.active }).from(teamMembers).orderBy(asc(teamMembers.orderIndex), asc(teamMembers.id)),
    calendarStates(db, now),
    db.select({ memberId: lawyerFeeds.memberId, createdAt: lawyerFeeds.createdAt }).from(lawyerFeeds),
  ]);
  const stateOf = new Map(states.map((state) => [state.memberId, state]));
  const feedOf = new Map(feeds.map((feed) => [feed.memberId, feed.createdAt]));
  return members.map((member) => {
    const state = stateOf.get(member.id);
    const feed = feedOf.get(member.id);
    return {
      memberId: member.id,
      name: member.name,
      active: member.active,
      calendar: state
        ? { host: state.host, readAgo: state.readAt ? agoWords(state.readAt, now) : null, readAt: state.readAt ? firmClock.dateTime(state.readAt) : null, error: state.error, busyAhead: state.busyAhead }
        : null,
      feedSince: feed ? firmClock.dateTime(feed) : null,
    };
  });
}

/** "4 minutes ago", "just now", "2 hours ago", "3 days ago": how long since a read. */
export function agoWords(then: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 1) return "just now";
  const [count, unit] = minutes < 60 ? [minutes, "minute"] : minutes < 48 * 60 ? [Math.floor(minutes / 60), "hour"] : [Math.floor(minutes / 1440), "day"];
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

// ---------------------------------------------------------------- reading

/** What tests hand the fetcher (a fake calendar server on this machine); production passes nothing. */
export type ReadOptions = Partial<Pick<PublicFetchOptions, "allowLoopback" | "allowAddress" | "resolve" | "timeoutMs" | "maxBytes">>;

export interface ReaderDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  fetch?: ReadOptions;
}

export type ReadOutcome = { ok: true; busy: number; skipped: number } | { ok: false; error: string };

/** The failure of a read as the admin reads it: what happened and what to do. */
export function failureSentence(error: unknown, timeoutMs = READ_TIMEOUT_MS, maxBytes = MAX_CALENDAR_BYTES): string {
  const again = "It is tried again every 10 minutes; the busy times read before stay in force.";
  if (error instanceof NotACalendar) return `${error.message} ${again}`;
  if (error instanceof DownloadTooLarge) return `The calendar is larger than ${formatBytes(maxBytes)}: publish a calendar of fewer events (for example one without years of past events), or a separate calendar of busy times. ${again}`;
  if (error instanceof DownloadFailed) {
    switch (error.kind) {
      case "status": {
        const status = error.status ?? 0;
        if (status === 401 || status === 403 || status === 404 || status === 410)
          return `The calendar's server answered ${status} (${status === 404 || status === 410 ? "not found" : "access refused"}): the address was probably reset or unpublished. Copy the calendar's private address from the calendar app again and replace it here.`;
        return `The calendar's server answered ${status} (an error on its side). ${again}`;
      }
      case "timeout":
        return `The calendar's server did not send the whole calendar within ${Math.round(timeoutMs / 1000)} seconds. ${again}`;
      case "unreachable":
        return `The calendar's server could not be reached (its name was not found or the connection failed): check the address. ${again}`;
      case "cut-off":
        return `The calendar's server stopped before the end of the calendar. ${again}`;
      case "refused":
        return "The address was refused: only calendars on the public internet are read, over https (never this server or a private network, and at most 3 redirects). Use the address the calendar app publishes.";
    }
  }
  return `The calendar could not be read. ${again}`;
}

/**
 * Read one calendar now and store the outcome: the new busy times, or the error beside the last
 * good ones. The address is compared when storing, so a read of an address replaced meanwhile
 * stores nothing.
 */
export async function readCalendar(deps: ReaderDeps, memberId: MemberId): Promise<ReadOutcome> {
  const { db, clock, log } = deps;
  const [row] = await db.select({ address: lawyerCalendars.address }).from(lawyerCalendars).where(eq(lawyerCalendars.memberId, memberId));
  if (!row) throw refuse("not-found", M.noAddress);
  const now = clock.now();
  const settings = await loadBookingSettings(db);
  const from = new Date(now.getTime() - DAY_MS);
  const until = new Date(now.getTime() + (settings.horizonDays + 1) * DAY_MS);
  const timeoutMs = deps.fetch?.timeoutMs ?? READ_TIMEOUT_MS;
  const maxBytes = deps.fetch?.maxBytes ?? MAX_CALENDAR_BYTES;
  let outcome: ReadOutcome;
  let busy: Array<[number, number]> | null = null;
  try {
    const address = openField(row.address, "lawyer_calendars.address");
    const resource = await fetchPublicResource(address, { log, accept: "text/calendar, */*;q=0.5", ...deps.fetch, timeoutMs, maxBytes });
    // Some servers start the file with a byte-order mark, which the parser does not expect.
    const result = busyFromIcs(resource.bytes.toString("utf8").replace(/^\uFEFF/, ""), from, until);
    busy = result.intervals.map((interval) => [interval.start, interval.end]);
    outcome = { ok: true, busy: busy.length, skipped: result.skipped };
    if (result.skipped > 0) log.warn({ memberId, skipped: result.skipped, events: result.events }, "lawyer calendar: events left out");
  } catch (error) {
    if (!(error instanceof NotACalendar || error instanceof DownloadFailed || error instanceof DownloadTooLarge)) log.error({ err: error, memberId }, "lawyer calendar: read failed");
    else log.warn({ memberId, reason: error instanceof DownloadFailed ? error.reason : error instanceof NotACalendar ? error.detail : error.message }, "lawyer calendar: not read");
    outcome = { ok: false, error: failureSentence(error, timeoutMs, maxBytes) };
  }
  const stored = clock.now();
  const same = and(eq(lawyerCalendars.memberId, memberId), eq(lawyerCalendars.address, row.address));
  if (busy) {
    await db.update(lawyerCalendars).set({ busy, busyUntil: until, readAt: stored, triedAt: stored, error: null, updatedAt: stored }).where(same);
    // New busy times: this instance's booking pages and slots API read afresh (others within 5 s).
    slotGridChanged();
  }
  else if (!outcome.ok) await db.update(lawyerCalendars).set({ triedAt: stored, error: outcome.error, updatedAt: stored }).where(same);
  return outcome;
}

/** Claim every calendar due now (one instance wins each) and read them one by one. */
export async function readDueCalendars(deps: ReaderDeps): Promise<MemberId[]> {
  const now = deps.clock.now();
  const next = new Date(now.getTime() + READ_EVERY_MS);
  const claimed = await deps.db
    .update(lawyerCalendars)
    .set({ nextReadAt: next })
    .where(
      and(
        lte(lawyerCalendars.nextReadAt, now),
        inArray(
          lawyerCalendars.memberId,
          sql`(select member_id from lawyer_calendars where next_read_at <= ${now.toISOString()}::timestamptz order by next_read_at limit ${SWEEP_BATCH})`,
        ),
      ),
    )
    .returning({ memberId: lawyerCalendars.memberId });
  for (const { memberId } of claimed) {
    await readCalendar(deps, memberId).catch((error: unknown) => deps.log.error({ err: error, memberId }, "lawyer calendar: read failed"));
  }
  return claimed.map((row) => row.memberId);
}

/** Every instance runs one: a sweep at start, then a minute after each sweep ends. */
export class LawyerCalendarReader extends Sweep {
  constructor(deps: ReaderDeps, everyMs = SWEEP_EVERY_MS) {
    super(() => readDueCalendars(deps), everyMs, deps.log, "lawyer calendars: the sweep failed");
  }
}
