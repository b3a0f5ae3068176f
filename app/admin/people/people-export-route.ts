import { redirect } from "react-router";
import { requireDataPermission } from "~/auth/guard.server";
import { exportPerson, personSearchSchema } from "~/privacy/people.server";
import type { Route } from "./+types/people-export-route";

/** GET /admin/dashboard/people/export?q=…: everything held about a person, one JSON file (decision 0092). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireDataPermission(request, context, "people.data");
  const q = new URL(request.url).searchParams.get("q");
  // No search yet: the tab, where one is made.
  if (q === null) return redirect("/admin/dashboard/people");
  const parsed = personSearchSchema.safeParse({ q });
  if (!parsed.success) {
    return new Response(parsed.error.issues[0]?.message ?? "Enter an e-mail address or a name.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const { filename, body } = await exportPerson(context.services.db, user, parsed.data.q, context.services.clock.now());
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      // Personal data: 'Cache-Control: no-store' comes from the server's /admin header middleware (server/admin-gate.ts).
    },
  });
}
