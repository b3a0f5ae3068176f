import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkHealth } from "../../server/health";
import type { Services } from "../../server/services";
import { openTestDatabase } from "../helpers/db";

describe("the health check", () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let services: Services;
  beforeAll(async () => {
    handle = await openTestDatabase();
    services = { db: handle.database.db, database: handle.database, log: pino({ level: "silent" }) } as unknown as Services;
  });
  afterAll(async () => handle?.drop());

  it("is ok on a database with exactly this version's migrations", async () => {
    expect(await checkHealth(services)).toEqual({ status: "ok", database: "ok", migrations: "current" });
  });

  it("is unavailable when a newer version migrated the database, or a migration is missing", async () => {
    const db = handle.database.db;
    await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 9999999999999)`);
    expect(await checkHealth(services)).toEqual({ status: "unavailable", database: "ok", migrations: "ahead" });
    await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= (select max(created_at) from drizzle.__drizzle_migrations where hash <> 'newer')`);
    expect(await checkHealth(services)).toEqual({ status: "unavailable", database: "ok", migrations: "behind" });
  });

  it("answers unavailable within its time limit when the database does not answer", async () => {
    const stuck = { ...services, db: { execute: () => new Promise(() => {}) } } as unknown as Services;
    // Resolving at all is the point: a hang would end in the test's time-out instead.
    expect(await checkHealth(stuck, 200)).toEqual({ status: "unavailable", database: "unreachable" });
  });
});
