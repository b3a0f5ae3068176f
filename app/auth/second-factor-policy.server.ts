import type { Db } from "../../db/client";
import type { Config } from "../../core/config";
import { staffPolicy, type StaffPolicy } from "./staff-policy.server";
import { seesClientRecords, type Role } from "./roles";

/**
 * Who must use a second factor (decision 0068, 0090): with ADMIN_SECOND_FACTOR=required (the
 * default) every role that sees client records (admin, lawyer, intake) whatever the Staff policy
 * says, and every role when an admin turns on the Staff policy's "for every role"; with
 * `optional` (an installation whose own single sign-on proxy stands in front) nobody is forced.
 * Anyone who has set one up is asked for it at every sign-in either way.
 */
export const ACCOUNT_PAGE = "/admin/dashboard/account";
/** Logged at start when ADMIN_SECOND_FACTOR=optional runs in production (decision 0090). */
export const SECOND_FACTOR_OPTIONAL_WARNING =
  "ADMIN_SECOND_FACTOR=optional with NODE_ENV=production: staff who see client records (admin, lawyer, intake) sign in without a second factor, so one stolen or guessed credential opens clients' messages and bookings. Use it only behind your own single sign-on with a second factor.";
export const SET_UP_SECOND_FACTOR = "Set up a second factor on your account page first: your role needs one to use the admin.";

export async function secondFactorRequired(
  services: { db: Db; config: Pick<Config, "ADMIN_SECOND_FACTOR"> },
  user: { roles: readonly Role[]; twoFactorEnabled: boolean },
  /** The staff policy when the caller already holds it (the guard reads it once per request). */
  policy: () => Promise<StaffPolicy> = () => staffPolicy(services.db),
): Promise<boolean> {
  if (user.twoFactorEnabled || services.config.ADMIN_SECOND_FACTOR === "optional") return false;
  if (seesClientRecords(user.roles)) return true;
  return user.roles.length > 0 && (await policy()).secondFactorForAll;
}
