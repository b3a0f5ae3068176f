import type { ServerResponse } from "node:http";
import { listen, type Listening } from "./http";

/**
 * Answers of any size, made on the fly and never held whole: a 300 MB image is 64 KB chunks
 * written as the client takes them, until it hangs up. `sent` counts what was written, so a test
 * can tell that a client stopped reading at its cap.
 */

const CHUNK = Buffer.alloc(64 * 1024, 0x61);

export interface Streamed {
  /** Bytes of the body written so far (the last answer's). */
  sent: number;
}

/** Writes prefix, then filler up to `total` bytes, then suffix; stops when the client goes away. */
export function streamBody(
  res: ServerResponse,
  total: number,
  counter: Streamed,
  options: { contentType?: string; declare?: boolean; prefix?: string; suffix?: string } = {},
): void {
  const prefix = Buffer.from(options.prefix ?? "");
  const suffix = Buffer.from(options.suffix ?? "");
  const filler = Math.max(0, total - prefix.length - suffix.length);
  res.writeHead(200, {
    "content-type": options.contentType ?? "application/octet-stream",
    ...(options.declare === false ? {} : { "content-length": String(prefix.length + filler + suffix.length) }),
  });
  counter.sent = 0;
  let left = filler;
  const write = (chunk: Buffer) => {
    counter.sent += chunk.length;
    return res.write(chunk);
  };
  write(prefix);
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      const piece = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
      left -= piece.length;
      if (!write(piece)) return void res.once("drain", pump);
    }
    if (!res.destroyed) {
      write(suffix);
      res.end();
    }
  };
  pump();
}

export interface BigServer extends Listening, Streamed {
  /** TCP connections accepted since start or reset(). */
  connections: number;
  /** Request paths, oldest first. */
  paths: string[];
  reset(): void;
}

/**
 * A loopback server for downloads: GET /size/N streams N bytes (a PNG's first bytes, then filler),
 * /undeclared/N the same without Content-Length, /redirect/K/... redirects K more times before
 * the rest of the path, /to?url=X redirects to X, /status/N answers N, /png a small real PNG.
 */
export async function startBigServer(png: Buffer, host = "127.0.0.1"): Promise<BigServer> {
  const state = { connections: 0, paths: [] as string[], sent: 0 };
  const listening = await listen((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    state.paths.push(url.pathname);
    const parts = url.pathname.split("/").filter(Boolean);
    if (parts[0] === "size" || parts[0] === "undeclared") {
      return streamBody(res, Number(parts[1]), state, { contentType: "image/png", declare: parts[0] === "size", prefix: png.subarray(0, 32).toString("latin1") });
    }
    if (parts[0] === "redirect") {
      const left = Number(parts[1]);
      const rest = parts.slice(2).join("/");
      res.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}/${rest}` : `/${rest}` });
      return void res.end();
    }
    if (parts[0] === "to") {
      res.writeHead(302, { location: url.searchParams.get("url") ?? "/" });
      return void res.end();
    }
    if (parts[0] === "status") {
      res.writeHead(Number(parts[1]), { "content-type": "text/plain" });
      return void res.end("status");
    }
    if (parts[0] === "png") {
      res.writeHead(200, { "content-type": "image/png", "content-length": png.length });
      return void res.end(png);
    }
    res.writeHead(404);
    res.end();
  }, host);
  listening.server.on("connection", () => state.connections++);
  return {
    server: listening.server,
    origin: listening.origin,
    close: listening.close,
    get connections() {
      return state.connections;
    },
    get paths() {
      return state.paths;
    },
    get sent() {
      return state.sent;
    },
    set sent(value: number) {
      state.sent = value;
    },
    reset() {
      state.connections = 0;
      state.paths = [];
      state.sent = 0;
    },
  };
}
