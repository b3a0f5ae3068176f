/** A disabled account (the Staff tab disables it, app/staff) may not sign in. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

export const DISABLED_SIGN_IN = "This account is disabled. Ask an administrator to enable it.";

/** Whether an account is disabled (unknown accounts are not). */
export async function isDisabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.disabledAt);
}
