import type { Route } from "./+types/logout";
import { logoutAction } from "~/auth/logout.server";

/** Signing out changes state, so it is POST only (a link or image cannot sign anyone out). */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  return logoutAction(request, context);
}
