import type { Route } from "./+types/robots-txt";
import { robotsTxt } from "~/seo/feeds.server";

/** /robots.txt: everything but the admin is open to crawlers; points to the sitemap. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.services.config.SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
