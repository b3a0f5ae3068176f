import { useLoaderData } from "react-router";
import type { Route } from "./+types/content-route";
import faFont from "@fontsource/vazirmatn/400.css?url";
import zhFont from "@fontsource/noto-sans-sc/400.css?url";
import { adminAction, intent, type ActionResult } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { requireAdminPage } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { listContentEntries, saveContentEntries } from "~/admin/content/content.server";
import { contentSaveFromFormData, contentSaveSchema, translateMissingSchema, translateOneSchema } from "~/admin/content/schema";
import { startTranslateMissing, translateMissing, translateText } from "~/admin/content/translate.server";
import { recentJobs } from "~/admin/jobs/jobs.server";
import { ContentEditor } from "~/admin/content/components/ContentEditor";
import { AdminTab } from "~/admin/kit/AdminTab";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { services } = context;
  const { translator } = services;
  return {
    entries: await listContentEntries(services.db),
    jobs: await recentJobs(services, [translateMissing.name]),
    translator: { configured: translator.configured, provider: translator.provider, message: translator.notConfiguredMessage },
  };
}

const intents = {
  save: intent({
    failure: "Failed to update content",
    schema: contentSaveSchema,
    input: contentSaveFromFormData,
    serverFailure: "The server could not save the texts. Please try again.",
    run: async ({ input, services, user }) => {
      const result = await saveContentEntries(services, user.id, input);
      return { saved: result.saved, changed: result.changed.length };
    },
  }),
  translate: intent({
    failure: "Translation failed",
    schema: translateOneSchema,
    serverFailure: "Failed to translate content",
    run: async ({ input, services, request }) => ({
      key: input.key,
      language: input.language,
      translation: await translateText(services, input.text, input.language, request.signal),
    }),
  }),
  "translate-missing": intent({
    failure: "Translation failed",
    schema: translateMissingSchema,
    run: ({ input, services, user }) => startTranslateMissing(services, user, input.language),
  }),
};
export type ContentActionResult = ActionResult<typeof intents>;
export type ContentSaveResult = Extract<ContentActionResult, { ok: true; intent: "save" }> | Extract<ContentActionResult, { ok: false }>;

// The save form carries no intent field (it also works without JavaScript).
export const action = adminAction(intents, { intentOf: (form) => String(form.get("intent") ?? "save") });

export const meta: Route.MetaFunction = () => adminMeta("Website Content | Admin Dashboard");

// The Farsi and Chinese inputs show their scripts in the site's own fonts (only used glyphs download).
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: faFont },
  { rel: "stylesheet", href: zhFont },
];

export default function ContentTab() {
  const { entries, jobs, translator } = useLoaderData<typeof loader>();
  return (
    <AdminTab
      id="content-tab-title"
      title="Website Content"
      description="Every text of the public site in English, Farsi and Chinese. Team members' roles and biographies are edited in the Team Management tab."
    >
      <ContentEditor entries={entries} jobs={jobs} translator={translator} />
    </AdminTab>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="content" />;
}
