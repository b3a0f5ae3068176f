import { z } from "zod";
import { ImageRejected } from "../../core/media";
import { isOutsideServiceError } from "../../core/outside/errors";
import { BadForm } from "../form-data.server";
import { fieldErrors, type FieldNamer } from "./field-errors";
import type { SaveConflict } from "./conflict";
import { defineMessages, REFUSAL_STATUS, refusal, renderRefusal, type MessageKey, type MessageValues, type Refusal, type RefusalFields, type RefusalKind, type RefusalStatus } from "./refusal";

/** What an admin action answers when nothing more specific is known (the cause is logged). */
export const SERVER_FAILURE = "The server could not complete the change. Please try again.";

type AdminStatus = RefusalStatus;

/**
 * A refusal staff can act on: a domain function throws it (or a subclass) and every admin action
 * answers it the same way, with its status and message, and nothing is changed. Made from a
 * refusal (decision 0101: a kind and a message key, see `refuse`), its status and sentence come
 * from refusal.ts. The older form, a sentence and a status, is no longer used by app/ (a unit test
 * holds every folder to that); it goes with `NotFound` once the kit's tests no longer build it.
 */
export class AdminError extends Error {
  readonly status: AdminStatus;
  readonly fieldErrors?: Record<string, string>;
  /** A refused stale save (409): what changed meanwhile, and the version it is at now. */
  readonly conflict?: SaveConflict;
  /** The refusal it was made from, as data. */
  readonly refusal?: Refusal;

  constructor(refused: Refusal, conflict?: SaveConflict, fieldMessages?: Record<string, string>);
  constructor(message: string, status?: AdminStatus, fieldErrors?: Record<string, string>, conflict?: SaveConflict);
  constructor(first: string | Refusal, second?: AdminStatus | SaveConflict, fieldErrors?: Record<string, string>, conflict?: SaveConflict) {
    // With a refusal, `fieldErrors` are a form's own messages per field (each its checker's sentence).
    if (typeof first === "string") {
      super(first);
      this.status = typeof second === "number" ? second : 400;
      this.fieldErrors = fieldErrors;
      this.conflict = conflict;
    } else {
      const rendered = renderRefusal(first);
      super(rendered.reason);
      this.refusal = first;
      this.status = rendered.status;
      this.fieldErrors = fieldErrors ?? rendered.fieldErrors;
      this.conflict = typeof second === "object" ? second : undefined;
    }
  }
}

/** Refuse: throw what this returns. A kind, a message key with its values, the fields it is about. */
export function refuse(kind: RefusalKind, key: MessageKey, values?: MessageValues, fields?: RefusalFields): AdminError {
  return new AdminError(refusal(kind, key, values, fields));
}

/**
 * A sentence made by another part and passed on as it is: an outside service adapter's "not
 * configured", a checker's verdict (a publish time, a calendar address), what an AI answer broke.
 * The refusing module still says only the kind; the sentence is the other part's own.
 */
const PASSED_ON = defineMessages("passed-on", { reason: "{reason}" });

/**
 * Refuse with a sentence another part made (see PASSED_ON); `fields` shows it beside those fields,
 * or gives each field its own message (a form's checks).
 */
export function refuseWith(kind: RefusalKind, reason: string, fields?: readonly string[] | Readonly<Record<string, string>>): AdminError {
  if (fields && !Array.isArray(fields)) return new AdminError(refusal(kind, PASSED_ON.reason, { reason }), undefined, { ...(fields as Record<string, string>) });
  return refuse(kind, PASSED_ON.reason, { reason }, fields as readonly string[] | undefined);
}

/** A unique-constraint failure (PostgreSQL 23505), whether raw or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** The record the request names no longer exists (deleted meanwhile, or a made-up id). */
export class NotFound extends AdminError {
  constructor(message: string) {
    super(message, REFUSAL_STATUS["not-found"]);
  }
}

export interface FailureDescription {
  status: number;
  reason: string;
  fieldErrors?: Record<string, string>;
  conflict?: SaveConflict;
}

/**
 * The one place where an error becomes an answer: a refusal keeps its status and message, a Zod
 * error is a 400 with each field's message, an outside service's failure a 502 (503 when it is not
 * configured) with its sentence, and anything else is null (a fault: log it, answer 500).
 */
export function describeFailure(error: unknown, nameOf?: FieldNamer): FailureDescription | null {
  if (error instanceof AdminError) return { status: error.status, reason: error.message, fieldErrors: error.fieldErrors, ...(error.conflict ? { conflict: error.conflict } : {}) };
  if (error instanceof z.ZodError) return { status: REFUSAL_STATUS.invalid, reason: error.issues[0]?.message ?? "Check the form.", fieldErrors: fieldErrors(error, nameOf) };
  if (error instanceof BadForm) return { status: error.status, reason: error.message };
  if (error instanceof ImageRejected) return { status: REFUSAL_STATUS[error.kind], reason: error.message };
  // An outside service (AI, translation, Instagram) failed: its sentence says what to do.
  if (isOutsideServiceError(error)) return { status: REFUSAL_STATUS[error.kind === "not-configured" ? "unavailable" : "outside-failed"], reason: error.message };
  return null;
}
