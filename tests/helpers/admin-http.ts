import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type Db } from "../../db/client";
import { createOrPromoteAdmin, type AdminCreateInput } from "../../app/auth/admin-users.server";
import type { Role } from "../../app/auth/roles";
import { lockDataDir } from "../../server/pglite-lock";
import { copyPgliteTemplate } from "./pglite-template";
import { runScript } from "./scripts";
import { tempDir } from "./server";

/** Cookies a response sets, as a Cookie header value (expired ones left out). */
export function cookiesFrom(response: Response, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(";").map((p) => p.trim()).filter(Boolean)) {
    const [name, ...rest] = part.split("=");
    jar.set(name, rest.join("="));
  }
  for (const header of response.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(";").map((p) => p.trim());
    const [name, ...rest] = pair.split("=");
    const expired = attributes.some((a) => /^max-age=0$/i.test(a));
    if (expired) jar.delete(name);
    else jar.set(name, rest.join("="));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

export interface PostOptions {
  cookie?: string;
  /** The Origin header; defaults to the target's own origin (what a browser sends). */
  origin?: string | null;
  headers?: Record<string, string>;
}

/** A form POST as a browser without JavaScript sends it; redirects are not followed. */
export function formPost(url: string, fields: Record<string, string>, options: PostOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", ...options.headers };
  const origin = options.origin === undefined ? new URL(url).origin : options.origin;
  if (origin) headers.Origin = origin;
  if (options.cookie) headers.Cookie = options.cookie;
  return fetch(url, { method: "POST", body: new URLSearchParams(fields), headers, redirect: "manual" });
}

export function get(url: string, cookie?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) }, redirect: "manual" });
}

/** Sign in through /admin/login; returns the session cookie (throws unless it reaches the dashboard). */
export async function signInHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await formPost(`${baseUrl}/admin/login`, { email, password });
  // The dashboard, or the first tab the role opens (intake: the inbox); never the account page's setup.
  const location = response.headers.get("location") ?? "";
  if (response.status !== 302 || !/\/admin\/dashboard(\/[a-z]+)?$/.test(location) || location.endsWith("/account")) {
    throw new Error(`sign-in of ${email} failed: ${response.status}`);
  }
  return cookiesFrom(response)
    .split("; ")
    .filter((c) => c.includes("session_token"))
    .join("; ");
}

/** The one-time setup link a server printed at start. */
export function setupTokenFrom(output: string): string | null {
  const match = /\/admin\/setup\?token=([A-Za-z0-9_-]+)/.exec(output);
  return match ? match[1] : null;
}

/** Open a stopped server's embedded database (holding its DATA_DIR lock meanwhile). */
export async function openDataDir(dataDir: string): Promise<{ db: Db; close(): Promise<void> }> {
  const release = lockDataDir(dataDir);
  try {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    return {
      db: database.db,
      async close() {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Row count and content hash of every table but the given ones: equal snapshots = nothing changed. */
export async function snapshotTables(db: Db, except: string[]): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const out: Record<string, string> = {};
  for (const { table_name: name } of tables.rows) {
    if (except.includes(name)) continue;
    const result = (await db.execute(
      sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${name}" t`),
    )) as unknown as { rows: { digest: string }[] };
    out[name] = result.rows[0].digest;
  }
  return out;
}

/** Run `npm run admin:create`'s script (through tsx, as npm does) with the given environment. */
export const runAdminCreate = (args: string[], env: Record<string, string>) => runScript("admin-create.ts", args, env);

/**
 * A fresh data folder (a copy of the migrated template; with `demo`, of the seeded one) whose
 * stopped database `prepare` fills first, as `npm run admin:create` and earlier visitors would
 * have, before a server starts on it.
 */
export async function preparedDataDir(prefix: string, prepare: (db: Db) => Promise<unknown>, options: { demo?: boolean } = {}): Promise<string> {
  const dataDir = tempDir(prefix);
  await copyPgliteTemplate(path.join(dataDir, "pglite"), options.demo ? "demo" : "migrated");
  const store = await openDataDir(dataDir);
  try {
    await prepare(store.db);
  } finally {
    await store.close();
  }
  return dataDir;
}

/**
 * A fresh data folder holding one admin account, and `staff` accounts of other roles, made on the
 * stopped database as `npm run admin:create` does; `demo` for a server that seeds the demo (the
 * seeded template); `prepare` adds what else the tests need.
 */
export async function dataDirWithAdmin(
  prefix: string,
  admin: AdminCreateInput,
  options: { demo?: boolean; staff?: [AdminCreateInput, Role][]; prepare?: (db: Db) => Promise<unknown> } = {},
): Promise<string> {
  return preparedDataDir(
    prefix,
    async (db) => {
      await createOrPromoteAdmin(db, admin, { via: "test" });
      for (const [account, role] of options.staff ?? []) await createOrPromoteAdmin(db, account, { via: "test", role });
      await options.prepare?.(db);
    },
    options,
  );
}
