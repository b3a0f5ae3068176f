import { redirect } from "react-router";
import { adminHome } from "~/auth/tabs";
import type { Route } from "./+types/index";
import { requirePermission } from "~/auth/guard.server";

/** /admin: the dashboard for an admin; the guard sends anyone else to the login page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "dashboard.open");
  return redirect(adminHome(user.roles ?? []));
}
