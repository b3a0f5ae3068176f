/**
 * One error type for every outside service (AI, DeepL, LibreTranslate, the Graph API, SMTP).
 *
 * The job runner's contract: an error with `retryable === true` is tried again later (not before
 * `retryAfterMs` when given); anything else fails the item and `message` is shown to the admin
 * as it is. So every message is a sentence a person can act on, without stack traces or JSON.
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

export class OutsideServiceError extends Error {
  readonly service: OutsideService;
  readonly kind: OutsideErrorKind;
  readonly retryable: boolean;
  /** How long the service asked us to wait (Retry-After), when it said so. */
  readonly retryAfterMs?: number;

  constructor(
    service: OutsideService,
    kind: OutsideErrorKind,
    message: string,
    options: { retryable?: boolean; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "OutsideServiceError";
    this.service = service;
    this.kind = kind;
    this.retryable = options.retryable ?? RETRYABLE_KINDS.has(kind);
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }
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
