import { afterAll, beforeAll } from "vitest";
import { NO_EVENTS } from "~/changes/commit.server";
import { JobRunner, type AnyJobKind } from "~/jobs/runner.server";
import { createLogger } from "../../core/log";
import type { Database, Db } from "../../db/client";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp";
import { openTestDatabase } from "./db";

export interface MailRunners {
  database: Database;
  db: Db;
  /** The real SMTP peer on 127.0.0.1 the mails reach. */
  smtp: SmtpFake;
}

/**
 * For the tests of the file this is called in: a fresh database that `prepare` fills, an SMTP peer,
 * and two job runners on the database (two instances; polling every 200 ms) running the job kinds
 * `kinds` makes; `opened` receives them. All stopped, and the database dropped, after the tests.
 */
export function withMailRunners(setup: { prepare?: (db: Db) => Promise<unknown>; kinds: (world: MailRunners) => AnyJobKind[] }, opened: (world: MailRunners) => unknown): void {
  let handle: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let smtp: SmtpFake | undefined;
  let runners: JobRunner[] = [];
  beforeAll(async () => {
    handle = await openTestDatabase();
    const { database } = handle;
    await setup.prepare?.(database.db);
    smtp = await startSmtpFake();
    const world = { database, db: database.db, smtp };
    const log = createLogger("silent");
    runners = [0, 1].map(() => new JobRunner({ database, db: database.db, events: NO_EVENTS, log }, { pollMs: 200, backoffMs: 300 }).register(...setup.kinds(world)));
    for (const runner of runners) await runner.start();
    await opened(world);
  }, 60_000);
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    await smtp?.stop();
    await handle?.drop();
  });
}
