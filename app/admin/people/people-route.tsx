import { Download } from "lucide-react";
import { data, Form, useFetcher } from "react-router";
import type { Route } from "./+types/people-route";
import { adminAction } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { useCan } from "~/admin/kit/can";
import { requirePermission } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { displayDate } from "~/contact/inbox.server";
import { erasureFingerprint, erasureList, findPerson, personSearchSchema } from "~/privacy/people.server";
import { readRetentionMonths } from "~/privacy/retention.server";
import { RETENTION_MAX_MONTHS, RETENTION_MIN_MONTHS } from "~/privacy/retention";
import { intents, type PeopleResult } from "./actions.server";

export const meta: Route.MetaFunction = () => adminMeta("People | Admin Dashboard");

const INPUT = "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm";

/** ?q=: a search by e-mail address or name; the page lists what is held, never the stories (they are in the file). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "people.data");
  const { db } = context.services;
  const retentionMonths = await readRetentionMonths(db);
  const q = new URL(request.url).searchParams.get("q");
  if (q === null) return { retentionMonths, q: "", error: null, found: null };
  const parsed = personSearchSchema.safeParse({ q });
  if (!parsed.success) return data({ retentionMonths, q, error: parsed.error.issues[0]?.message ?? "Check the search.", found: null }, { status: 400 });
  const person = await findPerson(db, parsed.data.q);
  return {
    retentionMonths,
    q: parsed.data.q,
    error: null,
    found: {
      contactMessages: person.contactMessages.map((m) => ({ id: m.id, label: `${displayDate(new Date(m.receivedAt))} · ${m.name} <${m.email}>${m.client ? " · client" : ""}` })),
      bookings: person.bookings.map((b) => ({ id: b.id, label: `${displayDate(new Date(b.start))} · ${b.name} <${b.email}> · ${b.status}${b.client ? " · client" : ""}` })),
      newsletter: person.newsletter.map((s) => ({ id: s.id, label: `${s.email} · ${s.confirmedAt ? "confirmed" : "not confirmed"}` })),
      conflictRecords: person.conflictRecords.map((r) => ({ id: r.id, label: `${r.name} · from a ${r.from === "contact" ? "contact message" : "booking"} of ${displayDate(new Date(r.firstAt))}` })),
      accessEntries: person.accessEntries.length,
      erasure: erasureList(person),
      records: erasureFingerprint(person),
    },
  };
}

export const action = adminAction(intents, { permission: "people.data" });

function RecordList({ title, items }: { title: string; items: Array<{ id: number; label: string }> }) {
  return (
    <section className="space-y-1">
      <h3 className="font-semibold text-slate-900">
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul className="list-disc ps-6 text-sm text-slate-800">
          {items.map((item) => (
            <li key={item.id}>
              #{item.id} · {item.label}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Answer({ result }: { result: PeopleResult | undefined }) {
  if (!result) return null;
  if (!result.ok) {
    return (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
        {result.reason}
      </p>
    );
  }
  return (
    <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
      {result.intent === "erase" ? `Erased: ${result.erased.map((item) => item.text).join(", ")}.` : `Saved: client records are kept ${result.retentionMonths} months.`}
    </p>
  );
}

function Retention({ months }: { months: number }) {
  const mayChange = useCan("clients.retention");
  const fetcher = useFetcher<PeopleResult>({ key: "retention" });
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold text-slate-900">Retention</h2>
        <p className="text-sm text-slate-600">
          Enquiries and bookings of people who did not become a client are deleted this many months after they were made (a booking: after its meeting). Their names and other parties stay as conflict-check records; the story and contact details go. Sign-ups never
          confirmed are deleted after 30 days.
        </p>
      </CardHeader>
      {mayChange ? (
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-3 px-4 pb-4">
          <input type="hidden" name="intent" value="retention" />
          <div className="flex flex-col gap-1">
            <label htmlFor="retention-months" className="text-sm font-medium text-slate-800">
              Months kept ({RETENTION_MIN_MONTHS} to {RETENTION_MAX_MONTHS})
            </label>
            <input id="retention-months" name="retentionMonths" type="number" required min={RETENTION_MIN_MONTHS} max={RETENTION_MAX_MONTHS} defaultValue={months} className={INPUT} />
          </div>
          <Button type="submit" variant="primary" size="sm" className="h-9" disabled={fetcher.state !== "idle"}>
            Save retention
          </Button>
          <div className="basis-full">
            <Answer result={fetcher.data} />
          </div>
        </fetcher.Form>
      ) : (
        <p className="px-4 pb-4 text-sm text-slate-800">Kept {months} months.</p>
      )}
    </Card>
  );
}

export default function PeopleTab({ loaderData }: Route.ComponentProps) {
  const { retentionMonths, q, error, found } = loaderData;
  const eraser = useFetcher<PeopleResult>({ key: "erase" });
  const exportUrl = `/admin/dashboard/people/export?q=${encodeURIComponent(q)}`;
  return (
    <div className="space-y-8">
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold text-slate-900">A person&apos;s data</h2>
          <p className="text-sm text-slate-600">
            Find what the firm holds about a person (contact messages, consultation bookings, newsletter subscriptions, who at the firm has looked at them), download it as one file to send them, or erase it on their request.
          </p>
        </CardHeader>
        <Form method="get" className="flex flex-wrap items-end gap-3 px-4 pb-4">
          <div className="flex flex-col gap-1">
            <label htmlFor="people-q" className="text-sm font-medium text-slate-800">
              E-mail address or full name
            </label>
            <input id="people-q" name="q" type="search" required minLength={2} maxLength={200} defaultValue={q} aria-invalid={error ? true : undefined} aria-describedby={error ? "people-q-error" : undefined} className={`${INPUT} w-72`} />
          </div>
          <Button type="submit" variant="primary" size="sm" className="h-9">
            Search
          </Button>
          {error ? (
            <p id="people-q-error" role="alert" className="basis-full text-sm text-red-800">
              {error}
            </p>
          ) : null}
        </Form>
        {found ? (
          <div className="space-y-4 border-t border-slate-200 p-4">
            <RecordList title="Contact messages" items={found.contactMessages} />
            <RecordList title="Consultation bookings" items={found.bookings} />
            <RecordList title="Newsletter subscriptions" items={found.newsletter} />
            <RecordList title="Names kept for the conflict check" items={found.conflictRecords} />
            <section className="space-y-1">
              <h3 className="font-semibold text-slate-900">Access entries about them ({found.accessEntries})</h3>
              <p className="text-sm text-slate-600">When which staff member looked at or exported these records: listed in the file.</p>
            </section>
            <a href={exportUrl} download className={buttonClass("secondary", "sm")}>
              <Download aria-hidden className="size-4" />
              Download everything (JSON)
            </a>
            {found.erasure.length > 0 ? (
              <eraser.Form method="post" className="space-y-2 rounded-md border border-red-200 p-3">
                <input type="hidden" name="intent" value="erase" />
                <input type="hidden" name="q" value={q} />
                <input type="hidden" name="records" value={found.records} />
                <h3 className="font-semibold text-red-900">Erase</h3>
                <p className="text-sm text-slate-800">
                  Goes: {found.erasure.map((item) => item.text).join(", ")}. Kept: each name and other party as a conflict-check record, and the access entries (they name record numbers only). Refused while a consultation is still ahead.
                </p>
                <div className="flex items-center gap-2">
                  <input id="people-confirm" name="confirm" type="checkbox" value="yes" required className="size-4" />
                  <label htmlFor="people-confirm" className="text-sm text-slate-800">
                    I confirm the erasure of {found.erasure.map((item) => item.text).join(", ")} for “{q}”.
                  </label>
                </div>
                <Button type="submit" variant="destructive" size="sm" disabled={eraser.state !== "idle"}>
                  Erase these records
                </Button>
              </eraser.Form>
            ) : (
              <p className="text-sm text-slate-700">Nothing to erase.</p>
            )}
            <Answer result={eraser.data} />
          </div>
        ) : null}
      </Card>
      <Retention months={retentionMonths} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="the People tab" />;
}
