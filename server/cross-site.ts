import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { isCrossSite } from "../app/auth/guard.server";
import { logRefusal } from "../core/log";
import type { Services } from "./services";

/** The Request isCrossSite reads: the URL and the two headers a browser sends with every POST. */
export function originRequest(req: ExpressRequest): Request {
  const headers = new Headers();
  for (const name of ["origin", "sec-fetch-site"]) {
    const value = req.get(name);
    if (value) headers.set(name, value);
  }
  return new Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`, { method: "POST", headers });
}

/**
 * A form posted from another site is refused (403) before any page's action runs, with one warning
 * per client per minute (core/log.ts logRefusal). Mounted after the two POSTs that take any origin
 * (the statistics beacon and RFC 8058's one-click unsubscribe). Without this, React Router's own
 * origin check threw an Error that was logged at error level with a stack, for anyone to provoke.
 */
export function crossSiteGate(services: Pick<Services, "config" | "log">) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== "POST" || !isCrossSite(originRequest(req), services.config.SITE_URL)) return next();
    logRefusal(services.log, req.ip ?? "unknown", "cross-site", { path: req.path });
    res.status(403).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).send("Cross-site request refused.");
  };
}
