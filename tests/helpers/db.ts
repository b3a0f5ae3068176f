import { afterAll, beforeAll } from "vitest";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "../../db/client";
import { copyPgliteTemplate } from "./pglite-template";
import { startSite, tempDir, type SiteServer } from "./server";

export const usingPostgres = () => Boolean(process.env.DATABASE_URL);

/**
 * A fresh, migrated database for one test file: PGlite on a copy of the migrated template in a
 * temp folder by default (a new in-memory PGlite spends seconds in initdb), or a new database on
 * the PostgreSQL server of DATABASE_URL. `drop` removes either.
 */
export async function openTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const url = await createTestDatabaseUrl();
  const folder = url ? undefined : tempDir("site-test-db-");
  if (folder) await copyPgliteTemplate(path.join(folder, "pglite"));
  const database = await openDatabase(url ? { databaseUrl: url } : { pgliteDir: path.join(folder!, "pglite") });
  return {
    database,
    url,
    async drop() {
      await database.close();
      if (url) await dropTestDatabase(url);
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A new empty database on the test server, or undefined when running on PGlite. */
export async function createTestDatabaseUrl(): Promise<string | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/**
 * A fresh database for the tests of the `describe` block this is called in: opened before them
 * (`opened` receives it, e.g. to keep its `db`), dropped after them.
 */
export function withTestDatabase(opened: (test: Awaited<ReturnType<typeof openTestDatabase>>) => void): void {
  let test: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    test = await openTestDatabase();
    opened(test);
  });
  afterAll(async () => {
    await test?.drop();
  });
}

export interface TwoInstances {
  /** The shared database's address. */
  url: string;
  first: SiteServer;
  second: SiteServer;
}

/**
 * For the tests of the `describe` block this is called in: a new database on DATABASE_URL's
 * server and two instances of the site sharing it, started at once (`oneAfterTheOther`: the second
 * once the first answers); `opened` receives them. Both are stopped and the database dropped after.
 */
export function withTwoInstances(env: Record<string, string>, opened: (instances: TwoInstances) => unknown, options: { oneAfterTheOther?: boolean } = {}): void {
  let instances: Partial<TwoInstances> = {};
  beforeAll(async () => {
    const url = (await createTestDatabaseUrl())!;
    instances.url = url;
    const shared = { DATABASE_URL: url, ...env };
    if (options.oneAfterTheOther) {
      instances.first = await startSite(shared);
      instances.second = await startSite(shared);
    } else {
      [instances.first, instances.second] = await Promise.all([startSite(shared), startSite(shared)]);
    }
    await opened(instances as TwoInstances);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([instances.first?.stop(), instances.second?.stop()]);
    if (instances.url) await dropTestDatabase(instances.url);
    instances = {};
  });
}
