import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Logger } from "../core/log";

/** Requests in flight get this long to finish once a stop is asked for. */
export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Follows a server's open requests so a stop can let them finish: the event streams (/events)
 * never finish by themselves, so they are ended at once (browsers reconnect, to another instance
 * behind a load balancer); other requests run to their end, up to DRAIN_TIMEOUT_MS.
 */
export function trackRequests(server: Server) {
  const streams = new Set<ServerResponse>();
  let open = 0;
  let draining = false;
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const isStream = req.url === "/events" || req.url?.startsWith("/events?") === true;
    if (isStream) {
      if (draining) {
        res.writeHead(503, { "Retry-After": "1", "Content-Type": "text/plain" }).end("Restarting");
        return;
      }
      streams.add(res);
    } else open += 1;
    res.once("close", () => {
      if (isStream) streams.delete(res);
      else open -= 1;
      // A finished keep-alive connection would otherwise stay open until its idle timeout.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });

  return {
    /** Requests other than event streams that have not finished yet. */
    get inFlight() {
      return open;
    },
    /** Stop accepting, end the event streams, wait for the rest (bounded), then cut what is left. */
    drain(log: Logger, timeoutMs = DRAIN_TIMEOUT_MS): Promise<void> {
      draining = true;
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          if (open > 0) log.warn({ requests: open }, `requests still running after ${timeoutMs / 1000} s: closing their connections`);
          server.closeAllConnections();
        }, timeoutMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        for (const res of streams) res.end();
        server.closeIdleConnections();
      });
    },
  };
}

/**
 * SIGTERM and SIGINT stop the process gracefully through `stop` (exit 0, or 1 if it failed); a
 * second signal while stopping exits at once (code 130 or 143, as a shell reports a signal).
 */
export function stopOnSignals(log: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, "second signal: exiting now");
      process.exit(signal === "SIGINT" ? 130 : 143);
    }
    stopping = true;
    log.info({ signal }, "shutting down: finishing requests in flight");
    stop()
      .then(() => {
        log.info("stopped");
        process.exit(0);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
