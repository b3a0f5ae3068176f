/**
 * Your account's actions, for any staff member on their own account (dashboard.open): each
 * section's intents live in their own file and are gathered here.
 */
import type { ActionResult } from "~/admin/kit/action.server";
import { passwordIntents } from "./password-actions.server";

export const intents = {
  ...passwordIntents,
};
export type AccountActionResult = ActionResult<typeof intents>;
