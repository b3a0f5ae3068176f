import { request as httpRequest } from "node:http";
import { connect } from "node:net";
// @ts-expect-error: a plain JavaScript module shared with the load benchmark
import { rawGet as untypedRawGet } from "../../scripts/bench/raw-get.mjs";

export interface RawResponse {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body stays as the server encoded it (fetch would decode it). */
export const rawGet: (url: string, headers: Record<string, string>) => Promise<RawResponse> = untypedRawGet;

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request exactly as written (fetch would normalise the path and refuses some methods). */
export function rawRequest(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path, headers: { Connection: "close", ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/**
 * A request written byte for byte on a socket (no Host added, any HTTP version): the status
 * and what came back until the server closed the connection or `ms` passed.
 */
export function rawSocket(base: string, text: string, ms = 5000): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const all = Buffer.concat(chunks).toString("utf8");
      const at = all.indexOf("\r\n\r\n");
      const head = at === -1 ? all : all.slice(0, at);
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, body: at === -1 ? "" : all.slice(at + 4) });
    };
    const timer = setTimeout(done, ms);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", done);
    socket.on("error", (error) => (chunks.length ? done() : reject(error)));
    socket.write(text);
  });
}

/** What a sender of a body sees: the answer, however the connection ends after it. */
export interface BodyAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
}

/**
 * POST a body: declared (Content-Length) when `declared`, else chunked. The body is written in
 * 1 MiB pieces as the socket takes them; the answer may come (and the connection end) before
 * all of it is sent, as the door answers at once.
 */
export function sendBody(base: string, path: string, headers: Record<string, string>, size: number, options: { declared: boolean; prefix?: string; fill?: number }): Promise<BodyAnswer> {
  const { hostname, port } = new URL(base);
  const start = performance.now();
  const prefix = Buffer.from(options.prefix ?? "");
  const total = prefix.byteLength + size;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      { hostname, port, method: "POST", path, agent: false, headers: { ...headers, ...(options.declared ? { "Content-Length": String(total) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          answered = true;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - start });
          req.destroy();
        });
      },
    );
    // Once answered, the server may cut the connection while the body is still being written.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const piece = Buffer.alloc(1024 * 1024, options.fill ?? 0x61);
    let sent = 0;
    const write = () => {
      if (sent === 0 && prefix.byteLength) req.write(prefix);
      while (sent < size && !answered && !req.destroyed) {
        const length = Math.min(piece.byteLength, size - sent);
        sent += length;
        if (!req.write(length === piece.byteLength ? piece : piece.subarray(0, length))) return void req.once("drain", write);
      }
      if (sent >= size && !req.destroyed) req.end();
    };
    write();
  });
}
