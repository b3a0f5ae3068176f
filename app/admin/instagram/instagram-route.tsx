import { useEffect } from "react";
import { toast } from "sonner";
import type { Route } from "./+types/instagram-route";
import { adminAction, intent, type ActionResult } from "~/admin/kit/action.server";
import { AdminError } from "~/admin/kit/errors.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { requireAdminPage } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { loadSettings, saveSettings, testConnection } from "~/admin/instagram/settings.server";
import { settingsSchema, testSchema } from "~/admin/instagram/schema";
import { InstagramSettingsForm } from "~/admin/instagram/components/InstagramSettingsForm";
import { AdminTab } from "~/admin/kit/AdminTab";

export const meta: Route.MetaFunction = () => adminMeta("Instagram | Admin Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { services } = context;
  try {
    return { settings: await loadSettings(services.db), loadError: null };
  } catch (error) {
    services.log.error({ err: error }, "admin: loading the Instagram settings failed");
    return { settings: null, loadError: "The Instagram settings could not be read. Please reload the page." };
  }
}

const intents = {
  save: intent({
    failure: "Failed to save",
    schema: settingsSchema,
    serverFailure: "The settings could not be saved. Please try again.",
    run: async ({ input, services, user }) => ({ settings: await saveSettings(services, user, input) }),
  }),
  test: intent({
    failure: "Connection failed",
    schema: testSchema,
    run: async ({ input, services, request }) => {
      const result = await testConnection(services, input, request.signal);
      if (!result.connected) throw new AdminError(result.error ?? "Unknown error", 502);
      return { username: result.username, profilePictureUrl: result.profilePictureUrl };
    },
  }),
};
export type InstagramActionResult = ActionResult<typeof intents>;

export const action = adminAction(intents);

export default function InstagramTab({ loaderData }: Route.ComponentProps) {
  const { settings, loadError } = loaderData;
  useEffect(() => {
    if (loadError) toast.error("Failed to load", { description: loadError });
  }, [loadError]);
  return (
    <AdminTab
      id="instagram-heading"
      title="Instagram Settings"
      description="Connect the firm's Instagram business account to post blog articles with their featured image."
    >
      {settings ? <InstagramSettingsForm settings={settings} /> : <p className="text-sm text-slate-700">The settings could not be loaded.</p>}
    </AdminTab>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="the Instagram settings" />;
}
