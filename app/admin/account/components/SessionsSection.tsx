import { useFetcher } from "react-router";
import { useResultToast } from "~/admin/kit/hooks";
import { AdminTable } from "~/admin/kit/AdminTable";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { AccountActionResult } from "../actions.server";

export interface SessionRow {
  id: string;
  current: boolean;
  device: string;
  startedText: string;
  lastSeenText: string;
}

const COLUMNS = ["Device and browser", "Started", "Last used"] as const;

function SessionLine({ session }: { session: SessionRow }) {
  const fetcher = useFetcher<AccountActionResult>();
  useResultToast(fetcher, () => ["Session ended", `${session.device} is signed out.`]);
  return (
    <tr>
      <th scope="row" className="px-4 py-3 text-start font-medium text-slate-900">
        {session.device} {session.current ? <Badge tone="success">This device</Badge> : null}
      </th>
      <td className="px-4 py-3 text-slate-800">{session.startedText}</td>
      <td className="px-4 py-3 text-slate-800">{session.lastSeenText}</td>
      <td className="px-4 py-3 text-end">
        {session.current ? null : (
          <fetcher.Form method="post">
            <input type="hidden" name="sessionId" value={session.id} />
            <Button type="submit" name="intent" value="session-end" variant="secondary" size="sm" disabled={fetcher.state !== "idle"}>
              End<span className="sr-only"> the session on {session.device}</span>
            </Button>
          </fetcher.Form>
        )}
      </td>
    </tr>
  );
}

/** Your account: where you are signed in (device and browser from the user agent; no location). */
export function SessionsSection({ sessions }: { sessions: SessionRow[] }) {
  const others = useFetcher<AccountActionResult>();
  useResultToast(others, (answer) => (answer.intent === "sessions-end-others" ? ["Other sessions ended", `${answer.ended} session(s) signed out.`] : null));
  const otherCount = sessions.filter((session) => !session.current).length;
  return (
    <section aria-labelledby="sessions-heading">
      <Card className="flex flex-col gap-4 p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="sessions-heading" className="text-lg font-semibold text-brand-800">
            Where you are signed in ({sessions.length})
          </h3>
          <others.Form method="post">
            <Button type="submit" name="intent" value="sessions-end-others" variant="secondary" size="sm" disabled={others.state !== "idle" || otherCount === 0}>
              Sign out everywhere else
            </Button>
          </others.Form>
        </div>
        <p className="text-sm text-slate-700">A session ends after 12 hours unused, 7 days after sign-in, or when you end it here. If you do not recognise one, end it and change your password.</p>
        <AdminTable columns={COLUMNS}>
          {sessions.map((session) => (
            <SessionLine key={session.id} session={session} />
          ))}
        </AdminTable>
      </Card>
    </section>
  );
}
