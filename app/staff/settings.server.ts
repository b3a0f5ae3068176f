/**
 * The staff policy (issue 31, decision 0070): whether machine-written text and proposed changes
 * need a lawyer's sign-off (on by default), and whether every role must use a second factor
 * (admins always do). One row, id 1; a database without it has the defaults.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { staffSettings } from "../../db/schema";
import type { AdminUser } from "../auth/guard.server";
import { commit, NO_EVENTS } from "../changes/commit.server";

export interface StaffPolicy {
  /** Only a lawyer or an admin makes machine-written text or a proposed change public. */
  signOffRequired: boolean;
  /** A second factor for every role at sign-in, not only for admins. */
  secondFactorForAll: boolean;
}

export const DEFAULT_STAFF_POLICY: Readonly<StaffPolicy> = Object.freeze({ signOffRequired: true, secondFactorForAll: false });

/** The staff policy as stored, or the defaults when it was never changed. */
export async function staffPolicy(db: Db): Promise<StaffPolicy> {
  const [row] = await db
    .select({ signOffRequired: staffSettings.signOffRequired, secondFactorForAll: staffSettings.secondFactorForAll })
    .from(staffSettings)
    .where(eq(staffSettings.id, 1))
    .limit(1);
  return row ? { signOffRequired: row.signOffRequired, secondFactorForAll: row.secondFactorForAll } : { ...DEFAULT_STAFF_POLICY };
}

/**
 * Store the staff policy (admins only: the Staff tab's staff.manage), with an audit entry naming
 * what changed from what. Nothing changed: no write, no entry.
 */
export async function updateStaffPolicy(db: Db, user: AdminUser, next: StaffPolicy): Promise<StaffPolicy & { changed: Array<keyof StaffPolicy> }> {
  return commit({ db, events: NO_EVENTS }, async (tx) => {
    const before = await staffPolicy(tx);
    const changed = (Object.keys(DEFAULT_STAFF_POLICY) as Array<keyof StaffPolicy>).filter((key) => before[key] !== next[key]);
    if (changed.length === 0) return { result: { ...before, changed } };
    const values = { signOffRequired: next.signOffRequired, secondFactorForAll: next.secondFactorForAll, updatedAt: new Date() };
    await tx.insert(staffSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: staffSettings.id, set: values });
    return {
      result: { ...next, changed },
      audit: {
        userId: user.id,
        action: "update",
        entity: "staff_settings",
        entityId: 1,
        details: Object.fromEntries(changed.map((key) => [key, { from: before[key], to: next[key] }])),
        sessionId: user.sessionId ?? null,
      },
    };
  });
}
