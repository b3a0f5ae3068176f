import { and, desc, eq, ne } from "drizzle-orm";
import { UAParser } from "ua-parser-js";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";
import { recordAudit } from "../changes/audit.server";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import type { AdminUser } from "./guard.server";
import { SESSION_IDLE_SECONDS } from "./auth.server";
import { endSessionsWithNote } from "./ended-sessions.server";

/**
 * A person's own sessions on their account page (issue 31): the device and browser read from the
 * user agent (never a location), when each started and was last used; end one, or all but this.
 */
export interface OwnSession {
  id: string;
  current: boolean;
  /** e.g. "Chrome 131 on macOS 10.15.7 (desktop)". */
  device: string;
  startedAt: string;
  /** Updated at most every few minutes (the guard's idle clock). */
  lastSeenAt: string;
  /** The idle limit or the absolute one, whichever comes first. */
  endsAt: string;
}

export const END_CURRENT_SESSION = "This is the session you are using: sign out with Logout instead.";
export const SESSION_NOT_FOUND = "That session has already ended.";
const M = defineMessages("own-sessions", { endCurrent: END_CURRENT_SESSION, notFound: SESSION_NOT_FOUND });

/** "Chrome 131 on macOS 10.15.7 (desktop)", or "Unknown browser" for an empty or odd user agent. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const { browser, os, device } = new UAParser(userAgent.slice(0, 500)).getResult();
  const name = browser.name ? `${browser.name}${browser.major ? ` ${browser.major}` : ""}` : "Unknown browser";
  const system = os.name ? ` on ${os.name === "Mac OS" ? "macOS" : os.name}${os.version ? ` ${os.version}` : ""}` : "";
  const kind = device.type === "mobile" ? "phone" : device.type === "tablet" ? "tablet" : "desktop";
  return `${name}${system} (${kind})`;
}

export async function listOwnSessions(db: Db, user: AdminUser, now = new Date()): Promise<OwnSession[]> {
  const rows = await db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.userId, user.id))
    .orderBy(desc(sessions.updatedAt));
  return rows
    .map((row) => {
      const idleEnd = new Date(row.updatedAt).getTime() + SESSION_IDLE_SECONDS * 1000;
      return {
        id: row.id,
        current: row.id === user.sessionId,
        device: describeUserAgent(row.userAgent),
        startedAt: new Date(row.createdAt).toISOString(),
        lastSeenAt: new Date(row.updatedAt).toISOString(),
        endsAt: new Date(Math.min(idleEnd, new Date(row.expiresAt).getTime())).toISOString(),
      };
    })
    .filter((row) => new Date(row.endsAt) > now);
}

export async function endOwnSession(db: Db, user: AdminUser, sessionId: string): Promise<void> {
  if (sessionId === user.sessionId) throw refuse("conflict", M.endCurrent);
  const ended = await endSessionsWithNote(db, and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)), "ended");
  // Someone else's session id reads as "already ended": nothing tells it exists.
  if (ended === 0) throw refuse("not-found", M.notFound);
  await recordAudit(db, { userId: user.id, sessionId: user.sessionId, action: "session_end", entity: "session", entityId: sessionId });
}

export async function endOtherSessions(db: Db, user: AdminUser): Promise<number> {
  if (!user.sessionId) return 0;
  const ended = await endSessionsWithNote(db, and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId)), "ended");
  await recordAudit(db, { userId: user.id, sessionId: user.sessionId, action: "sessions_end_others", entity: "session", details: { ended } });
  return ended;
}
