import "./publishing-subscribers";
import path from "node:path";
import { openDatabase, type Database } from "../db/client";
import { seedDatabase } from "./seed";
import { TextStore } from "../app/content/texts.server";
import type { Config } from "../core/config";
import { ChangeEvents } from "../core/events";
import type { Logger } from "../core/log";
import { lockDataDir } from "./pglite-lock";
import { startControlServer } from "./control";
import { setupLink } from "../app/auth/admin-users.server";
import { SECOND_FACTOR_OPTIONAL_WARNING } from "../app/auth/second-factor-policy.server";
import type { Services } from "../app/services";
import { JobRunner } from "../app/jobs/runner.server";
import { jobKinds } from "./job-registry";
import { startedClock, systemClock } from "../core/clock";
import { DailyScheduler } from "../app/automation/scheduler.server";
import { RevisionHousekeeping } from "../app/revisions/housekeeping.server";
import { sweepRetention } from "../app/privacy/retention.server";
import { ScheduledPublisher } from "../app/blog/schedule.server";
import { NewsletterDigest } from "../app/newsletter/digest.server";
import { createAiClient } from "../core/outside/ai";
import { createSiteTranslator } from "../app/ai/writing.server";
import { BookingReminders } from "../app/booking/reminders.server";
import { LawyerCalendarReader } from "../app/booking/lawyer-calendars.server";
import { SiteStats } from "../app/stats/counter.server";
import { checkSealingKey, installSealingKey } from "../core/sealing.server";

export type { Services };

export async function createServices(config: Config, log: Logger): Promise<Services> {
  const release = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, "pglite"),
      onError: (error) => log.warn({ err: error.message }, "database connection error"),
    });
  } catch (error) {
    release();
    throw error;
  }
  const db = database.db;
  const seed = await seedDatabase(db, { demo: config.SEED_DEMO });
  if (seed.seeded) log.info({ demo: config.SEED_DEMO }, "seeded a fresh database");
  else if (seed.textsInserted > 0) log.info({ count: seed.textsInserted }, "added new built-in texts");

  // The client's story is sealed at rest (decision 0093): a missing or wrong key stops the start here.
  installSealingKey(config.ENCRYPTION_KEY);
  try {
    const sealed = await checkSealingKey(db);
    if (sealed > 0) log.info({ rows: sealed }, "sealed the client records written before sealing");
  } catch (error) {
    await database.close().catch(() => {});
    release();
    throw error;
  }

  const texts = new TextStore(db);
  const events = new ChangeEvents(database);
  events.on((kind) => {
    if (kind === "content" || kind === "team") texts.invalidate();
  });
  await events.start();

  // Admin tools (npm run admin:create) reach the process that owns the embedded database here.
  let stopControl = async () => {};
  if (!config.DATABASE_URL) {
    try {
      stopControl = await startControlServer(config.DATA_DIR, db, log);
    } catch (error) {
      log.warn({ err: error }, "control socket unavailable: stop the server to run npm run admin:create");
    }
  }
  // First admin: while none exists, print a one-time setup link (the token is stored hashed).
  const link = await setupLink(db, config.SITE_URL);
  if (link) console.log(`No admin account exists yet. Create the first one (link valid 24 hours): ${link}`);

  const jobs = new JobRunner({ database, db, events, log });
  // Tests set the schedule's time (decision 0031); a server that does says so loudly, here and in the admin.
  const clock = config.TEST_CLOCK_START ? startedClock(new Date(config.TEST_CLOCK_START)) : systemClock;
  if (config.TEST_CLOCK_START) log.warn({ TEST_CLOCK_START: config.TEST_CLOCK_START }, "TEST_CLOCK_START is set: schedules follow a test clock, not this machine's time");
  const scheduler = new DailyScheduler({ db, clock, log });
  const housekeeping = new RevisionHousekeeping({ db, clock, log, keepDays: config.REVISIONS_KEEP_DAYS, also: sweepRetention });
  // Scheduled posts and changes go live from every instance's sweep (decision 0062).
  const publisher = new ScheduledPublisher({ db, events, clock, config, log });
  // Consultation reminders 24 hours before, queued once across instances (decision 0079).
  const reminders = new BookingReminders({ db, clock, log });
  // Each lawyer's own calendar read every 10 minutes, once across instances (decision 0105).
  const calendars = new LawyerCalendarReader({ db, clock, log, fetch: { allowLoopback: config.OUTSIDE_FETCH_ALLOW_LOOPBACK === true } });
  // The newsletter's weekly digest is queued by every instance's sweep, one winner per week (decision 0081).
  const digest = new NewsletterDigest({ db, clock, log });
  // A deliberate opt-out (tests, development, a single sign-on proxy in front): say what it costs (decision 0090).
  if (config.ADMIN_SECOND_FACTOR === "optional" && config.NODE_ENV === "production") log.warn(SECOND_FACTOR_OPTIONAL_WARNING);
  if (config.OUTSIDE_FETCH_ALLOW_LOOPBACK) log.warn("OUTSIDE_FETCH_ALLOW_LOOPBACK is set: images are downloaded over http and from this machine (tests only)");
  const ai = createAiClient(config, { log });
  // Follows the schedules' clock, so a test clock moves the statistics' days too.
  const stats = new SiteStats({ db, log, mode: config.STATS_MODE, now: clock === systemClock ? Date.now : () => clock.now().getTime() });
  const services: Services = {
    config,
    log,
    database,
    db,
    texts,
    events,
    jobs,
    ai,
    translator: createSiteTranslator(config, ai),
    clock,
    stats,
    // Called once HTTP has drained. Order: the job runner (in-flight items are aborted and their
    // jobs handed back while the database is open), the listeners, then the database itself; a
    // step that fails does not keep the database from closing cleanly.
    async close() {
      const steps: [string, () => Promise<void>][] = [
        ["control socket", stopControl],
        // The last batch of page views, while the database is open.
        ["statistics", () => stats.stop()],
        ["daily scheduler", () => scheduler.stop()],
        ["revisions housekeeping", () => housekeeping.stop()],
        ["scheduled publisher", () => publisher.stop()],
        ["consultation reminders", () => reminders.stop()],
        ["lawyer calendars", () => calendars.stop()],
        ["newsletter digest", () => digest.stop()],
        ["job runner", () => jobs.stop()],
        ["change events", () => events.stop()],
        ["database", () => database.close()],
      ];
      for (const [name, step] of steps) {
        await step().catch((error: unknown) => log.error({ err: error }, `closing the ${name} failed`));
      }
      release();
    },
  };
  jobs.register(...jobKinds(services));
  // One process owns the embedded database: its jobs left running were a dead process's (decision 0033).
  if (!config.DATABASE_URL) {
    const orphans = await jobs.handBackOrphans();
    if (orphans > 0) log.warn({ jobs: orphans }, "continuing jobs interrupted by a crash");
  }
  await jobs.start();
  scheduler.start();
  housekeeping.start();
  publisher.start();
  reminders.start();
  calendars.start();
  digest.start();
  await stats.start();
  return services;
}
