import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { finishHtml } from "./document/finish-html.server";
import { langFromPath } from "./i18n/languages";
import { logRefusal } from "../core/log";

export const streamTimeout = 5_000;

/**
 * Errors React Router reports while answering. A 4xx (a POST to a page without a form, a route
 * that threw a 404 or 400) is the sender's mistake and no server error: it is not logged with a
 * stack. Nor is a request its sender abandoned. Everything else goes to the server's log.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const loadContext = context as AppLoadContext | undefined;
  const log = loadContext?.services?.log;
  // React Router's own CSRF check (an Origin that is not the request's host) refuses a visitor's
  // request, as server/cross-site.ts does before it: a warning, not a server fault.
  if (log && error instanceof Error && /origin does not match/i.test(error.message)) {
    logRefusal(log, loadContext?.clientIp || "unknown", "cross-site", { path: new URL(request.url).pathname });
    return;
  }
  if (log) log.error({ err: error, path: new URL(request.url).pathname }, "request failed");
  else console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The action answered in another form than the page (JSON for a client that asked for it).
  if (loadContext.answer) return loadContext.answer;
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;
  const { pathname } = new URL(request.url);
  return new Promise<Response>((resolve, reject) => {
    // Pages have no deferred data, so waiting for the whole document costs nothing and
    // gives every visitor and crawler complete HTML.
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Never outline a finished Suspense boundary into a script-revealed chunk: pages must
        // read whole without JavaScript (and the page cache stores what we send).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          // The whole document is ready; read it whole so the hydration script can be rewritten.
          const rendered = new PassThrough();
          pipe(rendered);
          text(rendered).then((html) => {
            const body = finishHtml(html, { nonce, lang: langFromPath(pathname), jsonLd: loadContext.jsonLd });
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
          }, reject);
        },
        onShellError: reject,
        onError(error) {
          responseStatusCode = 500;
          loadContext.services.log.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}
