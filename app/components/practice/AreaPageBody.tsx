import { useT } from "~/i18n/hooks";
import { PageHero } from "./ui";
import { AREA_PAGES } from "./area-pages";
import type { FaqItem } from "./FaqAccordion";
import { AreaCallToAction, AreaExtra, AreaFaq, AreaOverview, AreaServices } from "./AreaSections";

/** Everything of a practice-area page below the breadcrumbs, driven by the area's config. */
export default function AreaPageBody({ slug, faq }: { slug: string; faq: FaqItem[] }) {
  const t = useT();
  const page = AREA_PAGES.find((p) => p.slug === slug)!;
  // Sections after the overview alternate tinted and white backgrounds.
  const tintAt = (index: number) => index % 2 === 0;
  return (
    <>
      <PageHero id="area-hero-heading" title={t(`${page.prefix}-hero-title`)} subtitle={t(`${page.prefix}-hero-subtitle`)} icon={page.icon} />
      <AreaOverview page={page} />
      <AreaServices page={page} tint={tintAt(0)} />
      {page.extras.map((extra, index) => (
        <AreaExtra key={extra.id} extra={extra} tint={tintAt(index + 1)} />
      ))}
      <AreaFaq page={page} items={faq} tint={tintAt(page.extras.length + 1)} />
      <AreaCallToAction page={page} />
    </>
  );
}
