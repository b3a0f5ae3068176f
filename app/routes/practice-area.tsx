import { data as response } from "react-router";
import type { Route } from "./+types/practice-area";
import { useT } from "~/i18n/hooks";
import { stripLangPrefix } from "~/i18n/languages";
import { pageTexts } from "~/i18n/page.server";
import { pageMeta } from "~/seo/meta";
import { seoSiteFor } from "~/seo/site.server";
import { addJsonLd } from "~/document/json-ld.server";
import { faqPage, services } from "~/seo/jsonld";
import { Breadcrumbs } from "~/components/site/Breadcrumbs";
import { areaImageAltKey, areaPath } from "~/components/practice/areas";
import { areaPageForPath, faqItems } from "~/components/practice/area-pages";
import AreaPageBody from "~/components/practice/AreaPageBody";

/** One module serves the four practice-area paths; the URL says which area. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = areaPageForPath(stripLangPrefix(new URL(request.url).pathname));
  if (!page) throw response(null, { status: 404 });
  const { lang, texts } = await pageTexts(request, context, {
    categories: [page.category],
    keys: ["practice-areas-breadcrumb", areaImageAltKey(page)],
  });
  const path = areaPath(page);
  const faq = faqItems(page, texts);
  // Structured data is built here, on the server, so its builders never ship to the browser.
  const site = await seoSiteFor(request, context);
  addJsonLd(context, [
    services(site, {
      areaName: texts[`${page.prefix}-breadcrumb`] ?? "",
      path,
      description: texts[`${page.prefix}-meta-description`],
      services: Array.from({ length: page.serviceCount }, (_, i) => texts[`${page.prefix}-service-${i + 1}-title`] ?? ""),
    }),
    faqPage(site, faq, path),
  ]);
  return {
    lang,
    texts,
    slug: page.slug,
    prefix: page.prefix,
    path,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
  const { texts, prefix, path } = data;
  return pageMeta(matches, {
    title: texts[`${prefix}-page-title`] ?? "",
    description: texts[`${prefix}-meta-description`] ?? "",
    path,
    breadcrumbs: [
      { name: texts["practice-areas-breadcrumb"] ?? "", path: "/practice-areas" },
      { name: texts[`${prefix}-breadcrumb`] ?? "", path },
    ],
  });
};

export default function PracticeArea({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <Breadcrumbs
        items={[{ label: t("practice-areas-breadcrumb"), path: "/practice-areas" }, { label: t(`${loaderData.prefix}-breadcrumb`) }]}
      />
      <AreaPageBody slug={loaderData.slug} faq={faqItems(areaPageForPath(loaderData.path)!, loaderData.texts)} />
    </>
  );
}
