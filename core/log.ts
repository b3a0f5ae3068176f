import pino from "pino";

export type Logger = pino.Logger;

/** JSON logs; request bodies and credentials are never passed to the logger. */
export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: ["password", "*.password", "token", "*.token", "headers.cookie"], remove: true } });
}

/** One line per client per this long, however many of its requests are refused. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000;
/** Clients remembered at once: a flood from more addresses logs at most this many lines a minute. */
const MAX_CLIENTS = 1_000;
const lastLogged = new WeakMap<Logger, Map<string, number>>();

/**
 * A request refused for what its sender did (cross-site, malformed, throttled): a warning without
 * a stack, at most once per client per minute.
 * Error level is for the server's own faults, which operators are told to alert on
 * (docs/operations.md); anyone can send refused requests.
 */
export function logRefusal(log: Logger, client: string, reason: string, fields: Record<string, unknown> = {}, now = Date.now()): boolean {
  let clients = lastLogged.get(log);
  if (!clients) lastLogged.set(log, (clients = new Map()));
  const last = clients.get(client);
  if (last !== undefined && now - last < REFUSAL_LOG_INTERVAL_MS) return false;
  if (last === undefined && clients.size >= MAX_CLIENTS) {
    for (const [known, at] of clients) if (now - at >= REFUSAL_LOG_INTERVAL_MS) clients.delete(known);
    if (clients.size >= MAX_CLIENTS) return false;
  }
  clients.delete(client);
  clients.set(client, now);
  log.warn({ client, reason, ...fields }, `request refused: ${reason}`);
  return true;
}
