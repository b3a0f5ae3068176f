import { useFetcher } from "react-router";
import { useResultToast } from "~/admin/kit/hooks";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { ConsultationsResult } from "../actions.server";

/**
 * The signed-in person's private calendar feed: made, replaced or revoked here. The address is
 * shown once, right after it is made (only its hash is stored).
 */
export function FeedPanel({ feed }: { feed: { since: string } | null }) {
  const fetcher = useFetcher<ConsultationsResult>({ key: "calendar-feed" });
  useResultToast(fetcher, (answer) => (answer.intent === "revoke-feed" ? ["Calendar feed revoked"] : answer.intent === "create-feed" ? ["Calendar feed ready"] : null));
  const made = fetcher.data?.ok && fetcher.data.intent === "create-feed" ? fetcher.data.feedUrl : null;
  const submit = (intent: string) => fetcher.submit({ intent }, { method: "post" });
  return (
    <section aria-labelledby="feed-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="feed-heading" className="text-xl font-semibold text-slate-900">
        Your calendar feed
      </h2>
      <p className="text-sm text-slate-700">
        A private address your calendar app (Google, Apple, Outlook) subscribes to: the booked and confirmed consultations, with the time, kind, practice area and language only, and a link here
        for the details. Anyone with the address sees these times, so keep it to yourself; replace or revoke it if it was shared.
      </p>
      {made ? (
        <div className="space-y-1 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-950" role="status">
          <p className="font-semibold">Copy this address now: it is shown only once.</p>
          <label htmlFor="feed-url" className="sr-only">
            Calendar feed address
          </label>
          <input id="feed-url" readOnly value={made} className="w-full rounded border border-green-300 bg-white px-2 py-1 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        </div>
      ) : null}
      <p className="text-sm text-slate-800">{feed ? `You have a feed since ${feed.since}.` : "You have no calendar feed."}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={fetcher.state !== "idle"} onClick={() => submit("create-feed")}>
          {feed ? "Replace the address" : "Make a feed address"}
        </Button>
        {feed ? (
          <ConfirmDialog
            trigger={
              <Button variant="destructive" size="sm" disabled={fetcher.state !== "idle"}>
                Revoke
              </Button>
            }
            title="Revoke the calendar feed?"
            description="Calendar apps subscribed to it stop receiving consultations."
            confirmLabel="Revoke"
            cancelLabel="Keep it"
            onConfirm={() => submit("revoke-feed")}
          />
        ) : null}
      </div>
    </section>
  );
}
