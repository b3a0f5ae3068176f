import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { hydrateAfterPaint } from "./seo/hydrate-after-paint.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;
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
          // The whole document is ready; collect it so the hydration scripts can be rewritten.
          const chunks: Buffer[] = [];
          const collect = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              const html = Buffer.concat(chunks).toString("utf8");
              // Development keeps React Router's scripts as they are (hot reload imports first).
              const body = import.meta.env.DEV ? html : hydrateAfterPaint(html, nonce);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(collect);
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
