import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Ban, CheckCircle2, CircleAlert, Clock, LoaderCircle, TriangleAlert, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { IconBadge } from "~/components/ui/badge";
import type { JobView } from "~/jobs/runner.server";
import type { AdminResult } from "./result";

/** The job route's answer to Cancel and Dismiss (app/admin/jobs/job-route.ts). */
export type JobActionResult = AdminResult<"cancel" | "dismiss", { job: JobView }>;

const POLL_MS = 1000;
const ACTIVE = new Set(["queued", "running"]);
export const isActive = (job: JobView) => ACTIVE.has(job.status);

const STATUS = {
  queued: { tone: "neutral", label: "Queued", Icon: Clock },
  running: { tone: "info", label: "Running", Icon: LoaderCircle },
  done: { tone: "success", label: "Finished", Icon: CheckCircle2 },
  failed: { tone: "danger", label: "Failed", Icon: CircleAlert },
  cancelled: { tone: "warning", label: "Cancelled", Icon: Ban },
} as const;

/** A job's badge: a run whose items failed is never a green 'Finished'. */
export function jobBadge(job: Pick<JobView, "status" | "total" | "done" | "failed">): { tone: "neutral" | "info" | "success" | "danger" | "warning"; label: string; Icon: (typeof STATUS)[keyof typeof STATUS]["Icon"] } {
  if (job.status === "done" && job.failed > 0) {
    if (job.failed >= job.total) return STATUS.failed;
    return { tone: "warning", label: `Finished with ${job.failed} ${job.failed === 1 ? "failure" : "failures"}`, Icon: TriangleAlert };
  }
  return STATUS[job.status];
}

interface JobPanelProps {
  jobs: JobView[];
  /** A job's title by its kind and payload, e.g. 'Translate all missing Farsi'. */
  title: (job: JobView) => string;
  /** Called once when a job watched on this page finishes (a toast, say). */
  onFinished?: (job: JobView) => void;
}

/**
 * The tab's running and recent jobs with live progress. The work runs on the server: leaving the
 * page and coming back shows the same job, still moving.
 */
export function JobPanel({ jobs, title, onFinished }: JobPanelProps) {
  if (jobs.length === 0) return null;
  return (
    <section aria-label="Background jobs" className="flex flex-col gap-2">
      {jobs.map((job) => (
        <JobCard key={job.id} initial={job} title={title} onFinished={onFinished} />
      ))}
    </section>
  );
}

function JobCard({ initial, title, onFinished }: { initial: JobView; title: JobPanelProps["title"]; onFinished?: JobPanelProps["onFinished"] }) {
  const poll = useFetcher<{ job: JobView }>();
  const cancel = useFetcher<JobActionResult>();
  const dismiss = useFetcher<JobActionResult>();
  const revalidator = useRevalidator();
  const cancelled = cancel.data?.ok ? cancel.data.job : undefined;
  const job = newest([initial, poll.data?.job, cancelled]);
  const active = isActive(job);
  const wasActive = useRef(active);

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (poll.state === "idle") poll.load(`/admin/jobs/${job.id}`);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, job.id, poll]);

  useEffect(() => {
    if (wasActive.current && !active) {
      onFinished?.(job);
      // The job changed stored data: show it.
      void revalidator.revalidate();
    }
    wasActive.current = active;
  }, [active, job, onFinished, revalidator]);

  const finished = job.done + job.failed;
  const percent = job.total === 0 ? 100 : Math.round((finished / job.total) * 100);
  const status = jobBadge(job);
  const heading = title(job);
  // Dismissed: gone from this page now, and from the tab's list when it next loads.
  if (dismiss.data?.ok || dismiss.state !== "idle") return null;
  return (
    <article aria-label={heading} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{heading}</h3>
        <div className="flex items-center gap-2">
          <IconBadge tone={status.tone} label={status.label} Icon={status.Icon} />
          {active ? (
            <Button size="sm" variant="secondary" disabled={job.cancelRequested || cancel.state !== "idle"} onClick={() => cancel.submit(null, { method: "post", action: `/admin/jobs/${job.id}` })}>
              {job.cancelRequested ? "Cancelling…" : "Cancel"}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="ghost"
              // Named apart from the job (inside its labelled card), so "Dismiss" never matches a button named like the job.
              aria-label="Dismiss this card"
              title="Dismiss"
              onClick={() => dismiss.submit({ intent: "dismiss" }, { method: "post", action: `/admin/jobs/${job.id}` })}
            >
              <X aria-hidden className="size-4" />
            </Button>
          )}
        </div>
      </div>
      <div
        role="progressbar"
        aria-label={`${heading} progress`}
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={finished}
        aria-valuetext={`${job.done} of ${job.total} done, ${job.failed} failed`}
        className="mt-3 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full ${job.failed > 0 ? "bg-amber-600" : "bg-brand-700"} transition-[width]`} style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-700" aria-live="polite">
        <span data-testid="job-counts">
          {job.done} of {job.total} done{job.failed > 0 ? `, ${job.failed} failed` : ""}
        </span>
        {job.message ? <span className="block">{job.message}</span> : null}
      </p>
      {dismiss.data && !dismiss.data.ok ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {dismiss.data.error}: {dismiss.data.reason}
        </p>
      ) : null}
      {job.failures.length > 0 ? (
        // Open: why items failed is the first thing to read on a failed run.
        <details open className="mt-2 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">Failed items ({job.failed})</summary>
          <ul className="mt-1 list-disc ps-5 text-slate-700">
            {job.failures.map((failure, i) => (
              <li key={i}>
                <span className="font-medium">{failure.label}</span>: {failure.error}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </article>
  );
}

/** The most advanced of the views of one job (the loader's, the last poll's, the cancel's answer). */
function newest(views: Array<JobView | undefined>): JobView {
  const known = views.filter((v): v is JobView => Boolean(v));
  const rank = (v: JobView) => (isActive(v) ? 0 : 1) * 1e9 + v.done + v.failed;
  return known.reduce((best, v) => (rank(v) >= rank(best) ? v : best));
}
