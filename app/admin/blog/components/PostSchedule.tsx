import { CalendarClock, Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/field";
import { useFetcherResult } from "~/admin/kit/hooks";
import { useFirmClock } from "~/admin/kit/firm-clock";
import { SCHEDULE_MAX_YEARS, SCHEDULE_MESSAGES } from "~/blog/schedule";
import type { ScheduleResult } from "~/admin/blog/edit-actions.server";

/** The badge of a scheduled draft (the editor's header and the Blog Posts list). */
export function ScheduledBadge({ publishAt }: { publishAt: string }) {
  const clock = useFirmClock();
  return (
    <Badge tone="info">
      <CalendarClock aria-hidden className="size-3.5" />
      Scheduled for {clock.firmTime(publishAt)}
    </Badge>
  );
}

interface Props {
  postId: number;
  /** The stored moment (ISO), or null. */
  publishAt: string | null;
  onChange: (publishAt: string | null) => void;
}

/**
 * A draft's "Publish at" (decision 0062): a Vancouver date and time, shown beside the input in
 * Vancouver time and UTC, sent on its own intent (it lives inside the post form, so its input has
 * no name and its buttons do not submit that form).
 */
export function PostSchedule({ postId, publishAt, onChange }: Props) {
  const fetcher = useFetcher<ScheduleResult>({
    key: `schedule-post-${postId}`,
  });
  const clock = useFirmClock();
  const [local, setLocal] = useState(publishAt ? clock.wallOf(publishAt) : "");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const busy = fetcher.state !== "idle";

  useFetcherResult(fetcher, (answer) => {
    if (!answer.ok) {
      setError(answer.fieldErrors?.publishAt ?? answer.reason);
      return void toast.error(answer.error, { description: answer.reason });
    }
    setError(null);
    onChange(answer.publishAt);
    if (!answer.publishAt) setLocal("");
    toast.success(answer.publishAt ? "Scheduled" : "Schedule cancelled", {
      description: answer.publishAt ? `The post goes live on ${clock.firmTime(answer.publishAt)}.` : "The post stays a draft.",
    });
  });

  const parsed = local ? clock.fromWall(local) : null;
  const preview = parsed?.ok ? clock.firmTime(parsed.at) : parsed ? SCHEDULE_MESSAGES[parsed.reason] : null;
  const schedule = () => void fetcher.submit({ intent: "schedule", publishAt: local }, { method: "post" });

  return (
    <div className="space-y-2">
      <Label id={`${id}-label`} htmlFor={`${id}-input`} className="mb-0">
        Publish at (Vancouver time)
      </Label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        The saved version of this draft goes live by itself at this time (within a minute). At most {SCHEDULE_MAX_YEARS} years ahead.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={`${id}-input`}
          type="datetime-local"
          className="w-auto"
          value={local}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, `${id}-preview`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
          onChange={(event) => {
            setLocal(event.target.value);
            setError(null);
          }}
          // Enter schedules: it must not submit the post form around it.
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            if (local) schedule();
          }}
        />
        <Button type="button" variant="secondary" disabled={busy || !local} onClick={schedule}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <CalendarClock aria-hidden className="size-4" />}
          Schedule
        </Button>
        {publishAt ? (
          <Button type="button" variant="ghost" disabled={busy} onClick={() => void fetcher.submit({ intent: "unschedule" }, { method: "post" })}>
            Cancel schedule
          </Button>
        ) : null}
      </div>
      <p id={`${id}-preview`} className="text-sm text-slate-700" aria-live="polite">
        {preview && parsed?.ok ? <>Goes live: {preview}</> : preview}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
