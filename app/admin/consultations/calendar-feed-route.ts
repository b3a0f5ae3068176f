import type { Route } from "./+types/calendar-feed-route";
import { renderFeed } from "~/booking/feed.server";
import { renderLawyerFeed } from "~/booking/lawyer-feed.server";

/**
 * GET /admin/calendar/<token>.ics: a staff member's private calendar feed (decision 0080), or a
 * lawyer's own feed of their bookings (decision 0105), whichever the token opens. No
 * session: the secret token in the address is the key (open path, app/auth/open-paths.ts). An
 * unknown, revoked or replaced token, a disabled account or one without consultations.read: 404,
 * the same answer for each, so the address says nothing about which.
 */
// server/admin-gate.ts already sends "no-store" on every /admin answer; the feed adds "private".
const CACHE = { "Cache-Control": "private" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const file = params.feed ?? "";
  const now = new Date();
  const body = (await renderFeed(db, file, config.SITE_URL, now)) ?? (await renderLawyerFeed(db, file, config.SITE_URL, now));
  if (body === null) return new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...CACHE } });
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": "text/calendar; charset=utf-8", ...CACHE, "Content-Disposition": 'inline; filename="consultations.ics"' },
  });
}
