import { useEffect } from "react";
import { toast } from "sonner";
import type { Route } from "./+types/instagram-route";
import { adminAction } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { requirePermission } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { loadSettings } from "~/instagram/settings.server";
import { InstagramSettingsForm } from "~/admin/instagram/components/InstagramSettingsForm";
import { AdminTab } from "~/admin/kit/AdminTab";
import { intents } from "./actions.server";

export const meta: Route.MetaFunction = () => adminMeta("Instagram | Admin Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "instagram.settings");
  const { services } = context;
  try {
    return { settings: await loadSettings(services.db), loadError: null };
  } catch (error) {
    services.log.error({ err: error }, "admin: loading the Instagram settings failed");
    return { settings: null, loadError: "The Instagram settings could not be read. Please reload the page." };
  }
}

export const action = adminAction(intents, { permission: "instagram.settings" });

export default function InstagramTab({ loaderData }: Route.ComponentProps) {
  const { settings, loadError } = loaderData;
  useEffect(() => {
    if (loadError) toast.error("Failed to load", { description: loadError });
  }, [loadError]);
  return (
    <AdminTab id="instagram-heading" title="Instagram Settings" description="Connect the firm's Instagram business account to post blog articles with their featured image.">
      {settings ? <InstagramSettingsForm settings={settings} /> : <p className="text-sm text-slate-700">The settings could not be loaded.</p>}
    </AdminTab>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="the Instagram settings" />;
}
