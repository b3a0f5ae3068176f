import type { NextFunction, Request, Response } from "express";

/** Renders at once: a page render is CPU work, and more in flight only slows every one of them. */
export const MAX_CONCURRENT_RENDERS = 4;
/** Requests waiting for a render; past this the server is overloaded and says so (503, Retry-After). */
export const MAX_WAITING_RENDERS = 500;

/**
 * React Router's handler behind a concurrency limit (issue 44): under a flood of GETs that
 * must render, at most MAX_CONCURRENT_RENDERS run at once and the rest wait their turn, so the
 * event loop stays free between renders for stored pages, which are answered before any of this.
 */
export function renderLimit(handler: (req: Request, res: Response, next: NextFunction) => unknown) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running--;
    const nextInLine = waiting.shift();
    if (nextInLine) nextInLine();
  };
  return (req: Request, res: Response, next: NextFunction) => {
    // Only reads wait: a form's body arrives at its sender's pace, and must not hold a render's turn.
    if (req.method !== "GET" && req.method !== "HEAD") return handler(req, res, next);
    const start = () => {
      running++;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        release();
      };
      res.once("finish", finish);
      res.once("close", finish);
      try {
        const result = handler(req, res, (error?: unknown) => {
          finish();
          next(error);
        });
        if (result instanceof Promise) result.catch(() => finish());
      } catch (error) {
        finish();
        next(error);
      }
    };
    if (running < MAX_CONCURRENT_RENDERS) return start();
    if (waiting.length >= MAX_WAITING_RENDERS) {
      res.status(503).set({ "Retry-After": "5", "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" }).send("The server is busy. Try again in a few seconds.");
      return;
    }
    // A request whose client left while waiting is not rendered.
    const entry = () => (req.socket.destroyed ? release0() : start());
    const release0 = () => {
      const nextInLine = waiting.shift();
      if (nextInLine) nextInLine();
    };
    waiting.push(entry);
  };
}
