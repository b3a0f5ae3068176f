import { useCan } from "~/admin/kit/can";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { CircleAlert, Clock, Sparkles } from "lucide-react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Switch } from "~/components/ui/switch";
import { useResultToast } from "~/admin/kit/hooks";
import { JobPanel } from "~/admin/kit/JobPanel";
import { ServiceNote } from "~/admin/kit/ServiceNote";
import type { JobView } from "~/jobs/runner.server";
import type { AutomationActionResult } from "../actions.server";
import type { GeneratePayload } from "../../../automation/daily.server";
import type { LastRun } from "../../../automation/runs.server";
import type { loadAutomationTab } from "../../../automation/topics.server";
import { formatUtc, nextRunTime } from "../../../automation/schedule";

type TabData = Awaited<ReturnType<typeof loadAutomationTab>>;

/** The server's time (the schedule's clock), moved on every minute in the browser. */
function useServerTime(serverNow: string): Date {
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    // The server's clock may differ from this machine's (or be a test clock): keep its offset.
    const offset = Date.parse(serverNow) - Date.now();
    setNow(new Date(Date.now() + offset));
    const timer = setInterval(() => setNow(new Date(Date.now() + offset)), 60_000);
    return () => clearInterval(timer);
  }, [serverNow]);
  return now;
}

/** The next run in the viewer's own time zone: known only in the browser (not rendered on the server). */
function LocalNextRun({ now }: { now: Date }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    setText(new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(nextRunTime(now)));
  }, [now]);
  return text ? <span className="block text-slate-600">Next run in your time: {text}</span> : null;
}

const RUN_STATUS: Record<LastRun["status"], string> = {
  queued: "Starting",
  running: "Running",
  done: "Post created",
  "no-topic": "No topic was due",
  failed: "Failed",
  skipped: "Skipped",
};

function LastRunLine({ run }: { run: LastRun | null }) {
  if (!run) return <p className="text-sm text-slate-600">Last run: none yet.</p>;
  return (
    <div className="text-sm text-slate-800" data-testid="last-run">
      <p>
        <span className="font-semibold">Last run:</span> <time dateTime={run.startedAt}>{formatUtc(run.startedAt)}</time> ({run.test !== null ? `Test Generate Now: “${run.test}”` : `for ${run.runDate}`}) —{" "}
        <span className={run.status === "failed" ? "font-semibold text-red-800" : "font-semibold"}>{RUN_STATUS[run.status]}</span>
      </p>
      {run.post ? (
        <p>
          Post:{" "}
          <Link className="text-brand-800 underline" to={`/admin/dashboard/blog/${run.post.id}`}>
            {run.post.title}
          </Link>{" "}
          ({run.post.published ? "published" : "draft awaiting review"})
        </p>
      ) : null}
      {run.status === "no-topic" ? <p>No topic was due.</p> : null}
      {run.status === "failed" && run.message ? <p className="text-red-800">Error: {run.message}</p> : null}
      {run.test !== null && run.status === "done" && run.message ? <p>{run.message}</p> : null}
    </div>
  );
}

/**
 * Follows the job this page started until it ends, then says how it went and reloads the lists.
 * (The job panel only hears of jobs it saw running: a quick failure can end before it shows.)
 */
function useStartedJob(jobId: number | null, onFinished: (job: JobView) => void): void {
  const poll = useFetcher<{ job: JobView }>();
  const revalidator = useRevalidator();
  const reported = useRef<number | null>(null);
  const callback = useRef(onFinished);
  useEffect(() => {
    callback.current = onFinished;
  });
  const job = poll.data?.job.id === jobId ? poll.data.job : null;
  const ended = job !== null && job.status !== "queued" && job.status !== "running";
  useEffect(() => {
    if (jobId === null || ended) return;
    const timer = setInterval(() => {
      if (poll.state === "idle") poll.load(`/admin/jobs/${jobId}`);
    }, 1000);
    return () => clearInterval(timer);
  }, [jobId, ended, poll]);
  useEffect(() => {
    if (!job || !ended || reported.current === job.id) return;
    reported.current = job.id;
    callback.current(job);
    void revalidator.revalidate();
  }, [job, ended, revalidator]);
}

const jobTitle = (job: JobView) => {
  const payload = job.payload as GeneratePayload;
  return payload.mode === "daily" ? `Daily run of ${payload.runDate}` : `Test Generate Now: “${payload.topic}”`;
};

/** The time card, the switch, the publishing choice, the last run, health and 'Test Generate Now'. */
export function AutomationCard({ data }: { data: TabData }) {
  const { settings, lastRun, ai, warnings, jobs, clockSetBy } = data;
  const now = useServerTime(data.now);
  const switchId = useId();
  // Only an admin changes the settings (decision 0066); the server refuses anyone else.
  const maySet = useCan("automation.settings");
  const toggler = useFetcher<AutomationActionResult>({ key: "automation-enabled" });
  const mode = useFetcher<AutomationActionResult>({ key: "automation-publish-mode" });
  const generator = useFetcher<AutomationActionResult>({ key: "automation-generate" });

  useResultToast(toggler, (result) => (result.intent === "set-enabled" && "enabled" in result ? [result.enabled ? "Automation enabled" : "Automation paused"] : null));
  useResultToast(mode, () => ["Settings saved"]);
  const [startedId, setStartedId] = useState<number | null>(null);
  useResultToast(
    generator,
    (result) => (result.intent === "generate-now" && "topic" in result ? ["Generating post", `Topic: “${result.topic}”`] : null),
    (result) => {
      if (result.ok && result.intent === "generate-now" && "job" in result) setStartedId(result.job.id);
    },
  );
  useStartedJob(startedId, (job) => {
    if (job.status === "done" && job.failed === 0) toast.success("Post generated", { description: job.message ?? undefined });
    else toast.error("Failed to generate post", { description: job.failures[0]?.error ?? job.message ?? undefined });
  });

  const pendingEnabled = toggler.formData?.get("enabled");
  const enabled = pendingEnabled ? pendingEnabled === "true" : (settings?.enabled ?? false);
  const pendingMode = mode.formData?.get("publishMode");
  const publishMode = typeof pendingMode === "string" ? pendingMode : (settings?.publishMode ?? "draft");

  return (
    <Card>
      <CardHeader>
        <h3 className="inline-flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Clock aria-hidden className="size-5 text-brand-700" />
          Daily automation
        </h3>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="text-sm text-slate-800">
          <p>
            Current server time:{" "}
            <time dateTime={now.toISOString()} className="font-semibold" data-testid="server-time">
              {formatUtc(now)}
            </time>
          </p>
          <p>Next scheduled run: Daily at 9:00 AM UTC</p>
          <LocalNextRun now={now} />
          {clockSetBy ? <p className="mt-1 font-semibold text-amber-900">This server&apos;s clock is set by {clockSetBy} (a test setting): schedules follow it, not the real time.</p> : null}
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <Switch
            id={switchId}
            checked={enabled}
            disabled={toggler.state !== "idle" || !settings || !maySet}
            onCheckedChange={(checked) => toggler.submit({ intent: "set-enabled", enabled: String(checked) }, { method: "post" })}
            aria-describedby={`${switchId}-hint`}
          />
          <label htmlFor={switchId} className="font-semibold text-slate-900">
            Daily Auto-Generation
          </label>
          <span id={`${switchId}-hint`} className="text-sm text-slate-600">
            {!settings ? "The automation settings could not be read. Please reload the page." : !maySet ? `${enabled ? "On" : "Paused"}. Only an admin changes the automation settings.` : enabled ? "On: one post per day at 9:00 AM UTC." : "Paused: no post is generated."}
          </span>
        </div>

        <fieldset className="space-y-1">
          <legend className="text-sm font-semibold text-slate-900">Publish generated posts</legend>
          {(
            [
              ["draft", "as drafts for review", "A lawyer reads each post and publishes it from the Blog Posts tab (recommended)."],
              ["immediate", "immediately", "Posts go on the public site without review."],
            ] as const
          ).map(([value, label, hint]) => (
            <label key={value} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="publishMode"
                value={value}
                checked={publishMode === value}
                disabled={mode.state !== "idle" || !settings || !maySet}
                onChange={() => mode.submit({ intent: "set-publish-mode", publishMode: value }, { method: "post" })}
                className="mt-1 size-4 accent-brand-700"
              />
              <span>
                <span className="font-medium">{label}</span> <span className="text-slate-600">— {hint}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <LastRunLine run={lastRun} />

        {warnings.length > 0 ? (
          <ul aria-label="Automation health" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            {warnings.map((warning) => (
              <li key={warning} className="flex items-start gap-2">
                <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                {warning}
              </li>
            ))}
          </ul>
        ) : null}

        <div className="flex flex-wrap items-center gap-3">
          <generator.Form method="post">
            <input type="hidden" name="intent" value="generate-now" />
            <Button type="submit" variant="secondary" disabled={generator.state !== "idle"}>
              <Sparkles aria-hidden className="size-4" />
              {generator.state !== "idle" ? "Starting…" : "Test Generate Now"}
            </Button>
          </generator.Form>
          <ServiceNote service="AI writing" state={ai} />
        </div>
        <JobPanel jobs={jobs} title={jobTitle} />
      </CardContent>
    </Card>
  );
}
