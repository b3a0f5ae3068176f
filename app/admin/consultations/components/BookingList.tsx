import type { StaffBooking } from "~/booking/staff.server";
import { BookingCard } from "./BookingCard";

export function BookingList({ items, total }: { items: StaffBooking[]; total: number }) {
  if (items.length === 0) return <p className="p-6 text-center text-sm text-slate-700">No bookings to show.</p>;
  return (
    <>
      {total > items.length ? <p className="text-sm text-slate-600">Showing the first {items.length} of {total}.</p> : null}
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Bookings">
        {items.map((booking) => (
          <li key={booking.id} className="p-4">
            <BookingCard booking={booking} />
          </li>
        ))}
      </ul>
    </>
  );
}
