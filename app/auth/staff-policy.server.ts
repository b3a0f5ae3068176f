/**
 * The staff policy as the guard reads it (decision 0070): whether machine-written text and
 * proposed changes need a lawyer's sign-off, and whether every role must use a second factor.
 * One row, id 1; a database without it has the defaults. The Staff tab changes it
 * (app/staff/settings.server.ts).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { staffSettings } from "../../db/schema";

export interface StaffPolicy {
  /** Only a reviewer or an admin makes machine-written text or a proposed change public. */
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
