import pino from "pino";

export type Logger = pino.Logger;

/** JSON logs; request bodies and credentials are never passed to the logger. */
export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: ["password", "*.password", "token", "*.token", "headers.cookie"], remove: true } });
}
