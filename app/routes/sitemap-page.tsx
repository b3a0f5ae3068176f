import { FileText, Newspaper, Scale } from "lucide-react";
import type { Route } from "./+types/sitemap-page";
import { listPublishedPosts, localizePostSummary } from "~/blog/posts.server";
import { textLangProps } from "~/components/blog/PostCards";
import { Breadcrumbs } from "~/components/site/Breadcrumbs";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import { pageLinks, practiceAreaLinks, type SiteLink } from "~/components/site/site-links";
import { useLang, useT } from "~/i18n/hooks";
import { pageTexts } from "~/i18n/page.server";
import { textsPageMeta } from "~/components/site/page-meta";

/** The site's pages and the practice areas (the overview first), with the site map's link texts. */
const SITEMAP_PAGES = pageLinks(
  ["home", "team", "about", "blog", "contact", "virtual-consultation", "video-consultation", "privacy", "sitemap"],
  "sitemap-link-",
);
const SITEMAP_PRACTICE_AREAS = [...pageLinks(["practice-areas"], "sitemap-link-"), ...practiceAreaLinks("sitemap-link-")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = context.services;
  const page = await pageTexts(request, context, { prefixes: ["sitemap-"] });
  let posts: Array<{ id: number; slug: string; title: ReturnType<typeof localizePostSummary>["title"] }> = [];
  try {
    posts = (await listPublishedPosts(db)).map((row) => {
      const { id, slug, title } = localizePostSummary(row, page.lang);
      return { id, slug, title };
    });
  } catch (error) {
    // The page's other links are still useful without the posts.
    log.error({ err: error }, "Failed to fetch blog posts for the site map");
  }
  return { ...page, posts };
}

export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  textsPageMeta(matches, page?.texts, "/sitemap", { breadcrumb: "sitemap-page-title", fallback: { title: "Site Map" } });

const linkClass = "text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline";

function LinkGroup({ id, title, icon, children }: { id: string; title: string; icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 text-xl font-semibold text-brand-900">
        {icon}
        {title}
      </h2>
      <ul className="mt-4 space-y-2.5">{children}</ul>
    </section>
  );
}

export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { posts } = loaderData;
  const iconClass = "size-5 text-gold-500";
  const pageLink = (item: SiteLink) => (
    <li key={item.path}>
      <LocalizedLink to={item.path} className={linkClass} aria-current={item.path === "/sitemap" ? "page" : undefined}>
        {t(item.key)}
      </LocalizedLink>
    </li>
  );
  return (
    <>
      <Breadcrumbs items={[{ label: t("sitemap-page-title") }]} />
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-16 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{t("sitemap-page-title")}</h1>
        <p className="mt-3 max-w-3xl text-lg text-slate-700">{t("sitemap-intro")}</p>
        <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          <LinkGroup id="sitemap-pages" title={t("sitemap-pages-title")} icon={<FileText aria-hidden="true" className={iconClass} />}>
            {SITEMAP_PAGES.map(pageLink)}
          </LinkGroup>
          <LinkGroup id="sitemap-practice-areas" title={t("sitemap-practice-areas-title")} icon={<Scale aria-hidden="true" className={iconClass} />}>
            {SITEMAP_PRACTICE_AREAS.map(pageLink)}
          </LinkGroup>
          <LinkGroup id="sitemap-blog" title={t("sitemap-blog-title")} icon={<Newspaper aria-hidden="true" className={iconClass} />}>
            {posts.length === 0 ? (
              <li className="text-slate-600">{t("sitemap-blog-empty")}</li>
            ) : (
              posts.map((post) => (
                <li key={post.id}>
                  <LocalizedLink to={`/blog/${post.slug}`} className={linkClass} {...textLangProps(post.title, lang)}>
                    {post.title.text}
                  </LocalizedLink>
                </li>
              ))
            )}
          </LinkGroup>
        </div>
      </div>
    </>
  );
}
