import type { JobRunner, JobView } from "./runner.server";

export type { JobView };

/** The running and the latest finished jobs of some kinds, for a tab's job panel (not dismissed, finished within a day). */
export function recentJobs(services: { jobs: JobRunner }, kinds: string[], limit = 3): Promise<JobView[]> {
  return services.jobs.list({ kinds, limit, shown: true });
}

/** The answer of an action that started a job, or found one of its kind already running. */
export interface Started {
  job: JobView;
  attached: boolean;
}

export async function startedJob(services: { jobs: JobRunner }, queued: { id: number; attached: boolean }): Promise<Started> {
  const job = await services.jobs.get(queued.id);
  if (!job) throw new Error(`job ${queued.id} vanished`);
  return { job, attached: queued.attached };
}
