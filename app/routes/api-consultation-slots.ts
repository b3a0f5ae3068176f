import type { Route } from "./+types/api-consultation-slots";
import { answerSlots } from "~/booking/slots-api.server";

/** GET /api/consultations/slots: the free consultation slots as JSON (docs/booking-progress.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, clock, config } = context.services;
  const answer = await answerSlots({ db, now: () => clock.now(), rateLimit: config.SLOTS_RATE_LIMIT }, new URL(request.url), context.clientIp);
  return Response.json(answer.body, {
    status: answer.status,
    // Free slots change with every booking: never stored by a browser or a shared cache.
    headers: { "Cache-Control": "no-store", ...(answer.status === 429 ? { "Retry-After": "60" } : {}) },
  });
}
