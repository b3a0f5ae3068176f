import { Link } from "react-router";
import type { BookingSettings } from "~/booking/settings";
import type { StaffBooking, WeekDay } from "~/booking/staff.server";
import { STATUS_LABELS } from "~/booking/status";
import { BookingCard } from "./BookingCard";

interface Props {
  week: { days: WeekDay[]; items: StaffBooking[]; previous: string; next: string };
  settings: BookingSettings;
  query: (changes: Record<string, string>) => string;
}

const hourOf = (time: string) => Number(time.slice(0, 2));

/**
 * A week as a table (Vancouver days across, hours down): each booking in the cell of its day and
 * starting hour, linked to its details below. A table with headers, so a screen reader announces
 * the day and hour of each booking.
 */
export function WeekView({ week, settings, query }: Props) {
  const opens = settings.hours.flatMap((h) => (h ? [hourOf(h.open)] : []));
  const closes = settings.hours.flatMap((h) => (h ? [Math.ceil((hourOf(h.close) * 60 + Number(h.close.slice(3, 5))) / 60)] : []));
  const starts = week.items.map((b) => hourOf(b.time));
  const first = Math.min(...opens, ...starts, 9);
  const last = Math.max(...closes.map((h) => h - 1), ...starts, 16);
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const cell = (day: string, hour: number) => week.items.filter((b) => b.day === day && hourOf(b.time) === hour);
  return (
    <div className="space-y-4">
      <nav aria-label="Weeks" className="flex flex-wrap items-center gap-3 text-sm">
        <Link to={query({ week: week.previous })} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          ← Previous week
        </Link>
        <span className="text-slate-700">
          Week of {week.days[0].label} to {week.days[6].label}
        </span>
        <Link to={query({ week: week.next })} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Next week →
        </Link>
      </nav>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[48rem] table-fixed border-collapse text-sm">
          <caption className="sr-only">Bookings of the week of {week.days[0].label}, Vancouver time</caption>
          <thead>
            <tr>
              <th scope="col" className="w-20 border border-slate-200 bg-slate-50 px-2 py-1 text-start">
                Time
              </th>
              {week.days.map((day) => (
                <th key={day.date} scope="col" className="border border-slate-200 bg-slate-50 px-2 py-1 text-start">
                  <time dateTime={day.date}>{day.label}</time>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => (
              <tr key={hour}>
                <th scope="row" className="border border-slate-200 bg-slate-50 px-2 py-1 text-start align-top font-medium">
                  {String(hour).padStart(2, "0")}:00
                </th>
                {week.days.map((day) => (
                  <td key={day.date} className="h-12 border border-slate-200 px-1 py-1 align-top">
                    <ul className="space-y-1">
                      {cell(day.date, hour).map((b) => (
                        <li key={b.id}>
                          <a href={`#booking-${b.id}`} className={`block rounded px-1.5 py-0.5 text-xs ${b.conflicts.length + b.hits.length ? "bg-red-100 text-red-900" : "bg-brand-100 text-brand-900"} hover:underline`}>
                            {b.time} <bdi>{b.name}</bdi> · {STATUS_LABELS[b.status]}
                            {b.conflicts.length + b.hits.length ? " · Possible conflict" : ""}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {week.items.length === 0 ? (
        <p className="text-sm text-slate-700">No bookings this week.</p>
      ) : (
        <section aria-labelledby="week-details" className="space-y-2">
          <h3 id="week-details" className="font-semibold text-slate-900">
            This week&apos;s bookings
          </h3>
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {week.items.map((booking) => (
              <li key={booking.id} className="p-4">
                <BookingCard booking={booking} headingLevel={4} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
