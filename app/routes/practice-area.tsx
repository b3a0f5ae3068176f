import { data as response } from "react-router";
import type { Route } from "./+types/practice-area";
import { useT } from "~/i18n/hooks";
import { stripLangPrefix } from "~/i18n/languages";
import { pageTexts } from "~/i18n/page.server";
import { pageMeta } from "~/seo/meta";
import { Breadcrumbs } from "~/components/site/Breadcrumbs";
import { PageHero } from "~/components/practice/ui";
import { areaImageAltKey, areaPath } from "~/components/practice/areas";
import { AREA_PAGES, areaPageForPath, faqItems } from "~/components/practice/area-pages";
import { AreaCallToAction, AreaExtra, AreaFaq, AreaOverview, AreaServices } from "~/components/practice/AreaSections";

/** One module serves the four practice-area paths; the URL says which area. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = areaPageForPath(stripLangPrefix(new URL(request.url).pathname));
  if (!page) throw response(null, { status: 404 });
  const { lang, texts } = await pageTexts(request, context, {
    categories: [page.category],
    keys: ["practice-areas-breadcrumb", areaImageAltKey(page)],
  });
  // The FAQ in the page's language, ready for the accordion and for FAQPage structured data.
  return { lang, texts, slug: page.slug, faq: faqItems(page, texts) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const page = AREA_PAGES.find((p) => p.slug === data?.slug);
  if (!data || !page) return [];
  return pageMeta(matches, {
    title: data.texts[`${page.prefix}-page-title`] ?? "",
    description: data.texts[`${page.prefix}-meta-description`] ?? "",
    path: areaPath(page),
  });
};

export default function PracticeAreaPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const page = AREA_PAGES.find((p) => p.slug === loaderData.slug)!;
  // Sections after the overview alternate tinted and white backgrounds.
  const tintAt = (index: number) => index % 2 === 0;
  return (
    <>
      <Breadcrumbs items={[{ label: t("practice-areas-breadcrumb"), path: "/practice-areas" }, { label: t(`${page.prefix}-breadcrumb`) }]} />
      <PageHero id="area-hero-heading" title={t(`${page.prefix}-hero-title`)} subtitle={t(`${page.prefix}-hero-subtitle`)} icon={page.icon} />
      <AreaOverview page={page} />
      <AreaServices page={page} tint={tintAt(0)} />
      {page.extras.map((extra, index) => (
        <AreaExtra key={extra.id} extra={extra} tint={tintAt(index + 1)} />
      ))}
      <AreaFaq page={page} items={loaderData.faq} tint={tintAt(page.extras.length + 1)} />
      <AreaCallToAction page={page} />
    </>
  );
}
