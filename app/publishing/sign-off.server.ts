/**
 * The one rule of every publishing gate (decision 0087): who may make a change public. A person
 * may when their effective permissions (roles under the Staff policy, decision 0070) hold
 * `changes.publish`; the system (null) acts only on an earlier sign-off (a reviewer's schedule, the
 * firm's own "publish immediately" for the daily run); code that no request called (scripts,
 * tests: no roles) is not limited by role.
 */
import { refusalValues, ROLE_MESSAGES } from "../auth/roles";
import { userCan, type AdminUser } from "../auth/guard.server";
import type { Actor } from "../changes/audit.server";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";

/** The gate's refusals (decision 0101): the role's sentence, and why when the caller says. */
const M = defineMessages("sign-off", { cannotWhy: "{who} cannot {action}. {why}" });

/** Who acts, with what the guard put on a request's user (absent for code no request called). */
export type Signer = Actor & Partial<Pick<AdminUser, "roles" | "permissions">>;

export function maySignOff(actor: Signer | null): boolean {
  if (!actor) return true;
  return userCan({ email: "", name: "", ...actor } as AdminUser, "changes.publish");
}

/** Refuse (403) a publication by someone without the sign-off, with the role's sentence (and why, when given). */
export function assertMaySignOff(actor: Signer | null, why?: string): void {
  if (maySignOff(actor)) return;
  const values = refusalValues(actor?.roles ?? [], "changes.publish");
  throw why ? refuse("forbidden", M.cannotWhy, { ...values, why }) : refuse("forbidden", ROLE_MESSAGES.cannot, values);
}
