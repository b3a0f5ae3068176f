import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireAdminPage } from "~/auth/guard.server";

/** /admin: the dashboard for an admin; the guard sends anyone else to the login page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return redirect("/admin/dashboard");
}
