import { chmodSync, lstatSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sendControlCommand } from "../../server/control";
import { runAdminCreate, signInHttp } from "../helpers/admin-http";
import { spawnSite, startSite, tempDir } from "../helpers/server";

/** Every entry under `dir` (itself included) whose mode is not owner-only: folders 0700, the rest 0600. */
function looseEntries(dir: string): string[] {
  const loose: string[] = [];
  const visit = (file: string) => {
    const stat = lstatSync(file);
    const mode = stat.mode & 0o7777;
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if (mode !== wanted) loose.push(`${path.relative(dir, file) || "."} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(file)) visit(path.join(file, entry));
  };
  visit(dir);
  return loose;
}

function countEntries(dir: string): { folders: number; files: number; sockets: number } {
  const counts = { folders: 0, files: 0, sockets: 0 };
  const visit = (file: string) => {
    const stat = lstatSync(file);
    if (stat.isDirectory()) {
      counts.folders++;
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
    } else if (stat.isSocket()) counts.sockets++;
    else counts.files++;
  };
  visit(dir);
  return counts;
}

/** Undo the protection, as an older install left it: folders 0755 (DATA_DIR 0777), files 0666. */
function loosen(dir: string): void {
  const visit = (file: string) => {
    const stat = lstatSync(file);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
      chmodSync(file, file === dir ? 0o777 : 0o755);
    } else chmodSync(file, 0o666);
  };
  visit(dir);
}

const parents: string[] = [];
afterAll(() => {
  for (const dir of parents) rmSync(dir, { recursive: true, force: true });
});

describe("DATA_DIR is owner-only", () => {
  it("creates DATA_DIR and everything the server and its database write as 0700 folders and 0600 files", async () => {
    const parent = tempDir("data-dir-");
    parents.push(parent);
    // A DATA_DIR that does not exist yet, one level down: the server creates it.
    const dataDir = path.join(parent, "site-data");
    const site = await startSite({ SEED_DEMO: "false", DATA_DIR: dataDir }, { freshDatabase: true });
    try {
      // Writes through the control socket and the sign-in (session, audit, throttle rows).
      const created = await sendControlCommand(dataDir, { command: "admin-create", email: "modes@example.test", password: "owner only passphrase" });
      expect(created.ok).toBe(true);
      expect(await signInHttp(site.url, "modes@example.test", "owner only passphrase")).toContain("session_token");
      const counts = countEntries(dataDir);
      // The whole database is there (hundreds of files), the secret, the pid file and the socket.
      expect(counts.files).toBeGreaterThan(500);
      expect(counts.sockets).toBe(1);
      expect(looseEntries(dataDir)).toEqual([]);
    } finally {
      expect(await site.stop()).toBe(0);
    }
    // What the database writes on its way down (checkpoint, caches) is owner-only too.
    expect(looseEntries(dataDir)).toEqual([]);

    // admin:create opening the stopped database itself writes owner-only files as well.
    const offline = await runAdminCreate(["--email", "offline@example.test", "--password", "offline admin passphrase"], { DATA_DIR: dataDir });
    expect(offline).toMatchObject({ code: 0, stderr: "" });
    expect(looseEntries(dataDir)).toEqual([]);
  });

  it("tightens what an older install left readable and writable by everyone, at the next start", async () => {
    const dataDir = tempDir("data-dir-old-");
    parents.push(dataDir);
    const first = await startSite({ SEED_DEMO: "false", DATA_DIR: dataDir });
    expect(await first.stop()).toBe(0);
    loosen(dataDir);
    expect(statSync(path.join(dataDir, "session-secret")).mode & 0o777).toBe(0o666);
    expect(looseEntries(dataDir).length).toBeGreaterThan(500);

    const again = await startSite({ SEED_DEMO: "false", DATA_DIR: dataDir });
    try {
      expect(looseEntries(dataDir)).toEqual([]);
      // Still the same database: the site answers from it.
      expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    } finally {
      expect(await again.stop()).toBe(0);
    }
    expect(looseEntries(dataDir)).toEqual([]);

    // admin:create on a stopped, loosened install tightens it before writing.
    loosen(dataDir);
    const offline = await runAdminCreate(["--email", "later@example.test", "--password", "later admin passphrase"], { DATA_DIR: dataDir });
    expect(offline).toMatchObject({ code: 0, stderr: "" });
    expect(looseEntries(dataDir)).toEqual([]);
  });

  it("refuses a shared (sticky) folder such as /tmp as DATA_DIR instead of making it owner-only", async () => {
    const parent = tempDir("data-dir-shared-");
    parents.push(parent);
    const shared = path.join(parent, "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const run = spawnSite({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: shared, SEED_DEMO: "false" });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(`Invalid DATA_DIR: ${shared} is a shared folder; use a folder of its own, such as ${path.join(shared, "law-firm-data")}`);
    // Left as it was, and nothing written into it.
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
    expect(readdirSync(shared)).toEqual([]);
  });
});
