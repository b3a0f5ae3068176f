import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction of one: for work that runs inside the caller's transaction or on its own. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Run a callback for every NOTIFY on a channel; returns the unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** The project folder, found from this file whether it runs from source or from the build. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, "utf8")).name === "law-firm-site") return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const migrationsFolder = () => path.join(projectRoot(), "db", "migrations");

/**
 * PGlite's default 128 MB of shared buffers is sized for a server; a firm's site needs far less.
 * The extensions the migrations create (0007: the conflict check's pg_trgm and unaccent) must be
 * loaded into every PGlite that opens the database.
 */
export const pgliteOptions = () => ({ postgresqlconf: ["shared_buffers = 16MB"], extensions: { pg_trgm, unaccent } });

/** A key every instance agrees on, so concurrent starts migrate one at a time. */
export const MIGRATION_LOCK_KEY = 727_001;

export interface OpenOptions {
  databaseUrl?: string;
  /** Connection errors that happen outside a query (a dropped idle connection). */
  onError?: (error: Error) => void;
  /** Folder for the embedded database; omit for an in-memory one (tests). */
  pgliteDir?: string;
  /** false opens the database as it is (a backup must not change what it copies). Default true. */
  migrate?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const migrate = options.migrate ?? true;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onError ?? (() => {}), migrate);
  return openPglite(options.pgliteDir, migrate);
}

async function openPglite(dataDir: string | undefined, migrate: boolean): Promise<Database> {
  const options = pgliteOptions();
  const client = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  const db = drizzlePglite({ client, schema }) satisfies Db;
  if (migrate) await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() });
  return {
    db,
    kind: "pglite",
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string, onError: (error: Error) => void, migrate: boolean): Promise<Database> {
  // A server that does not answer makes a request fail after 5 s instead of hanging it.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle connection the server drops (restart, failover) must not crash the process.
  pool.on("error", onError);
  // Hold an advisory lock on one connection while migrating, so two instances never race.
  if (migrate) {
    const conn = await pool.connect();
    try {
      await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      conn.release();
    }
  }
  const db = drizzlePg({ client: pool, schema }) satisfies Db;
  const listeners = new Set<() => Promise<void>>();
  let closed = false;
  return {
    db,
    kind: "postgres",
    async listen(channel, onMessage) {
      const quoted = `"${channel.replace(/"/g, "")}"`;
      let client: pg.PoolClient | null = null;
      let retry: NodeJS.Timeout | null = null;
      // A connection can report more than one error (and one after `stop` released it, when its
      // database is dropped): it goes back to the pool once, or pg throws.
      const released = new WeakSet<pg.PoolClient>();
      const release = (conn: pg.PoolClient, destroy: boolean) => {
        if (released.has(conn)) return;
        released.add(conn);
        conn.release(destroy);
      };
      // A dedicated connection; when it drops, reconnect with a growing delay.
      const connect = async (delay = 1000): Promise<void> => {
        if (closed) return;
        try {
          const next = await pool.connect();
          next.on("notification", (msg) => {
            if (msg.channel === channel) onMessage(msg.payload ?? "");
          });
          next.on("error", (error) => {
            onError(error);
            const wasCurrent = client === next;
            release(next, true);
            if (!wasCurrent || closed) return;
            client = null;
            retry = setTimeout(() => void connect(), delay);
          });
          await next.query(`listen ${quoted}`);
          client = next;
        } catch (error) {
          onError(error as Error);
          retry = setTimeout(() => void connect(Math.min(delay * 2, 30_000)), delay);
        }
      };
      await connect();
      const stop = async () => {
        if (retry) clearTimeout(retry);
        const current = client;
        client = null;
        if (current) {
          await current.query(`unlisten ${quoted}`).catch(() => {});
          release(current, false);
        }
        listeners.delete(stop);
      };
      listeners.add(stop);
      return stop;
    },
    async notify(channel, payload) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async close() {
      closed = true;
      for (const stop of [...listeners]) await stop();
      await pool.end();
    },
  };
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
