import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { RECENTLY_DELETED_PATH } from "~/admin/kit/history-paths";
import { CalendarClock, Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/field";
import { useResultToast } from "~/admin/kit/hooks";
import type { AutomationActionResult } from "../actions.server";
import type { TopicView } from "../../../automation/topics.server";
import { formatUtc, isOverdue, TOPIC_MAX, usedLabel, utcDate } from "../../../automation/schedule";

interface Props {
  topics: { pending: TopicView[]; used: TopicView[]; usedCount: number } | null;
  /** The server's time when the page loaded: what "overdue" is measured against. */
  now: string;
}

/** Add a topic with the button or Enter; blank or whitespace-only text is ignored. */
function AddTopic() {
  const adder = useFetcher<AutomationActionResult>({ key: "add-topic" });
  const [text, setText] = useState("");
  useResultToast(
    adder,
    (result) => (result.intent === "add-topic" && "topic" in result && result.topic ? ["Topic added", `Scheduled for ${formatUtc(result.topic.scheduleFor!)}`] : null),
    (result) => {
      if (result.ok) setText("");
    },
  );
  return (
    <adder.Form
      method="post"
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        if (text.trim() === "") event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="add-topic" />
      <div className="flex-1">
        <label htmlFor="new-topic" className="mb-1 block text-sm font-medium text-slate-800">
          New topic
        </label>
        <Input id="new-topic" name="topic" value={text} maxLength={TOPIC_MAX} onChange={(event) => setText(event.target.value)} placeholder="e.g. What to do after a car accident in B.C." autoComplete="off" />
      </div>
      <Button type="submit" disabled={adder.state !== "idle"}>
        <Plus aria-hidden className="size-4" />
        Add Topic
      </Button>
    </adder.Form>
  );
}

function PendingTopic({ topic, now, deleting, onDelete }: { topic: TopicView; now: Date; deleting: boolean; onDelete: (id: number) => void }) {
  const rescheduler = useFetcher<AutomationActionResult>({ key: `reschedule-${topic.id}` });
  useResultToast(rescheduler, () => ["Schedule updated", `“${topic.topic}”`]);
  const overdue = isOverdue({ status: "pending", scheduleFor: topic.scheduleFor }, now);
  const dateId = `topic-date-${topic.id}`;
  return (
    <li className={`rounded-md border p-3 ${overdue ? "border-2 border-yellow-400 bg-yellow-50" : "border-slate-200"} ${deleting ? "opacity-50" : ""}`} data-testid="pending-topic" aria-busy={deleting || undefined}>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{topic.topic}</p>
          <p className="text-sm text-slate-700">
            <CalendarClock aria-hidden className="me-1 inline size-4" />
            {topic.scheduleFor ? (
              <>
                Scheduled for <time dateTime={topic.scheduleFor}>{formatUtc(topic.scheduleFor)}</time>
              </>
            ) : (
              "Not scheduled"
            )}
          </p>
          {overdue ? <p className="text-sm font-semibold text-yellow-900">Awaiting next automation run</p> : null}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <rescheduler.Form method="post" className="flex items-end gap-2">
            <input type="hidden" name="intent" value="reschedule" />
            <input type="hidden" name="id" value={topic.id} />
            <div>
              <label htmlFor={dateId} className="mb-1 block text-xs font-medium text-slate-700">
                New date<span className="sr-only"> for “{topic.topic}”</span>
              </label>
              <Input id={dateId} type="date" name="date" required defaultValue={topic.scheduleFor ? utcDate(new Date(topic.scheduleFor)) : ""} key={topic.scheduleFor} className="w-40" />
            </div>
            <Button type="submit" size="sm" variant="secondary" disabled={rescheduler.state !== "idle"}>
              Reschedule<span className="sr-only"> “{topic.topic}”</span>
            </Button>
          </rescheduler.Form>
          <Button
            size="sm"
            variant="destructive"
            disabled={deleting}
            onClick={() => onDelete(topic.id)}
          >
            <Trash2 aria-hidden className="size-4" />
            <span className="sr-only">Delete “{topic.topic}”</span>
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The queue: add, the pending topics by time with their date pickers, and the last used ones. */
export function TopicQueue({ topics, now }: Props) {
  const at = new Date(now);
  // The delete fetcher lives here, not in the row: the row is gone by the time the answer arrives.
  const deleter = useFetcher<AutomationActionResult>({ key: "delete-topic" });
  useResultToast(deleter, () => ["Success", "Topic deleted"]);
  const deletingId = deleter.state !== "idle" ? Number(deleter.formData?.get("id")) : null;
  return (
    <Card>
      <CardHeader>
        <h3 className="text-lg font-semibold text-slate-900">Topic queue</h3>
        <p className="text-sm text-slate-600">
          A new topic is scheduled for 9:00 AM UTC on the day after the last pending one. A deleted topic can be restored from{" "}
          <Link to={RECENTLY_DELETED_PATH} className="text-brand-800 underline">
            Recently deleted
          </Link>{" "}
          for 30 days.
        </p>
      </CardHeader>
      <CardContent className="space-y-6">
        <AddTopic />
        {topics === null ? (
          <p className="text-sm text-red-800">The topics could not be loaded. Please reload the page.</p>
        ) : (
          <>
            <section aria-labelledby="pending-topics-heading" className="space-y-2">
              <h4 id="pending-topics-heading" className="font-semibold text-slate-900">
                Pending Topics ({topics.pending.length})
              </h4>
              {topics.pending.length === 0 ? (
                <p className="text-sm text-slate-600">No pending topics. Add one above.</p>
              ) : (
                <ul className="space-y-2">
                  {topics.pending.map((topic) => (
                    <PendingTopic
                      key={topic.id}
                      topic={topic}
                      now={at}
                      deleting={deletingId === topic.id}
                      onDelete={(id) => deleter.submit({ intent: "delete-topic", id: String(id) }, { method: "post" })}
                    />
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="used-topics-heading" className="space-y-2">
              <h4 id="used-topics-heading" className="font-semibold text-slate-900">
                Used Topics ({topics.usedCount})
              </h4>
              {topics.used.length === 0 ? (
                <p className="text-sm text-slate-600">No topic has been used yet.</p>
              ) : (
                <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
                  {topics.used.map((topic) => (
                    <li key={topic.id} className="flex flex-wrap justify-between gap-2 p-3 text-sm" data-testid="used-topic">
                      <span className="text-slate-900">{topic.topic}</span>
                      <span className="text-slate-700">Used: {topic.usedAt ? <time dateTime={topic.usedAt}>{usedLabel(topic.usedAt)}</time> : usedLabel(null)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
