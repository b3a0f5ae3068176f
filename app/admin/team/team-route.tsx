import { useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/team-route";
import faFont from "@fontsource/vazirmatn/400.css?url";
import zhFont from "@fontsource/noto-sans-sc/400.css?url";
import { adminAction, intent, type ActionResult } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { isMultipart, readAdminForm } from "~/admin/kit/upload.server";
import { requireAdminPage } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { addMember, deleteMember, listTeam, setMemberPhoto, updateMember } from "~/admin/team/members.server";
import { memberFieldName, memberFromFormData, memberIdSchema, memberSchema, memberTranslateSchema, photoUploadSchema } from "~/admin/team/schema";
import { translateTeamText } from "~/admin/content/translate.server";
import { teamMemberKey } from "~/team/fields";
import { TeamManager } from "~/admin/team/components/TeamManager";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { members: await listTeam(context.services.db) };
}

const intents = {
  add: intent({
    failure: "Failed to add member",
    run: async ({ services, user }) => ({ id: (await addMember(services, user.id)).id }),
  }),
  update: intent({
    failure: "Failed to update member",
    schema: memberSchema,
    input: memberFromFormData,
    fieldName: memberFieldName,
    run: async ({ input, services, user }) => {
      await updateMember(services, user.id, input);
      return { id: input.id };
    },
  }),
  delete: intent({
    failure: "Failed to delete member",
    schema: z.object({ id: memberIdSchema }),
    run: async ({ input, services, user }) => {
      await deleteMember(services, user.id, input.id);
      return { id: input.id };
    },
  }),
  translate: intent({
    failure: "Translation failed",
    schema: memberTranslateSchema,
    serverFailure: "Failed to translate content",
    run: async ({ input, services, user, request }) => {
      const key = teamMemberKey(input.id, input.field);
      const translation = await translateTeamText(services, user, { key, language: input.language, englishInForm: input.english }, request.signal);
      return { id: input.id, field: input.field, language: input.language, translation };
    },
  }),
  photo: intent({
    failure: "Failed to upload photo",
    schema: photoUploadSchema.extend({ photo: z.instanceof(File, { error: "Choose an image file to upload." }).refine((file) => file.size > 0, "Choose an image file to upload.") }),
    input: (form) => ({ id: form.get("id"), kind: form.get("kind"), photo: form.get("photo") }),
    run: async ({ input, services, user }) => {
      const url = await setMemberPhoto(services, user.id, input.id, input.kind, Buffer.from(await input.photo.arrayBuffer()));
      return { id: input.id, kind: input.kind, url };
    },
  }),
};
export type TeamActionResult = ActionResult<typeof intents>;

// A photo comes as multipart, read by the admin's one upload path; the rest are plain forms.
export const action = adminAction(intents, { readForm: readAdminForm, unreadable: (request) => (isMultipart(request) ? "photo" : "unknown") });

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
  return <AdminRouteError what="team data" />;
}
