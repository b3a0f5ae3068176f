import { useLoaderData } from "react-router";
import type { Route } from "./+types/content-route";
import faFont from "@fontsource/vazirmatn/400.css?url";
import zhFont from "@fontsource/noto-sans-sc/400.css?url";
import { adminAction } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { requirePermission } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { listContentEntries } from "~/content/entries.server";
import { translateMissing } from "~/content/translate.server";
import { recentJobs } from "~/jobs/started.server";
import { ContentEditor } from "~/admin/content/components/ContentEditor";
import { AdminTab } from "~/admin/kit/AdminTab";
import { intents } from "./actions.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "content.edit");
  const { services } = context;
  const { translator } = services;
  return {
    entries: await listContentEntries(services.db),
    jobs: await recentJobs(services, [translateMissing.name]),
    translator: { configured: translator.configured, provider: translator.provider, message: translator.notConfiguredMessage },
  };
}

// The save form carries no intent field (it also works without JavaScript).
export const action = adminAction(intents, { permission: "content.edit", intentOf: (form) => String(form.get("intent") ?? "save") });

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
