import type { Route } from "./+types/about";
import { useT } from "~/i18n/hooks";
import { pageTexts } from "~/i18n/page.server";
import { pageMeta, siteFacts } from "~/seo/meta";
import { Breadcrumbs } from "~/components/site/Breadcrumbs";
import { AboutHero, AboutLocation, AboutStory, AboutValues, AboutWhy } from "~/components/about/AboutSections";

export async function loader({ request, context }: Route.LoaderArgs) {
  return pageTexts(request, context, { categories: ["about"], keys: ["contact-office-address", "contact-phone", "contact-email"] });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, { title: data?.texts["about-page-title"] ?? "", description: data?.texts["about-meta-description"] ?? "", path: "/about", breadcrumbs: [{ name: siteFacts(matches).texts["nav-about"] ?? "", path: "/about" }] });

export default function About() {
  const t = useT();
  return (
    <>
      <Breadcrumbs items={[{ label: t("nav-about") }]} />
      <AboutHero />
      <AboutStory />
      <AboutValues />
      <AboutWhy />
      <AboutLocation />
    </>
  );
}
