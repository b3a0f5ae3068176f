import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** Small pieces shared by the loopback fakes of outside services. */

export interface Listening {
  server: Server;
  origin: string;
  close(): Promise<void>;
}

/** A server on 127.0.0.1 (or another loopback address) at a free port; close() also ends open (stalled) connections. */
export async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>, host = "127.0.0.1"): Promise<Listening> {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
      else res.destroy();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    origin: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** JSON or form-encoded (repeated keys become arrays), as the real services accept both. */
export async function readParams(req: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readBody(req);
  if (!raw) return {};
  if ((req.headers["content-type"] ?? "").includes("application/json")) return JSON.parse(raw) as Record<string, unknown>;
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const existing = params[key];
    params[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return params;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Waits ms, or until the client gives up (then resolves false). */
export function stall(req: IncomingMessage, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(true), ms);
    req.socket.once("close", () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

/** A base URL where nothing listens: connection refused. */
export async function refusedUrl(path = ""): Promise<string> {
  const { origin, close } = await listen(() => {});
  await close();
  return `${origin}${path}`;
}

/** "[fa] " before the words of each line, after its Markdown marker; code blocks untouched. */
export function markLines(text: string, label: string): string {
  let inFence = false;
  return text
    .split("\n")
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        inFence = !inFence;
        return line;
      }
      if (inFence || !line.trim()) return line;
      const marker = /^(\s*(?:#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+|\|\s*)*)/.exec(line)![0];
      return `${marker}${label} ${line.slice(marker.length)}`;
    })
    .join("\n");
}

/** Faults the translation fakes can be scripted with, one per request. */
export type HttpFault =
  /** An error status; body is sent as JSON (default {"message": ...}); retryAfter sets Retry-After. */
  | { type: "status"; status: number; body?: unknown; retryAfter?: string }
  /** Waits ms before answering normally. */
  | { type: "stall"; ms: number }
  /** Closes the connection without an answer. */
  | { type: "hang-up" }
  /** 200 with a body that is not JSON (a proxy's HTML page). */
  | { type: "not-json" };

/** Applies a fault; true when the request has been answered (or dropped) by it. */
export async function applyFault(req: IncomingMessage, res: ServerResponse, fault: HttpFault | undefined): Promise<boolean> {
  if (!fault) return false;
  switch (fault.type) {
    case "hang-up":
      req.socket.destroy();
      return true;
    case "status":
      sendJson(res, fault.status, fault.body ?? { message: `Fake error ${fault.status}` }, fault.retryAfter ? { "retry-after": fault.retryAfter } : {});
      return true;
    case "stall":
      return !(await stall(req, fault.ms));
    case "not-json":
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body>Bad gateway</body></html>");
      return true;
  }
}

/**
 * The fakes' "translation": "LABEL: " in front, then every Latin word in capitals, so a word that
 * should not have been sent (a link address, code) shows. With html, tags and entities are left
 * alone and only the text between them changes, as the real services do.
 */
export function fakeTranslate(text: string, label: string, html: boolean): string {
  const shout = (part: string) => part.replace(/&#?\w+;|[A-Za-z]+/g, (word) => (word.startsWith("&") ? word : word.toUpperCase()));
  const body = html ? text.split(/(<[^>]*>)/).map((part) => (part.startsWith("<") ? part : shout(part))).join("") : shout(text);
  return `${label}: ${body}`;
}

/**
 * The same controls over HTTP, for a test in another process than the fake (e2e global setup):
 * POST /__script (JSON: what script() takes, see each fake), POST /__latency {"ms": n},
 * POST /__reset, GET /__calls. True when the request was one of these.
 */
export async function control(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  handlers: { script(body: Record<string, unknown>): void; latency(ms: number): void; reset(): void; calls(): unknown },
): Promise<boolean> {
  if (!path.startsWith("/__")) return false;
  const body = req.method === "POST" ? await readParams(req) : {};
  if (req.method === "POST" && path === "/__script") handlers.script(body);
  else if (req.method === "POST" && path === "/__latency") handlers.latency(Number(body.ms ?? 0));
  else if (req.method === "POST" && path === "/__reset") handlers.reset();
  else if (req.method === "GET" && path === "/__calls") return sendJson(res, 200, handlers.calls()), true;
  else return sendJson(res, 404, { error: "Unknown control" }), true;
  sendJson(res, 200, { ok: true });
  return true;
}

/** What a scripted fake offers a test: its address, the requests it saw, faults to play and the controls. */
export interface ScriptedFake<Call> {
  url: string;
  calls: Call[];
  /** The next requests that reach a fault point, one fault each. */
  script(...faults: HttpFault[]): void;
  /** Delays every answer from now on (a progress bar that can be seen moving). */
  setLatency(ms: number): void;
  reset(): void;
  close(): Promise<void>;
}

/**
 * The skeleton of a fake service whose tests script faults: the /__ controls, each request's
 * params recorded, and `fault()` for the handler to call where the real service would fail
 * (the next scripted fault, else the latency as a stall; true when that answered the request).
 */
export async function startScriptedFake<Call>(
  record: (req: IncomingMessage, path: string, params: Record<string, unknown>) => Call,
  answer: (req: IncomingMessage, res: ServerResponse, request: { path: string; params: Record<string, unknown>; fault(): Promise<boolean> }) => void | Promise<void>,
): Promise<ScriptedFake<Call>> {
  const calls: Call[] = [];
  let faults: HttpFault[] = [];
  let latency = 0;
  const reset = () => {
    calls.length = 0;
    faults = [];
  };
  const listening = await listen(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const controlled = await control(req, res, path, {
      script: (body) => void faults.push(...((body.faults as HttpFault[] | undefined) ?? [])),
      latency: (ms) => void (latency = ms),
      reset,
      calls: () => calls,
    });
    if (controlled) return;
    const params = await readParams(req);
    calls.push(record(req, path, params));
    const fault = () => applyFault(req, res, faults.shift() ?? (latency > 0 ? { type: "stall", ms: latency } : undefined));
    await answer(req, res, { path, params, fault });
  });
  return {
    url: listening.origin,
    calls,
    script: (...more) => void faults.push(...more),
    setLatency: (ms) => void (latency = ms),
    reset,
    close: listening.close,
  };
}
