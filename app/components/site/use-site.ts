import { useRouteLoaderData } from "react-router";

/** The site's settings a public page may show (from the configuration, read by the site layout's loader). */
export interface SiteSettings {
  whatsappNumber: string;
  /** The firm's own scheduler (BOOKING_URL), or null: the site's booking form (decision 0078). */
  bookingUrl: string | null;
  siteUrl: string;
  meetHost: string;
}

/** The route id of the layout every public page renders in. */
export const SITE_LAYOUT_ROUTE = "routes/site-layout";

/** The site's settings (booking page, chat number) for any public page component. */
export function useSite(): SiteSettings {
  const data = useRouteLoaderData(SITE_LAYOUT_ROUTE) as { site: SiteSettings } | undefined;
  if (!data) throw new Error("useSite() is for pages inside the site layout");
  return data.site;
}
