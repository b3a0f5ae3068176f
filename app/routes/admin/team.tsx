import { useEffect } from "react";
import { BadForm, parseForm } from "~/form-data.server";
import { data, isRouteErrorResponse, useLoaderData, useRevalidator, useRouteError } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/team";
import faFont from "@fontsource/vazirmatn/400.css?url";
import zhFont from "@fontsource/noto-sans-sc/400.css?url";
import { requireAdminAction, requireAdminPage } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { addMember, deleteMember, ImageRejected, listTeam, MAX_UPLOAD_BYTES, MemberNotFound, setMemberPhoto, updateMember } from "~/admin/team/team.server";
import { readUploadForm, UploadTooLarge } from "~/admin/team/upload.server";
import { memberFieldErrors, memberFromFormData, memberIdSchema, memberSchema, photoUploadSchema } from "~/admin/team/schema";
import { TeamManager } from "~/components/admin/team/TeamManager";
import type { TeamActionResult } from "~/components/admin/team/types";
import { Button } from "~/components/ui/button";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { members: await listTeam(context.services.db) };
}

const FAILURES: Record<string, string> = {
  add: "Failed to add member",
  update: "Failed to update member",
  delete: "Failed to delete member",
  photo: "Failed to upload photo",
};

const fail = (intent: string, reason: string, status: number, fieldErrors?: Record<string, string>) =>
  data<TeamActionResult>({ ok: false, intent, error: FAILURES[intent] ?? "The request was not understood.", reason, fieldErrors }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminAction(request, context);
  const { services } = context;
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  let form: FormData;
  try {
    form = multipart ? await readUploadForm(request) : await parseForm(request);
  } catch (error) {
    if (error instanceof UploadTooLarge) return fail("photo", error.message, 413);
    if (error instanceof BadForm) return fail(multipart ? "photo" : "unknown", error.message, error.status);
    throw error;
  }
  const intent = String(form.get("intent") ?? "");

  try {
    switch (intent) {
      case "add": {
        const { id } = await addMember(services, user.id);
        return data<TeamActionResult>({ ok: true, intent, id });
      }
      case "update": {
        const parsed = memberSchema.safeParse(memberFromFormData(form));
        if (!parsed.success) return fail(intent, parsed.error.issues[0].message, 400, memberFieldErrors(parsed.error));
        await updateMember(services, user.id, parsed.data);
        return data<TeamActionResult>({ ok: true, intent, id: parsed.data.id });
      }
      case "delete": {
        const id = memberIdSchema.safeParse(form.get("id"));
        if (!id.success) return fail(intent, id.error.issues[0].message, 400);
        await deleteMember(services, user.id, id.data);
        return data<TeamActionResult>({ ok: true, intent, id: id.data });
      }
      case "photo": {
        const parsed = photoUploadSchema.safeParse({ id: form.get("id"), kind: form.get("kind") });
        if (!parsed.success) return fail(intent, parsed.error.issues[0].message, 400);
        const file = form.get("photo");
        if (!(file instanceof File) || file.size === 0) return fail(intent, "Choose an image file to upload.", 400);
        if (file.size > MAX_UPLOAD_BYTES) return fail(intent, "The image is larger than 8 MB.", 413);
        const url = await setMemberPhoto(services, user.id, parsed.data.id, parsed.data.kind, Buffer.from(await file.arrayBuffer()));
        return data<TeamActionResult>({ ok: true, intent, id: parsed.data.id, kind: parsed.data.kind, url });
      }
      default:
        return fail("unknown", "Unknown action.", 400);
    }
  } catch (error) {
    if (error instanceof ImageRejected) return fail(intent, error.message, 400);
    if (error instanceof MemberNotFound) return fail(intent, error.message, 404);
    services.log.error({ err: error, intent }, "team management action failed");
    return fail(intent, "The server could not complete the change. Please try again.", 500);
  }
}

export const meta: Route.MetaFunction = () => adminMeta("Team Management | Admin Dashboard");

// The Farsi and Chinese inputs show their scripts in the site's own fonts (only used glyphs download).
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: faFont },
  { rel: "stylesheet", href: zhFont },
];

export default function TeamTab() {
  const { members } = useLoaderData<typeof loader>();
  return <TeamManager members={members} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const signedOut = isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
  useEffect(() => {
    if (!signedOut) toast.error("Failed to load team data");
  }, [signedOut]);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
      {signedOut ? (
        <p>
          Your session has ended. <a href="/admin/login" className="font-semibold underline">Sign in again</a>.
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <p>Failed to load team data. Please try again.</p>
          <Button variant="secondary" onClick={() => revalidator.revalidate()}>
            Try again
          </Button>
        </div>
      )}
    </div>
  );
}
