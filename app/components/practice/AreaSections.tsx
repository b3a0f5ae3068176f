import { ArrowRight, Check, CircleAlert, Info, Trophy } from "lucide-react";
import { useT } from "~/i18n/hooks";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import { areaImageAltKey, numbered } from "./areas";
import { itemKey, type AreaPage, type ExtraSection } from "./area-pages";
import { FaqAccordion, type FaqItem } from "./FaqAccordion";
import { PracticeImage } from "./PracticeImage";
import { buttonClass, CallToAction, ItemText, Section, SectionHeading, TitledSection } from "./ui";

const card = "rounded-xl border border-slate-200 bg-white p-6 shadow-sm";

export function AreaOverview({ page }: { page: AreaPage }) {
  const t = useT();
  const id = "overview-heading";
  return (
    <Section id={id}>
      <div className="grid items-start gap-10 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <SectionHeading id={id} title={t(`${page.prefix}-overview-heading`)} align="start" />
          <div className="space-y-5 text-lg leading-relaxed text-slate-700">
            {numbered(page.overviewParagraphs).map((n) => (
              <p key={n}>{t(`${page.prefix}-overview-p${n}`)}</p>
            ))}
          </div>
        </div>
        <div className="lg:col-span-2 lg:pt-16">
          <PracticeImage
            slug={page.slug}
            alt={t(areaImageAltKey(page))}
            sizes="(min-width: 1280px) 480px, (min-width: 1024px) 40vw, 100vw"
            className="rounded-2xl shadow-md"
          />
        </div>
      </div>
    </Section>
  );
}

export function AreaServices({ page, tint }: { page: AreaPage; tint: boolean }) {
  const t = useT();
  const id = "services-heading";
  return (
    <TitledSection id={id} tint={tint} title={t(`${page.prefix}-services-heading`)}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {numbered(page.serviceCount).map((n) => (
          <li key={n} className={card}>
            <Check aria-hidden="true" className="mb-4 size-6 text-gold-500" />
            <ItemText title={t(`${page.prefix}-service-${n}-title`)} text={t(`${page.prefix}-service-${n}-description`)} />
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

/** One of a page's extra sections, drawn from its configuration: its heading (and intro), then its kind's body. */
export function AreaExtra({ extra, tint }: { extra: ExtraSection; tint: boolean }) {
  const t = useT();
  const intro = "intro" in extra && extra.intro ? t(extra.intro) : undefined;
  return (
    <TitledSection id={`${extra.id}-heading`} tint={tint} title={t(extra.heading)} intro={intro}>
      <ExtraBody extra={extra} />
    </TitledSection>
  );
}

function ExtraBody({ extra }: { extra: ExtraSection }) {
  const t = useT();
  // An item's -title and -description texts (area-pages.ts: unless the kind says otherwise).
  const itemText = (item: string, n: number) => <ItemText title={t(`${itemKey(item, n)}-title`)} text={t(`${itemKey(item, n)}-description`)} />;
  switch (extra.kind) {
    case "steps":
      return (
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {numbered(extra.count).map((n) => (
            <li key={n} className={`${card} relative`}>
              <span aria-hidden="true" className="mb-4 inline-flex size-10 items-center justify-center rounded-full bg-brand-800 text-lg font-bold text-gold-300">
                {n}
              </span>
              {itemText(extra.item, n)}
            </li>
          ))}
        </ol>
      );
    case "cards":
      return (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {numbered(extra.count).map((n, index) => {
            const Icon = extra.icons[index % extra.icons.length];
            return (
              <li key={n} className={card}>
                <span className="mb-4 inline-flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                {itemText(extra.item, n)}
              </li>
            );
          })}
        </ul>
      );
    case "stories":
      return (
        <>
          <ul className="grid gap-6 lg:grid-cols-3">
            {numbered(extra.count).map((n) => {
              const key = itemKey(extra.item, n);
              return (
                <li key={n} className={`${card} flex flex-col`}>
                  <h3 className="text-lg font-semibold text-brand-800">{t(`${key}-title`)}</h3>
                  <p className="mt-3 flex-1 leading-relaxed text-slate-600">{t(`${key}-story`)}</p>
                  <div className="mt-5 rounded-lg bg-brand-50 p-4">
                    <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">
                      <Trophy aria-hidden="true" className="size-4 text-gold-500" />
                      {t(extra.outcomeLabel)}
                    </p>
                    <p className="mt-1 text-slate-800">{t(`${key}-outcome`)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
          <p className="mx-auto mt-8 flex max-w-3xl gap-2 text-sm text-slate-600">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{t(extra.disclaimer)}</span>
          </p>
        </>
      );
    case "claim-groups":
      return (
        <div className="grid gap-6 lg:grid-cols-3">
          {extra.groups.map((group) => {
            const Icon = group.icon;
            const titleId = `${group.stem}-title`;
            return (
              <article key={group.stem} aria-labelledby={titleId} className={`${card} flex flex-col`}>
                <span className="mb-4 inline-flex size-12 items-center justify-center rounded-lg bg-brand-800 text-gold-300">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 id={titleId} className="text-xl font-semibold text-brand-800">
                  {t(`${group.stem}-title`)}
                </h3>
                <p className="mt-3 leading-relaxed text-slate-600">{t(`${group.stem}-description`)}</p>
                <p className="mt-5 font-semibold text-slate-800">{t(extra.claimsLabel)}</p>
                <ul className="mt-3 space-y-2">
                  {numbered(group.count).map((n) => (
                    <li key={n} className="flex gap-2.5 text-slate-700">
                      <CircleAlert aria-hidden="true" className="mt-1 size-4 shrink-0 text-red-700" />
                      <span>{t(`${group.stem}-claim-${n}`)}</span>
                    </li>
                  ))}
                </ul>
              </article>
            );
          })}
        </div>
      );
    case "checklist":
      return (
        <ul className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-2">
          {numbered(extra.count).map((n) => (
            <li key={n} className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-500" />
              <span className="text-slate-800">{t(itemKey(extra.item, n))}</span>
            </li>
          ))}
        </ul>
      );
  }
}

export function AreaFaq({ page, items, tint }: { page: AreaPage; items: FaqItem[]; tint: boolean }) {
  const t = useT();
  const id = "faq-heading";
  return (
    <TitledSection id={id} tint={tint} title={t(`${page.prefix}-faq-heading`)}>
      <div className="mx-auto max-w-3xl">
        <FaqAccordion items={items} group={`faq-${page.slug}`} />
      </div>
    </TitledSection>
  );
}

export function AreaCallToAction({ page }: { page: AreaPage }) {
  const t = useT();
  return (
    <CallToAction id="area-cta-heading" title={t(`${page.prefix}-cta-title`)} text={t(`${page.prefix}-cta-text`)}>
      <LocalizedLink to="/contact" className={buttonClass.gold}>
        {t(`${page.prefix}-cta-button`)}
        <ArrowRight aria-hidden="true" className="flip-rtl size-5" />
      </LocalizedLink>
    </CallToAction>
  );
}
