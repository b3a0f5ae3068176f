/**
 * The job runner with every kind registered, against the fake AI service: what the integration tests of the
 * writing jobs (translate, regenerate, generate) start in-process on a test database.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll } from "vitest";
import type { Database } from "../../db/client";
import { ChangeEvents } from "../../core/events";
import { createLogger } from "../../core/log";
import type { Clock } from "../../core/clock";
import { parseEnv, type Config } from "../../core/config";
import { createAiClient } from "../../core/outside/ai";
import { createSiteTranslator } from "~/ai/writing.server";
import { JobRunner, type JobView } from "~/jobs/runner.server";
import { jobKinds } from "../../server/job-registry";
import type { Services } from "~/services";
import { users } from "../../db/schema";
import { seedDatabase } from "../../server/seed";
import { startFakeAi, type FakeAi } from "../fakes/openai";
import { openTestDatabase } from "./db";

export interface AiJobs {
  fake: FakeAi;
  runner: JobRunner;
  services: Services;
  /** The job once it is neither queued nor running (polled, at most 30 s). */
  finished(id: number): Promise<JobView>;
  stop(): Promise<void>;
}

export interface AiJobsOptions {
  /** The AI client's and the translator's time limit. */
  timeoutMs: number;
  leaseMs: number;
  backoffMs?: number;
  /** Start listening for change events (the tests that wait on what a job's publication triggers). */
  listen?: boolean;
  clock?: Clock;
}

export async function startAiJobs(database: Database, options: AiJobsOptions): Promise<AiJobs> {
  const fake = await startFakeAi();
  const config = { ...parseEnv({ AI_BASE_URL: fake.url, AI_API_KEY: "test-key", TRANSLATE_DELAY_MS: "0" }) } as unknown as Config;
  const ai = createAiClient(config, { timeoutMs: options.timeoutMs, maxRetries: 0 });
  const events = new ChangeEvents(database);
  if (options.listen) await events.start();
  const log = createLogger("silent");
  const db = database.db;
  const runner = new JobRunner({ database, db, events, log }, { leaseMs: options.leaseMs, pollMs: 50, backoffMs: options.backoffMs ?? 50 });
  const translator = createSiteTranslator(config, ai, { timeoutMs: options.timeoutMs });
  const services = { config, log, database, db, events, jobs: runner, ai, translator, ...(options.clock ? { clock: options.clock } : {}) } as unknown as Services;
  runner.register(...jobKinds(services));
  await runner.start();
  return {
    fake,
    runner,
    services,
    async finished(id) {
      for (let i = 0; i < 600; i++) {
        const job = await runner.get(id);
        if (job && job.status !== "queued" && job.status !== "running") return job;
        await sleep(50);
      }
      throw new Error("job did not finish");
    },
    async stop() {
      await runner.stop();
      await fake.close();
    },
  };
}

/**
 * For the tests of the `describe` block this is called in: a fresh database seeded as a firm's
 * first start seeds it (`demo` or not), holding the staff `people`, and startAiJobs on it;
 * `opened` receives the database and the jobs. Stopped and dropped after the tests.
 */
export function withAiJobs(
  setup: AiJobsOptions & { demo: boolean; people: { id: string; name: string; email: string }[] },
  opened: (world: { database: Database; jobs: AiJobs }) => unknown,
): void {
  let test: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let jobs: AiJobs | undefined;
  beforeAll(async () => {
    test = await openTestDatabase();
    const { database } = test;
    await seedDatabase(database.db, { demo: setup.demo });
    await database.db.insert(users).values(setup.people.map(({ id, name, email }) => ({ id, name, email })));
    jobs = await startAiJobs(database, setup);
    await opened({ database, jobs });
  });
  afterAll(async () => {
    await jobs?.stop();
    await test?.drop();
  });
}
