import type { RequestHandler } from "express";
import type { Services } from "../app/services";
import { slotsApi } from "../app/booking/slots-api.server";
import { logRefusal } from "../core/log";

/** Where the free consultation slots are answered (issue 33's contract; docs/booking.md). */
export const SLOTS_API_PATH = "/api/consultations/slots";

/**
 * GET /api/consultations/slots as JSON, answered by Express before React Router: it renders
 * nothing, and route matching was a tenth of each answer's time (decision 0076's addendum).
 */
export function slotsRoute(services: Services): RequestHandler {
  const answer = slotsApi({ db: services.db, now: () => services.clock.now(), rateLimit: services.config.SLOTS_RATE_LIMIT });
  return async (req, res, next) => {
    try {
      const url = new URL(req.originalUrl, "http://site.invalid");
      const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
      const result = await answer(url, client);
      if (result.status === 429) logRefusal(services.log, client, "slots rate limit reached");
      // Free slots change with every booking: never stored by a browser or a shared cache.
      res.status(result.status).set({
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": String(Buffer.byteLength(result.json)),
        "Cache-Control": "no-store",
        ...(result.status === 429 ? { "Retry-After": "60" } : {}),
      });
      // Sent as made: never stored, so no ETag to compute over the whole answer.
      res.end(result.json);
    } catch (error) {
      next(error);
    }
  };
}
