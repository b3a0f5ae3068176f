/**
 * Reading the audit log for the Audit tab and its CSV export (decision 0071): filtered by person,
 * action, kind of item and Vancouver days, newest first.
 */
import { createHash } from "node:crypto";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import { firmClock } from "../../core/firm-clock.server";
import { auditFrom, recordAudit, type Actor } from "../changes/audit.server";
import { toCsv } from "../../core/csv";
import { aboutRecord, parseRecordKey, recordsOfAddress } from "./access.server";
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  SYSTEM_PERSON,
  type AuditFilters,
} from "./filters";

export interface AuditRow {
  id: number;
  /** Vancouver time, formatted on the server so the page hydrates identically. */
  when: string;
  person: string;
  action: string;
  entity: string;
  entityId: string | null;
  details: string;
  session: string | null;
}

export interface AuditOptions {
  people: Array<{ value: string; label: string }>;
  actions: string[];
  entities: string[];
}

/**
 * A short, stable name for a session: the first 8 hex digits of its id's SHA-256. Entries of one
 * session group together, and the id itself (which, with the token, identifies a live session) is never shown.
 */
export const sessionLabel = (sessionId: string | null): string | null =>
  sessionId
    ? createHash("sha256").update(sessionId).digest("hex").slice(0, 8)
    : null;

/**
 * Who, in words. No user: the system, or an anonymous visitor (a failed sign-in). A deleted user's
 * rows keep their session but lose the user (the column is set to NULL), and a session is always a person's.
 */
function personOf(row: {
  userId: string | null;
  email: string | null;
  sessionId: string | null;
}): string {
  if (row.email) return row.email;
  if (row.userId || row.sessionId) return "Deleted user";
  return "System";
}

/** The details' small facts as one line: "slug: my-post; changed: title, body". */
export function summarizeDetails(details: unknown, limit = 200): string {
  if (details === null || details === undefined) return "";
  // An access entry's records (decision 0091): "contact #3, #7; booking #2", not their JSON.
  if (typeof details === "object" && !Array.isArray(details) && "records" in details && typeof details.records === "object" && details.records !== null) {
    const records = Object.entries(details.records as Record<string, unknown>)
      .map(([kind, ids]) => `${kind} ${Array.isArray(ids) ? ids.map((id) => `#${id}`).join(", ") : ""}`)
      .join("; ");
    return summarizeDetails({ ...details, records: records || "none" }, limit);
  }
  const text =
    typeof details === "object" && !Array.isArray(details)
      ? Object.entries(details as Record<string, unknown>)
          .map(
            ([key, value]) =>
              `${key}: ${Array.isArray(value) ? value.join(", ") : typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)}`,
          )
          .join("; ")
      : JSON.stringify(details);
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** The start of a Vancouver day as an instant. */
const dayStart = (day: string): Date => firmClock.startOfDay(day);

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000)
    .toISOString()
    .slice(0, 10);

/**
 * The filters as SQL. A client address becomes the records held under it now (looked up once);
 * an address with no record matches nothing.
 */
async function where(db: Db, filters: AuditFilters): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  const record = filters.record ? parseRecordKey(filters.record) : null;
  if (record) conditions.push(aboutRecord(record.kind, record.id));
  if (filters.client) {
    const held = await recordsOfAddress(db, filters.client);
    conditions.push(held.length > 0 ? or(...held.map((r) => aboutRecord(r.kind, r.id)))! : sql`false`);
  }
  if (filters.person === SYSTEM_PERSON)
    conditions.push(isNull(auditLog.userId));
  else if (filters.person) conditions.push(eq(auditLog.userId, filters.person));
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.entity) conditions.push(eq(auditLog.entity, filters.entity));
  if (filters.from)
    conditions.push(gte(auditLog.createdAt, dayStart(filters.from)));
  // Up to the end of the To day: before the next day starts.
  if (filters.to)
    conditions.push(lt(auditLog.createdAt, dayStart(nextDay(filters.to))));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

async function select(
  db: Db,
  filters: AuditFilters,
  limit: number,
  offset: number,
) {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      userId: auditLog.userId,
      email: users.email,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      details: auditLog.details,
      sessionId: auditLog.sessionId,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(await where(db, filters))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

/** How many entries the filters match. */
export async function countAudit(
  db: Db,
  filters: AuditFilters,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(auditLog)
    .where(await where(db, filters));
  return row.total;
}

/** One page of entries, newest first, with the total the filters match. */
export async function listAudit(
  db: Db,
  filters: AuditFilters,
): Promise<{
  rows: AuditRow[];
  total: number;
  page: number;
  pageCount: number;
}> {
  const page = filters.page ?? 1;
  const [rows, total] = await Promise.all([
    select(db, filters, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE),
    countAudit(db, filters),
  ]);
  return {
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    rows: rows.map((row) => ({
      id: row.id,
      when: firmClock.dateTime(row.createdAt, { seconds: true }),
      person: personOf(row),
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      details: summarizeDetails(row.details),
      session: sessionLabel(row.sessionId),
    })),
  };
}

/** The filters' choices: the people, actions and kinds of item that appear in the log. */
export async function auditOptions(db: Db): Promise<AuditOptions> {
  const [people, actions, entities] = await Promise.all([
    db
      .selectDistinct({ userId: auditLog.userId, email: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId)),
    db
      .selectDistinct({ action: auditLog.action })
      .from(auditLog)
      .orderBy(asc(auditLog.action)),
    db
      .selectDistinct({ entity: auditLog.entity })
      .from(auditLog)
      .orderBy(asc(auditLog.entity)),
  ]);
  const named = people
    .filter(
      (p): p is { userId: string; email: string | null } => p.userId !== null,
    )
    .map((p) => ({ value: p.userId, label: p.email ?? "Deleted user" }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const system = people.some((p) => p.userId === null)
    ? [{ value: SYSTEM_PERSON, label: "System or deleted user" }]
    : [];
  return {
    people: [...named, ...system],
    actions: actions.map((a) => a.action),
    entities: entities.map((e) => e.entity),
  };
}

/**
 * The filtered entries as CSV (the newest AUDIT_EXPORT_MAX_ROWS), through the inbox export's
 * spreadsheet-safe writer. The export is itself audited: who took a copy of the log, and of what.
 */
export async function exportAuditCsv(
  db: Db,
  user: Actor,
  filters: AuditFilters,
): Promise<{ filename: string; csv: string; rows: number; total: number }> {
  const [rows, total] = await Promise.all([
    select(db, { ...filters, page: undefined }, AUDIT_EXPORT_MAX_ROWS, 0),
    countAudit(db, filters),
  ]);
  const csv = toCsv(
    [
      "When (Vancouver time)",
      "Person",
      "Action",
      "Item",
      "Item id",
      "Details",
      "Session",
    ],
    rows.map((row) => [
      firmClock.stamp(row.createdAt, { seconds: true }),
      personOf(row),
      row.action,
      row.entity,
      row.entityId ?? "",
      row.details === null ? "" : JSON.stringify(row.details),
      sessionLabel(row.sessionId) ?? "",
    ]),
  );
  const { page: _page, ...applied } = filters;
  await recordAudit(db, {
    ...auditFrom(user),
    action: "export",
    entity: "audit_log",
    details: { rows: rows.length, total, ...applied },
  });
  const day = firmClock.dayOf(new Date());
  return { filename: `audit-log-${day}.csv`, csv, rows: rows.length, total };
}
