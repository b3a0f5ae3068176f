import type { SaveConflict } from "../../revisions/types";

/**
 * What every admin action answers, read by the tab's components (browser-safe: no server code).
 * A success names its intent and carries the intent's data; a failure names its intent, the
 * toast title staff see (`error`, e.g. 'Failed to add member'), the reason under it, and the
 * message of each field that was refused.
 */
export type Success<Intent extends string = string, Data extends object = object> = { ok: true; intent: Intent } & Data;

export interface Failure<Intent extends string = string> {
  ok: false;
  intent: Intent | "unknown";
  /** The toast title: what did not happen. */
  error: string;
  /** Why, in a sentence staff can act on. */
  reason: string;
  /** One message per refused field, by field name. */
  fieldErrors?: Record<string, string>;
  /** What was sent, so a form without JavaScript can show it again. */
  values?: Record<string, unknown>;
  /** A stale save (409): what someone else changed meanwhile. */
  conflict?: SaveConflict;
}

export type AdminResult<Intent extends string = string, Data extends object = object> = Success<Intent, Data> | Failure<Intent>;

/** The answer of the intent `I` out of an action's union of answers. */
export type ResultOf<R, I extends string> = Extract<R, { intent: I }>;
