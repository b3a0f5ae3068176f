/**
 * The staff policy (issue 31, decision 0070): whether machine-written text and proposed changes
 * need a lawyer's sign-off (on by default), and whether every role must use a second factor
 * (admins always do). One row, id 1; a database without it has the defaults.
 */
import type { Db } from "../../db/client";
import { staffSettings } from "../../db/schema";
import type { AdminUser } from "../auth/guard.server";
import { DEFAULT_STAFF_POLICY, staffPolicy, type StaffPolicy } from "../auth/staff-policy.server";
import { commit, NO_EVENTS } from "../changes/commit.server";

// Read by the guard at every sign-in, so the reading stands in app/auth; named here as before.
export { DEFAULT_STAFF_POLICY, staffPolicy, type StaffPolicy } from "../auth/staff-policy.server";

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
