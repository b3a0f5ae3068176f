import { data, Link } from "react-router";
import type { Route } from "./+types/consultations-route";
import { adminAction } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { requirePermission } from "~/auth/guard.server";
import { can } from "~/auth/roles";
import { conflictRecords, hitRecords, recordAccess } from "~/audit/access.server";
import { adminMeta } from "~/auth/ui";
import { loadBookingSettings } from "~/booking/availability.server";
import { loadDeclineTexts } from "~/booking/decline-texts.server";
import { feedOf } from "~/booking/feed.server";
import { teamCalendars } from "~/booking/lawyer-calendars.server";
import { bcStatutoryHolidays } from "~/booking/holidays.server";
import { parseDate, vancouverDate } from "~/booking/slots.server";
import { firmClock } from "../../../core/firm-clock.server";
import { bookingsOfWeek, isBookingFilter, listBookings, listClosedDates, weekStart, type BookingFilter } from "~/booking/staff.server";
import { BookingList } from "./components/BookingList";
import { DeclineTextsPanel } from "./components/DeclineTextsPanel";
import { FeedPanel } from "./components/FeedPanel";
import { LawyerCalendarsPanel } from "./components/LawyerCalendarsPanel";
import { SettingsPanel } from "./components/SettingsPanel";
import { WeekView } from "./components/WeekView";
import { intents } from "./actions.server";

export const meta: Route.MetaFunction = () => adminMeta("Consultations | Admin Dashboard");


/** The view in the address: ?view=list|week, ?show=all|conflict|<status>, ?week=YYYY-MM-DD. */
function readView(params: URLSearchParams, today: string): { ok: true; view: "list" | "week"; show: BookingFilter; week: string; booking?: number } | { ok: false; message: string } {
  const view = params.get("view") ?? "list";
  const show = params.get("show") ?? "all";
  const week = params.get("week");
  // ?booking=<id>: that one booking, whenever it is (where a conflict's link leads: decision 0106).
  const booking = params.get("booking");
  if (booking !== null) return /^[1-9]\d{0,9}$/.test(booking) ? { ok: true, view: "list", show: "all", week: weekStart(today), booking: Number(booking) } : { ok: false, message: "Booking must be a booking's number." };
  if (view !== "list" && view !== "week") return { ok: false, message: "View must be list or week." };
  if (!isBookingFilter(show)) return { ok: false, message: "Show must be all, conflict or a status." };
  if (week !== null && !parseDate(week)) return { ok: false, message: "Week must be a date (YYYY-MM-DD)." };
  return { ok: true, view, show, week: weekStart(week ?? today) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "consultations.read");
  const { db } = context.services;
  const now = new Date();
  const today = vancouverDate(now);
  const year = Number(today.slice(0, 4));
  const mayChangeSettings = can(user.roles ?? [], "consultations.settings");
  const [settings, closedDates, feed, declineTexts, lawyers] = await Promise.all([loadBookingSettings(db), listClosedDates(db), feedOf(db, user.id), loadDeclineTexts(db), teamCalendars(db, now)]);
  const shared = {
    settings,
    declineTexts,
    closedDates,
    holidays: [year, year + 1].map((y) => ({ year: y, days: bcStatutoryHolidays(y) })),
    feed: feed ? { since: firmClock.dateTime(feed.createdAt) } : null,
    mayChangeSettings,
    lawyers,
  };
  const chosen = readView(new URL(request.url).searchParams, today);
  if (!chosen.ok) {
    return data({ ...shared, view: "list" as const, show: "all" as BookingFilter, one: null, error: chosen.message, list: { items: [], total: 0, conflicts: 0 }, week: null }, { status: 400 });
  }
  const list = chosen.view === "list" ? await listBookings(db, chosen.show, now, { bookingId: chosen.booking }) : null;
  const week = chosen.view === "week" ? await bookingsOfWeek(db, chosen.week, chosen.show, now) : null;
  // Every look at client records is an access entry (decision 0091), written before they are sent.
  const shown = list?.items ?? week?.items ?? [];
  const hits = shown.map((booking) => booking.conflicts);
  const laterHits = shown.flatMap((booking) => booking.hits);
  await recordAccess(db, user, {
    action: "view",
    where: chosen.booking ? `consultations (booking #${chosen.booking})` : chosen.view === "week" ? `consultations week of ${chosen.week}` : `consultations (${chosen.show})`,
    records: [{ booking: shown.map((booking) => booking.id) }, conflictRecords(hits), hitRecords(laterHits)],
    conflictHits: hits.reduce((sum, list) => sum + list.length, 0),
  });
  return { ...shared, view: chosen.view, show: chosen.show, one: chosen.booking ?? null, error: null, list: list ?? { items: [], total: 0, conflicts: 0 }, week };
}

export const action = adminAction(intents, { permission: "consultations.handle" });

const FILTER_LABELS: Record<BookingFilter, string> = {
  all: "All",
  conflict: "Possible conflict",
  booked: "Booked",
  confirmed: "Confirmed",
  declined: "Declined",
  cancelled: "Cancelled",
  no_show: "No-show",
};

export default function ConsultationsTab({ loaderData }: Route.ComponentProps) {
  const { view, show, one, error, list, week, settings, closedDates, holidays, feed, mayChangeSettings, declineTexts, lawyers } = loaderData;
  const link = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-semibold ${active ? "bg-brand-700 text-white" : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100"}`;
  const query = (changes: Record<string, string>) => {
    const params = new URLSearchParams({ view, show, ...(week ? { week: week.days[0].date } : {}), ...changes });
    if (params.get("view") === "list") params.delete("week");
    return `/admin/dashboard/consultations?${params}`;
  };
  return (
    <div className="space-y-8">
      <section aria-labelledby="bookings-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="bookings-heading" className="text-xl font-semibold text-slate-900">
          Consultation bookings
        </h2>
        <p className="text-sm text-slate-600">Times in Vancouver time. The list shows bookings from the last week on.</p>
        <nav aria-label="View" className="flex flex-wrap gap-2">
          <Link to={query({ view: "list" })} className={link(view === "list")} aria-current={view === "list" ? "page" : undefined}>
            List
          </Link>
          <Link to={query({ view: "week" })} className={link(view === "week")} aria-current={view === "week" ? "page" : undefined}>
            Week
          </Link>
        </nav>
        <nav aria-label="Show bookings" className="flex flex-wrap gap-2">
          {(Object.keys(FILTER_LABELS) as BookingFilter[]).map((filter) => (
            <Link key={filter} to={query({ show: filter })} className={link(show === filter)} aria-current={show === filter ? "page" : undefined}>
              {FILTER_LABELS[filter]}
              {filter === "conflict" && view === "list" ? ` (${list.conflicts})` : ""}
            </Link>
          ))}
        </nav>
        {error ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            {error}
          </p>
        ) : null}
        {one ? (
          <p className="text-sm text-slate-700">
            Booking #{one} only.{" "}
            <Link to="/admin/dashboard/consultations" className="font-semibold text-brand-700 underline underline-offset-4">
              All bookings
            </Link>
          </p>
        ) : null}
        {view === "week" && week ? <WeekView week={week} settings={settings} query={query} /> : <BookingList items={list.items} total={list.total} />}
      </section>

      <FeedPanel feed={feed} />

      <LawyerCalendarsPanel lawyers={lawyers} editable={mayChangeSettings} />

      <SettingsPanel settings={settings} closedDates={closedDates} holidays={holidays} editable={mayChangeSettings} />

      <DeclineTextsPanel texts={declineTexts} editable={mayChangeSettings} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="the consultations" />;
}
