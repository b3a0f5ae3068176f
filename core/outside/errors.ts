/**
 * One error type for every outside service (AI, DeepL, LibreTranslate, the Graph API, SMTP).
 *
 * The error is data (decision 0059): which service, what kind of failure, whether it passes by
 * itself, how long the service asked us to wait, the provider's own code and message, and `detail`:
 * what happened and what a person can do, WITHOUT when it is tried again. Whether and when it is
 * tried again is the job runner's knowledge, so the sentence a person reads is made in one place,
 * `describeOutsideError`, where it is shown. `message` stays a whole sentence for logs and for
 * callers that show an error as it is.
 *
 * The job runner's contract: an error with `retryable === true` is tried again later (not before
 * `retryAfterMs` when given); anything else fails the item.
 */
export type OutsideService = "ai" | "deepl" | "libretranslate" | "graph" | "smtp";

export type OutsideErrorKind =
  | "not-configured"
  | "timeout"
  | "rate-limited"
  | "quota"
  | "auth"
  | "unavailable"
  | "bad-answer"
  | "refused"
  | "not-image";

/** Kinds that usually pass by themselves; a caller may still say otherwise. */
const RETRYABLE_KINDS = new Set<OutsideErrorKind>(["timeout", "rate-limited", "unavailable"]);

export interface OutsideErrorOptions {
  retryable?: boolean;
  retryAfterMs?: number;
  cause?: unknown;
  /** The provider's code (Graph 4, HTTP 429, ...), when it gave one. */
  code?: number | string | null;
  /** The provider's own message, when it sent one. */
  providerMessage?: string | null;
  /** What happened, without the retry clause; defaults to the message. */
  detail?: string;
}

export class OutsideServiceError extends Error {
  readonly service: OutsideService;
  readonly kind: OutsideErrorKind;
  readonly retryable: boolean;
  /** How long the service asked us to wait (Retry-After), when it said so. */
  readonly retryAfterMs?: number;
  readonly code: number | string | null;
  readonly providerMessage: string | null;
  /** What happened and what a person can do, without whether or when it is tried again. */
  readonly detail: string;

  constructor(service: OutsideService, kind: OutsideErrorKind, message: string, options: OutsideErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "OutsideServiceError";
    this.service = service;
    this.kind = kind;
    this.retryable = options.retryable ?? RETRYABLE_KINDS.has(kind);
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
    this.code = options.code ?? null;
    this.providerMessage = options.providerMessage ?? null;
    this.detail = options.detail ?? message;
  }
}

/** Where an error stands in its job: which attempt failed, whether another follows, and when. */
export interface AttemptContext {
  willRetry: boolean;
  /** The attempt that failed (1-based). */
  attempt?: number;
  maxAttempts?: number;
  /** When the next attempt runs (with willRetry). */
  retryAt?: Date;
  now?: number;
}

/** What is tried again, as staff read it, per service. */
const RETRIED: Record<OutsideService, { subject: string; byHand: string }> = {
  ai: { subject: "It", byHand: "Try again later." },
  deepl: { subject: "It", byHand: "Try again later." },
  libretranslate: { subject: "It", byHand: "Try again later." },
  graph: { subject: "The post", byHand: "press Post to try again." },
  smtp: { subject: "The mail", byHand: "Send it again later." },
};

/**
 * The one sentence staff read for an outside-service failure (English: the admin's language).
 * A retryable failure says when it is tried again, or, on the last attempt, how often it was
 * tried and what to do now; a permanent one is its detail alone.
 */
export function describeOutsideError(error: OutsideServiceError, context: AttemptContext): string {
  const detail = error.detail.trim();
  if (!error.retryable) return detail;
  const { subject, byHand } = RETRIED[error.service];
  if (context.willRetry) {
    const wait = context.retryAt ? context.retryAt.getTime() - (context.now ?? Date.now()) : error.retryAfterMs;
    return `${detail} ${subject} will be tried again automatically${wait !== undefined && wait > 0 ? ` in ${formatDuration(wait)}` : ""}.`;
  }
  const tried = context.maxAttempts ?? context.attempt;
  if (!tried || tried < 2) return `${detail} ${byHand[0].toUpperCase()}${byHand.slice(1)}`;
  return `${detail} Tried ${tried} times; ${byHand}`;
}

export function isOutsideServiceError(error: unknown): error is OutsideServiceError {
  return error instanceof OutsideServiceError;
}

/** Names as an admin reads them in a message. */
export const SERVICE_NAMES: Record<OutsideService, string> = {
  ai: "The AI service",
  deepl: "DeepL",
  libretranslate: "LibreTranslate",
  graph: "Instagram",
  smtp: "The mail server",
};

/**
 * Retry-After as milliseconds: seconds ("120") or an HTTP date. Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** "60 s", "2 min", "1 h 30 min": for messages that say how long something took or must wait. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** The abort reason as an error to rethrow: a cancelled job stops, it does not fail or retry. */
export function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  return new DOMException("The operation was aborted.", "AbortError");
}
