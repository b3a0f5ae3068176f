import type { Route } from "./+types/home";
import { pageTexts } from "~/i18n/page.server";
import { textsPageMeta } from "~/components/site/page-meta";
import { seoSiteFor } from "~/seo/site.server";
import { addJsonLd } from "~/document/json-ld.server";
import { legalService } from "~/seo/jsonld";
import { areaCardKeys } from "~/components/practice/areas";
import { HomeCallToAction, HomeHero, HomePracticeAreas, HomeTestimonials, HomeWhyChoose } from "~/components/home/HomeSections";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [page, site] = await Promise.all([
    pageTexts(request, context, { categories: ["home", "why-choose-us"], keys: areaCardKeys }),
    seoSiteFor(request, context),
  ]);
  // Structured data is built here, on the server, so its builders never ship to the browser.
  addJsonLd(context, [legalService(site)]);
  return page;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  textsPageMeta(matches, data?.texts, "/");

export default function Home() {
  return (
    <>
      <HomeHero />
      <HomePracticeAreas />
      <HomeWhyChoose />
      <HomeTestimonials />
      <HomeCallToAction />
    </>
  );
}
