import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import zlib from "node:zlib";
import express from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { projectRoot } from "../db/client";
import { ConfigError, loadConfig, type Config } from "../core/config";
import { createLogger } from "../core/log";
import { tzDataNotice } from "../core/firm-clock.server";
import { mediaRouter } from "./media-routes";
import { isUnknownPath, pageCache } from "./page-cache";
import { precompressedAssets } from "./precompressed";
import { contentSecurityPolicyFor, securityHeaderKind, securityHeaderList, securityHeaders } from "./security";
import { createServices, type Services } from "./services";
import { SealingKeyWrong } from "../core/sealing.server";
import { adminMutationGate, adminResponseHeaders } from "./admin-gate";
import { DataDirLocked } from "./pglite-lock";
import { judgeHostOf, judgeRequest, requestGuard } from "./request-guard";
import { bodyAsRead, bodyLimits } from "./body-limits";
import { isAdminPath } from "./admin-path";
import { healthRoute } from "./health";
import { oneClickUnsubscribe } from "./one-click-unsubscribe";
import { SLOTS_API_PATH, slotsRoute } from "./slots-api";
import { stopOnSignals, trackRequests } from "./shutdown";
import { crossSiteGate } from "./cross-site";
import { renderLimit } from "./render-limit";
import { beaconRoute, pageViewCounter } from "./stats-hook";

/** Paths the Express routes below answer before React Router, whatever the route table says. */
const answeredByExpress = (path: string) => path === "/healthz" || path === "/events" || /^\/(media|api|assets)(\/|$)/.test(path);

export interface AppOptions {
  vite?: ViteDevServer;
}

/**
 * The server's request listener: a stored page straight from memory (the page cache's `answer`,
 * with the headers Express would send), everything else through the Express app.
 */
export function createApp(services: Services, options: AppOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const { config } = services;
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy on the same machine, the visitor's address comes from X-Forwarded-For.
  app.set("trust proxy", "loopback");
  app.use(securityHeaders(config));
  // Before any path rule: one spelling per URL, bounded paths, only the methods the site uses.
  app.use(requestGuard());
  // Each POST's body limit, before anything reads a byte of it (server/body-limits.ts).
  app.use(bodyLimits());
  // STATS_MODE=beacon: the page script's one POST after load (decision 0082).
  app.use(beaconRoute(services.stats, config.SITE_URL));
  // The admin area includes its data requests ("/admin.data"), which the mount "/admin" would miss.
  const adminGate = adminMutationGate(services);
  app.use((req, res, next) => (isAdminPath(req.path) ? adminResponseHeaders(req, res, () => adminGate(req, res, next)) : next()));
  // Responses that are not stored pages (the admin, a page's first render, data requests) are
  // compressed per response: Brotli quality 6 takes ~1.5 ms for a 60 KB page and writes ~10%
  // less than the default 4. Stored pages go out in the copies the page cache made once at
  // quality 11, ~10% smaller again.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } } }));
  // Rendered public pages from memory (one nonce per render); form POSTs are never cached.
  // A hit is answered before Express (see the end of this function), which then runs no
  // middleware for it: the security headers and the guard's rules come along as plain functions.
  const pages = pageCache({
    events: services.events,
    csp: contentSecurityPolicyFor(config),
    enabled: !options.vite,
    unknownPath: isUnknownPath,
    before: config.PAGE_CACHE_FAST_PATH
      ? { securityHeaders: securityHeaderList(config), securityKind: (path) => securityHeaderKind(path).key, guard: (method, url) => judgeRequest(method, url).ok, expressPath: answeredByExpress }
      : undefined,
  });
  app.use(pages.serve);

  app.get("/healthz", healthRoute(services));
  app.get(SLOTS_API_PATH, slotsRoute(services));
  // RFC 8058 one-click unsubscribe: the one POST taken without a session or same-origin check (decision 0081).
  app.use(oneClickUnsubscribe(services));
  app.use("/media", mediaRouter(services));
  app.get("/events", (req, res) => {
    res.set({ "Content-Type": "text/event-stream", "Cache-Control": "no-store", Connection: "keep-alive", "X-Accel-Buffering": "no" });
    res.flushHeaders();
    // Compression buffers what is written; each message must leave at once.
    const send = (message: string) => {
      res.write(message);
      (res as unknown as { flush?: () => void }).flush?.();
    };
    send(`retry: 5000\nevent: version\ndata: ${services.events.version}\n\n`);
    const off = services.events.on((kind) => send(`event: change\ndata: ${kind}\n\n`));
    const heartbeat = setInterval(() => send(": heartbeat\n\n"), 25_000);
    req.on("close", () => {
      clearInterval(heartbeat);
      off();
    });
  });

  const handlerFor = (build: ServerBuild | (() => Promise<ServerBuild>)) =>
    createRequestHandler({
      build,
      mode: options.vite ? "development" : "production",
      getLoadContext: (req, res) => ({ services, nonce: res.locals.nonce as string, clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown", jsonLd: [] }),
    });
  let reactRouter: express.RequestHandler;
  if (options.vite) {
    const vite = options.vite;
    app.use(vite.middlewares);
    // Development: the build is loaded (and its routes derived) afresh per request, for hot reload.
    reactRouter = handlerFor(() => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>);
  } else {
    // The same folder `npm run build` wrote (BUILD_DIR, default ./build), found from the project root.
    const clientDir = path.resolve(projectRoot(), process.env.BUILD_DIR ?? "build", "client");
    // Hashed file names never change content: cache for a year.
    app.use("/assets", precompressedAssets(path.join(clientDir, "assets")));
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
    // A missing hashed file is a plain 404, not a rendered page.
    app.use("/assets", (_req, res) => void res.status(404).type("text/plain").send("Not found"));
    // The build object itself, loaded at the first page: given a function, React Router would
    // derive the route table again on every request (its development path), milliseconds of CPU each.
    let handler: Promise<express.RequestHandler> | undefined;
    reactRouter = (req, res, next) => {
      handler ??= (import("virtual:react-router/server-build") as Promise<ServerBuild>).then(handlerFor);
      handler.then((handle) => handle(req, res, next), next);
    };
  }
  // Every form a page's action reads comes from this site (403 otherwise, logged as a refusal).
  app.use(crossSiteGate(services));
  app.use(pages.capture);
  // A chunked body is read through the door's count (server/body-limits.ts).
  // At most a few renders at once (server/render-limit.ts): stored pages keep their speed under a flood.
  app.use(renderLimit((req, res, next) => reactRouter(bodyAsRead(req), res, next)));
  // A request without a usable Host is the guard's (400), even for a stored page.
  const answer = (req: IncomingMessage, res: ServerResponse) => judgeHostOf(req) && pages.answer(req, res);
  const counter = pageViewCounter(services.stats, config.SITE_URL);
  if (!counter.enabled) return (req, res) => void (answer(req, res) || app(req, res));
  // Page views counted where pages are answered, fast path included (decision 0082).
  return counter.listener(answer, app);
}

export interface RunningServer {
  server: Server;
  services: Services;
  url: string;
  close(): Promise<void>;
}

/** Start the whole site: configuration, database, seed, HTTP. */
export async function startServer(options: AppOptions & { env?: Record<string, string | undefined> } = {}): Promise<RunningServer> {
  const log = createLogger(process.env.LOG_LEVEL ?? "info");
  let config: Config;
  try {
    config = loadConfig(options.env ?? process.env, (message) => log.warn(message));
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.problems) console.error(line);
      process.exit(1);
    }
    throw error;
  }
  log.level = config.LOG_LEVEL;
  let services: Services;
  try {
    services = await createServices(config, log);
  } catch (error) {
    if (error instanceof DataDirLocked || error instanceof SealingKeyWrong) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = createServer(createApp(services, options));
  const requests = trackRequests(server);
  server.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  log.info({ url, database: services.database.kind }, `serving on ${url}`);
  const tz = tzDataNotice();
  log[tz.level](tz.fields, tz.message);

  let closing: Promise<void> | null = null;
  // HTTP first (requests in flight still need the database), then the services (database last).
  const close = () =>
    (closing ??= (async () => {
      await requests.drain(log);
      await services.close();
    })());
  return { server, services, url, close };
}

/** The production entry: start, and shut down gracefully on SIGTERM/SIGINT. */
export async function main(options: AppOptions = {}): Promise<void> {
  const running = await startServer(options);
  stopOnSignals(running.services.log, running.close);
}
