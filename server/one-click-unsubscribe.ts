import express, { type Request, type Response, type Router } from "express";
import type { Services } from "../app/services";
import { readToken, unsubscribe, UNSUBSCRIBE_PATH } from "../app/newsletter/subscribers.server";
import { ONE_CLICK_PATH } from "../app/newsletter/compose.server";

/**
 * RFC 8058 one-click unsubscribe (decision 0081): the List-Unsubscribe address of every newsletter
 * mail, /newsletter/one-click?token=…, apart from the pages React Router serves.
 *
 * - POST with the body `List-Unsubscribe=One-Click` (form-encoded or multipart) unsubscribes the
 *   address of the token. Mail providers send it from their servers: no session, no cookie, no
 *   CSRF token, any or no Origin. Nothing else is exempt from the site's origin rules: this path
 *   only deletes the row a secret token names, and every other POST still goes through them.
 * - The answer is the same 200 for a known, unknown, malformed or used token (idempotent; it tells
 *   nobody whether an address is on the list). A body that is not the one-click one is 400.
 * - GET (a mail client without one-click opens the link) changes nothing: 303 to the unsubscribe
 *   page with its button (decision 0004).
 */
export function oneClickUnsubscribe(services: Services): Router {
  const router = express.Router();
  const plain = (res: Response, status: number, text: string) =>
    void res.status(status).set({ "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex, nofollow" }).send(text);
  router.post(ONE_CLICK_PATH, express.urlencoded({ extended: false, limit: "1kb" }), async (req: Request, res: Response) => {
    // multipart/form-data is allowed by RFC 8058 too: read its one field by hand (a small body).
    let oneClick = (req.body as Record<string, unknown> | undefined)?.["List-Unsubscribe"] === "One-Click";
    if (!oneClick && req.is("multipart/form-data")) {
      const body = await readSmall(req);
      oneClick = /name="List-Unsubscribe"\r?\n\r?\nOne-Click\r?\n/.test(body);
    }
    if (!oneClick) return plain(res, 400, "Bad request");
    const token = readToken(req.query.token);
    if (token) await unsubscribe(services.db, token);
    plain(res, 200, "Unsubscribed.");
  });
  router.get(ONE_CLICK_PATH, (req, res) => {
    const token = readToken(req.query.token);
    res
      .status(303)
      .set("Cache-Control", "no-store")
      .location(token ? `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}` : UNSUBSCRIBE_PATH)
      .end();
  });
  return router;
}

async function readSmall(req: Request): Promise<string> {
  let body = "";
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 4096) break;
  }
  return body;
}
