import { chmodSync, existsSync, readFileSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import { z } from "zod";
import { AdminInputError, createOrPromoteAdmin, describeResult } from "../app/auth/admin-users.server";
import type { Db } from "../db/client";
import type { Role } from "../app/auth/roles";
import { BackupError, writeBackup, type BackupSummary } from "../db/backup";
import type { Logger } from "../core/log";

/**
 * The local control channel of a server that holds the embedded database (PGlite belongs to one
 * process, so command-line tools ask the server). A unix socket in DATA_DIR, created with mode
 * 0600: only the account running the server (or root) can connect. One JSON request per
 * connection, one JSON answer. Only used with PGlite; with DATABASE_URL tools connect directly.
 */

export const controlSocketPath = (dataDir: string) => path.join(dataDir, "control.sock");

const requestSchema = z.discriminatedUnion("command", [
  z.object({
    command: z.literal("admin-create"),
    email: z.string(),
    password: z.string().optional(),
    name: z.string().optional(),
    /** false creates a plain, non-admin account (used by the access tests). */
    admin: z.boolean().optional(),
    /** The staff role granted (decision 0066); admin by default. */
    role: z.string().optional(),
  }),
  /** Write a backup of the database to an absolute path (`npm run db:backup`). */
  z.object({ command: z.literal("backup"), out: z.string().refine((file) => path.isAbsolute(file)) }),
]);

export type ControlRequest = z.infer<typeof requestSchema>;
export type ControlAnswer = { ok: true; message: string; userId?: string; backup?: BackupSummary } | { ok: false; error: string };

const MAX_REQUEST_BYTES = 16 * 1024;

async function handle(db: Db, request: ControlRequest): Promise<ControlAnswer> {
  switch (request.command) {
    case "admin-create": {
      const result = await createOrPromoteAdmin(
        db,
        { email: request.email, password: request.password, name: request.name },
        { via: "control-socket", grantAdmin: request.admin ?? true, role: request.role as Role | undefined },
      );
      const message = request.admin === false ? `Created account ${result.email} (no admin role).` : describeResult(result);
      return { ok: true, message, userId: result.userId };
    }
    case "backup": {
      const summary = await writeBackup(db, request.out, "pglite");
      return { ok: true, message: `Wrote ${summary.file}.`, backup: summary };
    }
  }
}

export async function startControlServer(dataDir: string, db: Db, log: Logger): Promise<() => Promise<void>> {
  const file = controlSocketPath(dataDir);
  // We hold DATA_DIR's lock, so a socket file left here is from a process that is gone.
  if (existsSync(file)) rmSync(file, { force: true });
  const server: Server = createServer((socket: Socket) => {
    let buffer = "";
    socket.setEncoding("utf8");
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) {
        socket.end(JSON.stringify({ ok: false, error: "Request too large." }) + "\n");
        return;
      }
      const newline = buffer.indexOf("\n");
      if (newline === -1) return;
      const line = buffer.slice(0, newline);
      socket.pause();
      // A backup of a large database takes longer than the idle limit: the command is running.
      socket.setTimeout(0);
      void (async () => {
        let answer: ControlAnswer;
        try {
          const parsed = requestSchema.safeParse(JSON.parse(line));
          if (!parsed.success) answer = { ok: false, error: "Unknown or malformed command." };
          else answer = await handle(db, parsed.data);
        } catch (error) {
          if (error instanceof AdminInputError || error instanceof BackupError) answer = { ok: false, error: error.message };
          else if ((error as NodeJS.ErrnoException).syscall === "open") answer = { ok: false, error: `Cannot write the backup: ${(error as Error).message}` };
          else {
            log.error({ err: error }, "control command failed");
            answer = { ok: false, error: "The server could not complete the command; see its log." };
          }
        }
        socket.end(JSON.stringify(answer) + "\n");
      })();
    });
    socket.on("error", () => socket.destroy());
  });
  // listen() binds (creates the socket file) synchronously: a tight umask for exactly that call
  // makes it 0600 from the first instant without affecting files written elsewhere later.
  const listening = new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => resolve());
  });
  const previous = process.umask(0o177);
  try {
    server.listen(file);
  } finally {
    process.umask(previous);
  }
  await listening;
  chmodSync(file, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(file, { force: true });
    });
}

/** The pid of a live server holding DATA_DIR's embedded database, or null. */
export function runningServerPid(dataDir: string): number | null {
  const file = path.join(dataDir, "server.pid");
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

/** Send one command to the server of DATA_DIR over its control socket. */
export function sendControlCommand(dataDir: string, request: ControlRequest, timeoutMs = 30_000): Promise<ControlAnswer> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let buffer = "";
    socket.setEncoding("utf8");
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error("The server did not answer on its control socket."));
    });
    socket.on("connect", () => socket.write(JSON.stringify(request) + "\n"));
    socket.on("data", (chunk: string) => (buffer += chunk));
    socket.on("end", () => {
      try {
        resolve(JSON.parse(buffer) as ControlAnswer);
      } catch {
        reject(new Error("The server's control socket gave an unreadable answer."));
      }
    });
    socket.on("error", reject);
  });
}
