import type { Route } from "./+types/practice-areas";
import { useT } from "~/i18n/hooks";
import { pageTexts } from "~/i18n/page.server";
import { textsPageMeta } from "~/components/site/page-meta";
import { Breadcrumbs } from "~/components/site/Breadcrumbs";
import { PageHero } from "~/components/practice/ui";
import { NotSureSection, PracticeAreaCards } from "~/components/practice/OverviewSections";
import { useSite } from "~/components/site/use-site";

export async function loader({ request, context }: Route.LoaderArgs) {
  return pageTexts(request, context, { categories: ["practice-areas"] });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  textsPageMeta(matches, data?.texts, "/practice-areas", { breadcrumb: "practice-areas-breadcrumb" });

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
