import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { Services } from "./services";
import { ACCESS_DENIED } from "../app/auth/forms";
import { getSignedInUser, isCrossSite, signInRequired } from "../app/auth/guard.server";
import { ADMIN_OPEN_PATHS } from "../app/auth/open-paths";
import { logRefusal } from "../core/log";

/**
 * The headers of every /admin response, in one place: nothing of the admin is stored by a
 * browser or a shared cache (personal data, CSV exports), and no search engine lists it.
 */
export function adminResponseHeaders(_req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Robots-Tag", "noindex, nofollow");
  next();
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Deny by default, in front of React Router: every mutation under /admin must come from this
 * site and (except the open paths) from a staff session. Each action still checks its
 * permission (the admin kit, requireActionPermission); this layer makes a forgotten check harmless and gives every route the same
 * answers (403 cross-site, 401 anonymous, 403 without a staff role), whatever its error boundaries do.
 */
export function adminMutationGate(services: Services) {
  const refuse = (res: ExpressResponse, status: number, message: string) =>
    res.status(status).set({ "Content-Type": "text/plain; charset=utf-8" }).send(message);

  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const url = `${req.protocol}://${req.get("host")}${req.originalUrl}`;
    const headers = new Headers();
    for (const name of ["origin", "sec-fetch-site", "cookie", "user-agent"]) {
      const value = req.get(name);
      if (value) headers.set(name, value);
    }
    const request = new Request(url, { method: "POST", headers });
    if (isCrossSite(request, services.config.SITE_URL)) {
      logRefusal(services.log, req.ip ?? "unknown", "cross-site", { path: req.path });
      return refuse(res, 403, "Cross-site request refused.");
    }
    // Client-side submissions go to the same path plus ".data" (React Router's single fetch).
    const path = new URL(url).pathname.replace(/\.data$/, "").replace(/\/+$/, "");
    if (ADMIN_OPEN_PATHS.has(path)) return next();
    getSignedInUser(request, { services })
      .then((user) => {
        if (!user) return signInRequired(services.db, request).then((sentence) => refuse(res, 401, sentence));
        if (!user.isStaff) return refuse(res, 403, ACCESS_DENIED);
        next();
      })
      .catch(next);
  };
}
