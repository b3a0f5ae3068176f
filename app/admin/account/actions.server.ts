/**
 * Your account's actions, for any staff member on their own account (dashboard.open): each
 * section's intents live in their own file and are gathered here.
 */
import type { ActionResult } from "~/admin/kit/action.server";
import { passkeyIntents } from "./passkey-actions.server";
import { passwordIntents } from "./password-actions.server";
import { secondFactorIntents } from "./second-factor-actions.server";
import { sessionIntents } from "./sessions-actions.server";

export const intents = { ...passwordIntents, ...secondFactorIntents, ...passkeyIntents, ...sessionIntents };
export type AccountActionResult = ActionResult<typeof intents>;
