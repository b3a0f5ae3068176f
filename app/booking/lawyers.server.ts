/**
 * Bookable lawyers (issue 46, decision 0104): who can be booked, with their own hours, areas,
 * languages and meeting kinds; what the Team Management tab saves; who gets an "any lawyer"
 * booking next.
 */
import { and, asc, count, eq, gt, inArray, max, notInArray, gte } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { bookableLawyers, consultationBookings, teamMembers, users } from "../../db/schema";
import { auditFrom, type Actor } from "../changes/audit.server";
import { commit, type ChangeDeps } from "../changes/commit.server";
import { refuse, type AdminError } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { firmClock } from "../../core/firm-clock.server";
import { isLang, type Lang } from "../i18n/languages";
import { LIVE_STATUSES } from "./status";
import { DEFAULT_LAWYER_SETTINGS, type LawyerInput, type LawyerSettingsView } from "./lawyer-form";
import type { LawyerAvailability, LawyerLoad } from "./lawyer-slots.server";
import { isMeetingKind, type MeetingKind } from "./settings";

/** Bookable lawyers' refusals (decision 0101). */
const M = defineMessages("booking.lawyers", {
  accountUnknown: "Choose a staff account from the list, or none.",
  accountUnknownField: "This staff account does not exist.",
  memberGone: "This team member no longer exists.",
  strandedDelete: "{name} has {count} upcoming {consultations} ({list}). Move or cancel them in the Consultations tab before removing {name}; they are never reassigned on their own.",
  strandedUnbook: "{name} has {count} upcoming {consultations} ({list}). They stay with {name}; no new bookings will be offered. Tick \"Yes, keep those bookings\" and save again to go ahead.",
  confirmKeep: "Confirm to keep these bookings with this lawyer.",
});

export interface BookableLawyer extends LawyerAvailability {
  name: string;
}

const toView = (row: typeof bookableLawyers.$inferSelect): LawyerSettingsView => ({
  memberId: row.memberId,
  bookable: row.bookable,
  userId: row.userId,
  hours: row.hours ?? null,
  overrides: row.overrides ?? [],
  timeOff: row.timeOff ?? [],
  areas: row.areas,
  languages: row.languages.filter(isLang),
  kinds: row.kinds.filter(isMeetingKind),
});

/** Every member's booking settings (defaults for a member never set up), for the Team Management tab. */
export async function loadLawyerSettings(db: DbOrTx, memberIds: readonly number[]): Promise<Map<number, LawyerSettingsView>> {
  const rows = memberIds.length > 0 ? await db.select().from(bookableLawyers).where(inArray(bookableLawyers.memberId, [...memberIds])) : [];
  const byId = new Map(rows.map((row) => [row.memberId, toView(row)]));
  return new Map(memberIds.map((id) => [id, byId.get(id) ?? DEFAULT_LAWYER_SETTINGS(id)]));
}

/**
 * The lawyers a visitor can book: marked bookable and shown on the Team page, in the team's
 * order. None: the firm books as one calendar (`lawyer` null), as before lawyers were bookable.
 */
export async function loadBookableLawyers(db: DbOrTx): Promise<BookableLawyer[]> {
  const rows = await db
    .select({ member: teamMembers, lawyer: bookableLawyers })
    .from(bookableLawyers)
    .innerJoin(teamMembers, eq(teamMembers.id, bookableLawyers.memberId))
    .where(and(eq(bookableLawyers.bookable, true), eq(teamMembers.active, true)))
    .orderBy(asc(teamMembers.orderIndex), asc(teamMembers.id));
  return rows.map(({ member, lawyer }) => {
    const view = toView(lawyer);
    return { id: member.id, name: member.name, hours: view.hours, overrides: view.overrides, timeOff: view.timeOff, areas: view.areas, languages: view.languages, kinds: view.kinds };
  });
}

/** The bookable lawyers' ids and names, for the Team page's "Book with …" (no hours). */
export async function bookableMemberIds(db: DbOrTx): Promise<Map<number, Lang[]>> {
  return new Map((await loadBookableLawyers(db)).map((lawyer) => [lawyer.id, [...lawyer.languages]]));
}

export interface UpcomingBooking {
  id: number;
  start: string;
  startLabel: string;
  name: string;
  kind: MeetingKind;
}

/** A lawyer's live bookings still to come (what removing them or making them unbookable would strand). */
export async function upcomingBookingsOf(db: DbOrTx, memberId: number, now: Date): Promise<UpcomingBooking[]> {
  const rows = await db
    .select({ id: consultationBookings.id, start: consultationBookings.startsAt, name: consultationBookings.name, kind: consultationBookings.kind })
    .from(consultationBookings)
    .where(and(eq(consultationBookings.lawyerId, memberId), inArray(consultationBookings.status, [...LIVE_STATUSES]), gt(consultationBookings.endsAt, now)))
    .orderBy(asc(consultationBookings.startsAt));
  return rows.map((row) => ({ id: row.id, start: row.start.toISOString(), startLabel: firmClock.dateTime(row.start, { weekday: true }), name: row.name, kind: row.kind }));
}

/** The refusal (a conflict) of a change that would strand bookings (nothing is reassigned). */
export function refuseStranded(memberName: string, upcoming: readonly UpcomingBooking[], doing: "delete" | "unbook"): AdminError {
  const values = {
    name: memberName,
    count: upcoming.length,
    consultations: upcoming.length === 1 ? "consultation" : "consultations",
    list: upcoming.map((booking) => booking.startLabel).join("; "),
  };
  if (doing === "delete") return refuse("conflict", M.strandedDelete, values);
  return refuse("conflict", M.strandedUnbook, values, { confirm: M.confirmKeep });
}

/** Save a member's booking settings. Making a lawyer with bookings to come unbookable needs `confirm` (409 with those bookings otherwise). */
export async function saveLawyerSettings(deps: ChangeDeps, actor: Actor, input: LawyerInput, now: Date): Promise<{ upcoming: UpcomingBooking[] }> {
  return commit(deps, async (tx) => {
    const [member] = await tx.select({ id: teamMembers.id, name: teamMembers.name }).from(teamMembers).where(eq(teamMembers.id, input.id));
    if (!member) throw refuse("not-found", M.memberGone);
    const [before] = await tx.select({ bookable: bookableLawyers.bookable }).from(bookableLawyers).where(eq(bookableLawyers.memberId, input.id));
    if (input.userId !== "") {
      const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
      if (!account) throw refuse("invalid", M.accountUnknown, undefined, { user_id: M.accountUnknownField });
    }
    const upcoming = await upcomingBookingsOf(tx, input.id, now);
    if (before?.bookable && !input.bookable && upcoming.length > 0 && !input.confirm) {
      throw refuseStranded(member.name, upcoming, "unbook");
    }
    const values = {
      bookable: input.bookable,
      userId: input.userId === "" ? null : input.userId,
      hours: input.ownHours ? input.hours : null,
      overrides: input.overrides,
      timeOff: input.timeOff,
      areas: [...new Set(input.areas)],
      languages: [...new Set(input.languages)],
      kinds: [...new Set(input.kinds)],
    };
    await tx
      .insert(bookableLawyers)
      .values({ memberId: input.id, ...values })
      .onConflictDoUpdate({ target: bookableLawyers.memberId, set: { ...values, updatedAt: now } });
    return {
      result: { upcoming: input.bookable ? [] : upcoming },
      audit: { ...auditFrom(actor), action: "update", entity: "bookable_lawyer", entityId: input.id, details: { name: member.name, bookable: input.bookable, languages: values.languages, kinds: values.kinds, areas: values.areas, upcoming: upcoming.length } },
      // The Team page's "Book with …" links follow.
      changes: ["team"],
    };
  });
}

/** The staff accounts a lawyer can be linked to (the Team Management editor's list). */
export async function linkableAccounts(db: DbOrTx): Promise<Array<{ id: string; label: string }>> {
  const rows = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).orderBy(asc(users.email));
  return rows.map((row) => ({ id: row.id, label: row.name ? `${row.name} (${row.email})` : row.email }));
}

/** Counted for round-robin: bookings that were (or are) a lawyer's work, not the ones declined or cancelled. */
const WORKED = ["booked", "confirmed", "no_show"] as const;
export const ROUND_ROBIN_WINDOW_DAYS = 30;

/** Each lawyer's bookings of the last 30 days and their latest, by when they were made. */
export async function lawyerLoad(db: DbOrTx, ids: readonly number[], now: Date): Promise<Map<number, LawyerLoad>> {
  if (ids.length === 0) return new Map();
  const since = new Date(now.getTime() - ROUND_ROBIN_WINDOW_DAYS * 86_400_000);
  const recent = await db
    .select({ lawyer: consultationBookings.lawyerId, n: count() })
    .from(consultationBookings)
    .where(and(inArray(consultationBookings.lawyerId, [...ids]), inArray(consultationBookings.status, [...WORKED]), gte(consultationBookings.createdAt, since)))
    .groupBy(consultationBookings.lawyerId);
  const latest = await db
    .select({ lawyer: consultationBookings.lawyerId, at: max(consultationBookings.createdAt) })
    .from(consultationBookings)
    .where(and(inArray(consultationBookings.lawyerId, [...ids]), notInArray(consultationBookings.status, ["declined", "cancelled"])))
    .groupBy(consultationBookings.lawyerId);
  const load = new Map<number, LawyerLoad>(ids.map((id) => [id, { recent: 0, lastBookedAt: null }]));
  for (const row of recent) if (row.lawyer !== null) load.get(row.lawyer)!.recent = Number(row.n);
  for (const row of latest) if (row.lawyer !== null && row.at) load.get(row.lawyer)!.lastBookedAt = new Date(row.at);
  return load;
}

export type { Db };
