import { handleImageUpload } from "~/admin/media/media-upload.server";
import { requireActionPermission } from "~/auth/guard.server";
import type { Route } from "./+types/media-route";

// 'Cache-Control: no-store' is added to every /admin response by server/admin-gate.ts.
const json = (body: unknown, status = 200, extra: Record<string, string> = {}) => Response.json(body, { status, headers: extra });

/** Uploads only: a GET here is refused by the guard (405), like every admin mutation over GET. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireActionPermission(request, context, "media.upload");
  return json({ error: "Method Not Allowed" }, 405, { Allow: "POST" });
}

/** POST /admin/media, multipart field `file`: `{ url, width, height }` or `{ error }`. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireActionPermission(request, context, "media.upload");
  try {
    const result = await handleImageUpload(context.services, user, request);
    if (!result.ok) return json({ error: result.error }, result.status);
    const { url, width, height } = result.image;
    return json({ url, width, height });
  } catch (error) {
    context.services.log.error({ err: error }, "image upload failed");
    return json({ error: "The image could not be stored. Please try again." }, 500);
  }
}
