/**
 * The schedule of the daily run (decision 0030): exactly once per day across instances. Every
 * instance's scheduler tries to insert the day's row in `automation_runs` (its primary key is the
 * date); the one insert that succeeds queues the job in the same transaction (decision 0058), the
 * others see the row and do nothing. A restart the same day finds the row. After downtime only
 * the latest 09:00 is tried, so the missed day runs once, never a burst of days.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { PeriodicTask } from "../../core/periodic";
import { automationRuns, jobs } from "../../db/schema";
import type { Services } from "../services";
import { generatePost } from "./daily.server";
import { latestRunTime, nextRunTime, utcDate } from "./schedule";
import { readSettings } from "./settings.server";

export interface TickResult {
  runDate: string;
  /** What this instance did: started the day's run, found it started (here or elsewhere), or nothing (paused). */
  action: "started" | "exists" | "paused";
  jobId?: number;
}

type SchedulerServices = Pick<Services, "db" | "clock" | "log">;

/**
 * One look at the schedule: the latest 09:00 UTC at or before now is due; the instance whose
 * insert of that day's row succeeds starts its job, in the same transaction: a day's row always
 * has its job (decision 0058). A row whose job was given up is closed.
 */
export async function tick(services: SchedulerServices): Promise<TickResult> {
  const now = services.clock.now();
  const runDate = utcDate(latestRunTime(now));
  const settings = await readSettings(services.db);
  if (!settings.enabled) return { runDate, action: "paused" };
  const jobId = await services.db.transaction(async (tx) => {
    const [claimed] = await tx.insert(automationRuns).values({ runDate, status: "queued" }).onConflictDoNothing().returning();
    if (!claimed) return null;
    const queued = await generatePost.enqueue(tx, { mode: "daily", runDate }, [{ label: `Daily post for ${runDate}` }]);
    await tx.update(automationRuns).set({ jobId: queued.id }).where(eq(automationRuns.runDate, runDate));
    return queued.id;
  });
  if (jobId !== null) {
    services.log.info({ runDate }, "daily run started");
    return { runDate, action: "started", jobId };
  }
  await closeAbandoned(services.db, runDate);
  return { runDate, action: "exists" };
}

/** A run whose job failed or was cancelled outside the item (given up, cancelled by a person) ends as failed. */
async function closeAbandoned(db: Db, runDate: string): Promise<void> {
  const [run] = await db.select().from(automationRuns).where(eq(automationRuns.runDate, runDate));
  if (!run?.jobId || !["queued", "running"].includes(run.status)) return;
  const [job] = await db.select({ status: jobs.status, message: jobs.message }).from(jobs).where(eq(jobs.id, run.jobId));
  if (!job || (job.status !== "failed" && job.status !== "cancelled")) return;
  await db
    .update(automationRuns)
    .set({ status: "failed", message: job.message ?? "The run's job stopped.", finishedAt: sql`now()` })
    .where(and(eq(automationRuns.runDate, runDate), inArray(automationRuns.status, ["queued", "running"])));
}

/**
 * Every instance runs one: it looks at the schedule at start (catching up a missed day), at each
 * 09:00 UTC, and once a minute besides (a clock that jumped, a run to take over).
 */
export class DailyScheduler extends PeriodicTask {
  constructor(services: SchedulerServices, checkEveryMs = 60_000) {
    super(
      () => tick(services),
      () => {
        const now = services.clock.now();
        // A little past 09:00, so the clock reads 09:00 when it looks.
        const untilNext = nextRunTime(now).getTime() - now.getTime() + 20;
        return Math.min(checkEveryMs, untilNext);
      },
      (error) => services.log.error({ err: error }, "daily run: could not look at the schedule"),
    );
  }
}
