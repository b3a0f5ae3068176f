import { Transform, type TransformCallback } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { stripLangPrefix } from "../app/i18n/languages";
import { UPLOAD_BODY_LIMIT } from "../core/upload-limit";
import { isAdminPath, routePathOf } from "./admin-path";

/**
 * The largest request body each POST endpoint takes, checked at the door (decision 0051): right
 * after the request guard, before any route reads a byte. The content type does not matter here.
 */
const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * Public pages and the newsletter's link pages, by their path in the route table (app/routes.ts
 * PUBLIC_PAGES, NEWSLETTER_LINK_PAGES), in every language: the language prefix is taken off with
 * the language registry's stripLangPrefix.
 */
export const PAGE_BODY_LIMITS: Readonly<Record<string, number>> = {
  // The largest valid form is ~6 KB of text; percent-encoded Chinese (9 bytes a character) ~48 KB.
  "/contact": 64 * KiB,
  // The newsletter sign-up: an address of at most 255 characters, the intent and the honeypot.
  "/blog": 4 * KiB,
  // A token and the intent.
  "/newsletter/confirm": 4 * KiB,
  "/newsletter/unsubscribe": 4 * KiB,
  // No form today: listed so that one added later starts from the contact form's limit.
  "/virtual-consultation": 64 * KiB,
};

/** Admin routes, by their path in the route table (English only, never prefixed). */
export const ADMIN_BODY_LIMITS: Readonly<Record<string, number>> = {
  // Open without a session: an email, a password (at most 128 characters), a setup token.
  "/admin/login": 16 * KiB,
  "/admin/login/verify": 16 * KiB,
  "/admin/setup": 16 * KiB,
  "/admin/logout": 16 * KiB,
  // The pages of mailed links: a token, a name, two passwords, or an email.
  "/admin/invite": 16 * KiB,
  "/admin/reset-password": 16 * KiB,
  "/admin/confirm-email": 16 * KiB,
  // The forms with an image: the routes refuse past UPLOAD_BODY_LIMIT themselves, with the admin's
  // own message; the door stands 1 MiB above, a backstop that never answers in their place.
  "/admin/media": UPLOAD_BODY_LIMIT + 1 * MiB,
  "/admin/dashboard/team": UPLOAD_BODY_LIMIT + 1 * MiB,
};

/**
 * Every other admin action. The largest valid form is a blog post at its limits (100,000
 * characters of content in each of English, Farsi and Chinese, app/admin/blog/post-schema.ts):
 * percent-encoded, up to ~1.8 MB; the whole content store in one Save All is ~0.5 MB.
 */
export const ADMIN_DEFAULT_BODY_LIMIT = 2 * MiB;

/** Anything else that is POSTed: unknown paths, /__manifest, data requests for pages without a form. */
export const DEFAULT_BODY_LIMIT = 64 * KiB;

/** The largest body a POST to `pathname` may have. */
export function bodyLimitFor(pathname: string): number {
  const path = routePathOf(pathname);
  if (isAdminPath(path)) return ADMIN_BODY_LIMITS[path] ?? ADMIN_DEFAULT_BODY_LIMIT;
  return PAGE_BODY_LIMITS[stripLangPrefix(path)] ?? DEFAULT_BODY_LIMIT;
}

/**
 * After a refusal, what the sender still sends is read and dropped (as servers linger on close),
 * so that it reads the answer instead of a reset; an endless or slow body is cut off here.
 */
export const DRAIN_MAX_BYTES = 32 * MiB;
export const DRAIN_MAX_MS = 30_000;

export const TOO_LARGE_TEXT = "The request is too large.";

/** The body React Router reads when the door counts it (a chunked body). */
const COUNTED = Symbol("counted body");
type Counted = Request & { [COUNTED]?: Transform };

/**
 * Read and drop the rest of a request's body in the background, up to the caps, then cut the
 * connection. When the sender asked for the connection to close (or the caps are reached), it
 * is closed once the drain ends.
 */
function drainRest(req: Request, closeAfter: boolean): void {
  const socket = req.socket;
  if (req.complete || req.destroyed) {
    if (closeAfter) socket?.end();
    return;
  }
  let dropped = 0;
  const done = () => {
    clearTimeout(timer);
    req.off("data", onData);
    req.off("end", ended);
    req.off("close", done);
  };
  const ended = () => {
    done();
    if (closeAfter) socket?.end();
  };
  const cut = () => {
    done();
    socket?.destroy();
  };
  const onData = (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > DRAIN_MAX_BYTES) cut();
  };
  const timer = setTimeout(cut, DRAIN_MAX_MS);
  timer.unref();
  req.on("data", onData);
  req.once("end", ended);
  req.once("close", done);
  req.resume();
}

/**
 * 413 at once, and the rest of the body dropped as it arrives. Node closes a connection as soon
 * as the answer is written when the sender asked for that (Connection: close, HTTP/1.0), and a
 * sender still writing its body then gets a reset instead of the answer: here the answer is sent
 * on an open connection, which is closed after the drain instead.
 */
function refuse(req: Request, res: Response): void {
  (req as Answered)[REFUSED] = true;
  const closeAfter = !res.shouldKeepAlive;
  if (!req.complete) res.shouldKeepAlive = true;
  res
    .status(413)
    .set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
    .send(TOO_LARGE_TEXT);
  drainRest(req, closeAfter);
}

const REFUSED = Symbol("refused at the door");
type Answered = Request & { [REFUSED]?: true };

/**
 * A route may answer before it has read the whole body (a path without an action: 405; not a
 * form: 415). Node would then close a connection whose sender asked for that as soon as the
 * answer is written, and a sender still writing would get a reset instead of the answer (seen
 * under load, decision 0051): such an answer goes out on an open connection, the rest of the
 * body is dropped as in a refusal, and the connection is closed after that when it was to close.
 */
function keepOpenForEarlyAnswer(req: Request, res: Response): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    res.writeHead = writeHead;
    if (!req.complete && !(req as Answered)[REFUSED]) {
      const closeAfter = !res.shouldKeepAlive;
      res.shouldKeepAlive = true;
      res.once("finish", () => drainRest(req, closeAfter));
    }
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response["writeHead"];
}

class BodyTooLarge extends Error {
  constructor() {
    super(TOO_LARGE_TEXT);
    this.name = "BodyTooLarge";
  }
}

/**
 * The door: a POST whose declared Content-Length is over its path's limit is answered 413
 * without reading it (Node's parser ends a body at its declared length, so a smaller one cannot
 * run over). A body without a declared length (chunked) is counted on its way to React Router
 * (`bodyAsRead`): past the limit the request is answered 413 and what the route was reading
 * fails, so the route neither sees the rest nor acts on a part of it.
 */
export function bodyLimits(limitFor: (path: string) => number = bodyLimitFor) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const limit = limitFor(req.path);
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      if (Number(declared) > limit) return refuse(req, res);
      if (Number(declared) > 0) keepOpenForEarlyAnswer(req, res);
      return next();
    }
    // Without a declared length or a transfer coding there is no body.
    if (req.headers["transfer-encoding"] === undefined) return next();
    keepOpenForEarlyAnswer(req, res);

    let total = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        total += chunk.byteLength;
        if (total <= limit) return callback(null, chunk);
        req.unpipe(counted);
        // What the route reads fails (an error, never an early end that would read as a shorter form).
        counted.destroy(new BodyTooLarge());
        // Answered here unless the route has already answered (its own refusal, say).
        if (res.headersSent) drainRest(req, false);
        else refuse(req, res);
        callback();
      },
    });
    // A sender that goes away mid-body: the route's read fails instead of ending early.
    const broken = () => {
      if (!req.complete && !counted.destroyed) counted.destroy(new Error("The request body was cut off."));
    };
    req.once("error", broken);
    req.once("close", broken);
    // An answer given without reading the whole body (no action, a refusal): drop the rest, bounded.
    // (keepOpenForEarlyAnswer drops the rest once the route is done with the counted stream.)
    res.once("finish", () => {
      if (req.complete || counted.destroyed) return;
      req.unpipe(counted);
      counted.destroy(new Error("Answered before the body was read."));
    });
    req.pipe(counted);
    (req as Counted)[COUNTED] = counted;
    next();
  };
}

/** What React Router's request body reads from (@react-router/express createRequest): the stream events and flow. */
const STREAM_MEMBERS = new Set<PropertyKey>([
  "on",
  "once",
  "off",
  "addListener",
  "removeListener",
  "removeAllListeners",
  "prependListener",
  "prependOnceListener",
  "listenerCount",
  "pause",
  "resume",
  "isPaused",
  "read",
  "pipe",
  "unpipe",
  "destroy",
  "destroyed",
  "readable",
  "readableEnded",
  "readableFlowing",
  "readableHighWaterMark",
  "readableLength",
  "setEncoding",
  Symbol.asyncIterator,
]);

/**
 * The request as the React Router handler should see it: itself, or (for a counted body) the
 * same request whose stream is the counted one. Everything else (headers, URL, address) is
 * read from the request itself.
 */
export function bodyAsRead(req: Request): Request {
  const counted = (req as Counted)[COUNTED];
  if (!counted) return req;
  return new Proxy(req, {
    get(target, property) {
      if (!STREAM_MEMBERS.has(property)) return Reflect.get(target, property, target);
      const value = Reflect.get(counted, property, counted) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(counted) : value;
    },
  });
}
