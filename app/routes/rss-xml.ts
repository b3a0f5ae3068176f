import type { Route } from "./+types/rss-xml";
import { langFromPath } from "~/i18n/languages";
import { rssXml } from "~/seo/feeds.server";

/** /rss.xml, /fa/rss.xml, /zh/rss.xml: the published posts in that language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, texts, config } = context.services;
  const lang = langFromPath(new URL(request.url).pathname);
  return new Response(await rssXml(db, texts, config.SITE_URL, lang), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=3600",
    },
  });
}
