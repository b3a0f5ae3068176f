import type { Route } from "./+types/booking-calendar";
import { bookingCalendarFile } from "~/booking/manage-page.server";

/**
 * GET /virtual-consultation/manage/<token>/calendar.ics (decision 0106): "Add to calendar" on the
 * confirmation and manage pages, the booking as a published event. Opening it uses nothing up; an
 * unknown or spent token, or a booking no longer live: 404. Never cached, indexed or referred.
 */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const body = await bookingCalendarFile(context, params.token ?? "");
  if (body === null) return new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE } });
  return new Response(body, { status: 200, headers: { "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'attachment; filename="consultation.ics"', ...PRIVATE } });
}
