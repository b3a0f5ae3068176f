import type { DbOrTx } from "../../db/client";
import { auditLog } from "../../db/schema";

export type AuditAction =
  | "create"
  | "update"
  | "delete"
  | "publish"
  | "unpublish"
  | "login"
  | "logout"
  | "setup"
  // Tabs may record their own verbs (e.g. "handle", "export"); the column is free text.
  | (string & {});

export interface AuditEntry {
  /** The acting user; null for the system or an anonymous actor (e.g. a failed sign-in). */
  userId: string | null;
  action: AuditAction;
  /** What was touched: "blog_post", "content_text", "team_member", "session", "user", ... */
  entity: string;
  entityId?: string | number | null;
  /** Small, non-secret facts (never passwords, tokens or full message bodies). */
  details?: Record<string, unknown>;
  /** The session the action came from, when it came from a request (AdminUser.sessionId). */
  sessionId?: string | null;
}

/** Who acts, as the audit log needs it: a request's AdminUser fits (its session included). */
export interface Actor {
  id: string;
  /** Absent for code no request called (CLI, jobs, tests). */
  sessionId?: string | null;
}

/** An entry's who: the acting user and the session their request came from, e.g. `{ ...auditFrom(user), action, entity }`. */
export const auditFrom = (actor: Actor | null): Pick<AuditEntry, "userId" | "sessionId"> => ({ userId: actor?.id ?? null, sessionId: actor?.sessionId ?? null });

/** Append one row to the audit log: who did what to which record, and when (created_at). */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    details: entry.details ?? null,
    sessionId: entry.sessionId ?? null,
  });
}

/**
 * A settings save's "what changed": each field whose value differs, from what to what. Secret
 * fields say only that they were replaced (their values never reach the log).
 */
export function changedFields<T extends object>(before: T, after: T, secrets: ReadonlyArray<keyof T> = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (before[key] === after[key]) continue;
    out[key as string] = secrets.includes(key) ? "replaced" : { from: before[key] ?? null, to: after[key] ?? null };
  }
  return out;
}
