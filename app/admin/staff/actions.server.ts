/**
 * The Staff tab's actions on the admin kit (admins only: staff.manage, decision 0067); the rules
 * themselves are in app/staff/staff.server.ts.
 */
import { z } from "zod";
import { intent, type ActionResult } from "~/admin/kit/action.server";
import { ROLES } from "~/auth/roles";
import { changeRole, CONFIRM_BY_NAME, disableUser, enableUser, endAllSessions, resetSecondFactor } from "~/staff/staff.server";
import { updateStaffPolicy } from "~/staff/settings.server";
import { inviteIntents } from "./invite-actions.server";

const userId = z.string({ error: "Choose an account." }).trim().min(1, "Choose an account.").max(100, "Choose an account.");
const target = z.object({ userId });
// Disable, enable, a second factor's reset and a role change name the person (decision 0090): the
// dialog sends their address, and the server compares it with the account's under the lock.
const confirm = z.string({ error: CONFIRM_BY_NAME }).trim().min(1, CONFIRM_BY_NAME).max(255, CONFIRM_BY_NAME);
const confirmed = target.extend({ confirm });
// Both switches are always sent ("true"/"false"): a form missing one changes nothing.
const policySwitch = z.enum(["true", "false"], { error: "Say whether each staff policy setting is on or off." }).transform((value) => value === "true");

export const intents = {
  ...inviteIntents,
  "change-role": intent({
    failure: "Failed to change the role",
    schema: z.object({ userId, role: z.enum(ROLES, { error: `Choose one of: ${ROLES.join(", ")}.` }), confirm }),
    run: async ({ input, services, user }) => ({ userId: input.userId, ...(await changeRole(services.db, user, input.userId, input.role, input)) }),
  }),
  disable: intent({
    failure: "Failed to disable the account",
    schema: confirmed,
    run: async ({ input, services, user }) => ({ userId: input.userId, ...(await disableUser(services.db, user, input.userId, new Date(), input)) }),
  }),
  enable: intent({
    failure: "Failed to enable the account",
    schema: confirmed,
    run: async ({ input, services, user }) => ({ userId: input.userId, ...(await enableUser(services.db, user, input.userId, new Date(), input)) }),
  }),
  "reset-second-factor": intent({
    failure: "Failed to reset the second factor",
    schema: confirmed,
    run: async ({ input, services, user }) => ({ userId: input.userId, ...(await resetSecondFactor(services.db, user, input.userId, input)) }),
  }),
  "end-sessions": intent({
    failure: "Failed to end the sessions",
    schema: target,
    run: async ({ input, services, user }) => ({ userId: input.userId, ...(await endAllSessions(services.db, user, input.userId)) }),
  }),
  // The staff policy (decision 0070): sign-off and the second factor for every role.
  "set-policy": intent({
    failure: "Failed to save the staff policy",
    schema: z.object({ signOffRequired: policySwitch, secondFactorForAll: policySwitch }),
    run: ({ input, services, user }) => updateStaffPolicy(services.db, user, input),
  }),
};
export type StaffActionResult = ActionResult<Omit<typeof intents, "set-policy">>;
export type StaffPolicyResult = ActionResult<Pick<typeof intents, "set-policy">>;
