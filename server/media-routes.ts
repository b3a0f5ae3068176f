import { Router } from "express";
import { readVariant } from "../core/media";
import type { Services } from "./services";

/**
 * /media/{id} serves the widest variant (AVIF when the browser accepts it, else WebP);
 * /media/{id}/{width}.{webp|avif|jpeg} one exact variant (JPEG: the Instagram-ready copies that
 * Instagram fetches). Content never changes under an id.
 */
export function mediaRouter(services: Services) {
  const router = Router();
  router.get(/^\/([0-9a-f-]{36})(?:\/(\d+)\.(webp|avif|jpeg))?$/, async (req, res, next) => {
    try {
      const params = req.params as unknown as Record<string, string | undefined>;
      const id = params[0]!;
      const width = params[1] ? Number(params[1]) : undefined;
      const accepted = params[2] as "webp" | "avif" | "jpeg" | undefined;
      const format = accepted ?? (req.accepts(["image/avif", "image/webp"]) === "image/avif" ? "avif" : "webp");
      const variant = (await readVariant(services.db, id, format, width)) ?? (accepted === "jpeg" ? null : await readVariant(services.db, id, "webp", width));
      if (!variant) {
        res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
        return;
      }
      res.set({ "Content-Type": `image/${variant.format}`, "Cache-Control": "public, max-age=31536000, immutable" });
      if (!accepted) res.vary("Accept");
      res.send(variant.bytes);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
