import { z } from "zod";
import { ImageRejected, TOO_LARGE } from "../../core/media";
import { isOutsideServiceError } from "../../core/outside/errors";
import { BadForm } from "../form-data.server";
import { fieldErrors, type FieldNamer } from "./field-errors";
import type { SaveConflict } from "./conflict";

/** What an admin action answers when nothing more specific is known (the cause is logged). */
export const SERVER_FAILURE = "The server could not complete the change. Please try again.";

/**
 * A refusal staff can act on: a domain function throws it (or a subclass) and every admin action
 * answers it the same way, with its status and message, and nothing is changed.
 */
export class AdminError extends Error {
  constructor(
    message: string,
    // 502/503: an outside service (AI, translation) failed or is not configured.
    readonly status: 400 | 403 | 404 | 409 | 413 | 415 | 502 | 503 = 400,
    readonly fieldErrors?: Record<string, string>,
    /** A refused stale save (409): what changed meanwhile, and the version it is at now. */
    readonly conflict?: SaveConflict,
  ) {
    super(message);
  }
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
    super(message, 404);
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
  if (error instanceof z.ZodError) return { status: 400, reason: error.issues[0]?.message ?? "Check the form.", fieldErrors: fieldErrors(error, nameOf) };
  if (error instanceof BadForm) return { status: error.status, reason: error.message };
  if (error instanceof ImageRejected) return { status: error.message === TOO_LARGE ? 413 : 400, reason: error.message };
  // An outside service (AI, translation, Instagram) failed: its sentence says what to do.
  if (isOutsideServiceError(error)) return { status: error.kind === "not-configured" ? 503 : 502, reason: error.message };
  return null;
}
