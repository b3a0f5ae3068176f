import type { Route } from "./+types/home";
import { pageTexts } from "~/i18n/page.server";
import { pageMeta, seoSite } from "~/seo/meta";
import { legalService } from "~/seo/jsonld";
import { areaCardKeys } from "~/components/practice/areas";
import { HomeCallToAction, HomeHero, HomePracticeAreas, HomeTestimonials, HomeWhyChoose } from "~/components/home/HomeSections";

export async function loader({ request, context }: Route.LoaderArgs) {
  return pageTexts(request, context, { categories: ["home", "why-choose-us"], keys: areaCardKeys });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, { title: data?.texts["home-page-title"] ?? "", description: data?.texts["home-meta-description"] ?? "", path: "/", jsonLd: [legalService(seoSite(matches))] });

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
