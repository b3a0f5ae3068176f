import type { Route } from "./+types/sitemap-xml";
import { sitemapEntries, sitemapXml } from "~/seo/feeds.server";

/** /sitemap.xml: every public URL in every language, with hreflang alternates and lastmod. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const body = sitemapXml(config.SITE_URL, await sitemapEntries(db));
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=3600",
    },
  });
}
