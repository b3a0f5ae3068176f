import type { Route } from "./+types/practice-areas";
import { useT } from "~/i18n/hooks";
import { pageTexts } from "~/i18n/page.server";
import { pageMeta } from "~/seo/meta";
import { Breadcrumbs } from "~/components/site/Breadcrumbs";
import { PageHero } from "~/components/practice/ui";
import { NotSureSection, PracticeAreaCards } from "~/components/practice/OverviewSections";
import { useSite } from "~/components/site/use-site";

export async function loader({ request, context }: Route.LoaderArgs) {
  return pageTexts(request, context, { categories: ["practice-areas"] });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.texts["practice-areas-page-title"] ?? "",
    description: data?.texts["practice-areas-meta-description"] ?? "",
    path: "/practice-areas",
    breadcrumbs: [{ name: data?.texts["practice-areas-breadcrumb"] ?? "", path: "/practice-areas" }],
  });

export default function PracticeAreas() {
  const t = useT();
  const { bookingUrl } = useSite();
  return (
    <>
      <Breadcrumbs items={[{ label: t("practice-areas-breadcrumb") }]} />
      <PageHero id="practice-areas-hero-heading" title={t("practice-areas-hero-title")} subtitle={t("practice-areas-hero-subtitle")} />
      <PracticeAreaCards />
      <NotSureSection bookingUrl={bookingUrl} />
    </>
  );
}
