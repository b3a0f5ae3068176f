/**
 * The revisions' housekeeping (decision 0061), on every instance once an hour and at start:
 * deleted items older than 30 days are purged with their history, and when REVISIONS_KEEP_DAYS
 * is set, older revisions are pruned (an item's newest live revision and any pending one stay).
 * Both are plain deletes of rows past a date: two instances doing them at once do no harm.
 * The same hourly task runs the sweeps the server adds (`also`): the client records past their
 * retention (app/privacy/retention.server.ts, decision 0092), wired from above (the module order).
 */
import type { Db } from "../../db/client";
import type { Clock } from "../../core/clock";
import type { Logger } from "pino";
import { pruneRevisions } from "./store.server";
import { purgeTrash } from "./trash.server";
import { Sweep } from "../../core/periodic";

interface HousekeepingDeps {
  db: Db;
  clock: Clock;
  log: Pick<Logger, "info" | "error">;
  /** REVISIONS_KEEP_DAYS; unset keeps every revision. */
  keepDays?: number;
}

interface HousekeepingTaskDeps<T> extends HousekeepingDeps {
  /** A further sweep in the same hour (the client records' retention); its failure is its own. */
  also?: (deps: HousekeepingDeps) => Promise<T>;
}

export async function tidyRevisions(deps: HousekeepingDeps): Promise<{ purged: number; pruned: number }> {
  const now = deps.clock.now();
  const purged = await purgeTrash(deps.db, now);
  const pruned = deps.keepDays ? await pruneRevisions(deps.db, new Date(now.getTime() - deps.keepDays * 86_400_000)) : 0;
  if (purged > 0 || pruned > 0) deps.log.info({ purged, pruned }, "revisions tidied");
  return { purged, pruned };
}

/** One hourly sweep: the revisions, then client records past their retention (decision 0092); one failing does not stop the other. */
export async function runHousekeeping<T>(deps: HousekeepingTaskDeps<T>): Promise<T | undefined> {
  await tidyRevisions(deps).catch((error: unknown) => deps.log.error({ err: error }, "revisions housekeeping failed"));
  return deps.also?.(deps);
}

export class RevisionHousekeeping extends Sweep {
  constructor(deps: HousekeepingTaskDeps<unknown>, everyMs = 3_600_000) {
    super(() => runHousekeeping(deps), everyMs, deps.log, "housekeeping sweep failed");
  }
}
