import { ArrowRight, Handshake, MessagesSquare, Quote, Scale, Target, Trophy } from "lucide-react";
import { useT } from "~/i18n/hooks";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import { PRACTICE_AREAS, areaTitleKey, numbered } from "~/components/practice/areas";
import { AreaLink, buttonClass, CallToAction, heroBackground, ItemText, TitledSection } from "~/components/practice/ui";

/** 90vh hero, painted by CSS alone so the headline is the first and largest thing on screen. */
export function HomeHero() {
  const t = useT();
  return (
    <section
      aria-labelledby="home-hero-heading"
      data-hero=""
      className="relative isolate flex min-h-[90vh] items-center overflow-hidden text-white"
      style={heroBackground}
    >
      <Scale
        aria-hidden="true"
        strokeWidth={0.75}
        className="pointer-events-none absolute end-[4%] top-1/2 -z-10 hidden size-[26rem] -translate-y-1/2 text-gold-400/15 lg:block"
      />
      <div className="mx-auto w-full max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <p className="mb-5 text-sm font-semibold tracking-wider text-gold-300 uppercase">{t("firm-tagline")}</p>
          <h1 id="home-hero-heading" className="text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {t("hero-headline")}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200 sm:text-xl">{t("hero-tagline")}</p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <LocalizedLink to="/virtual-consultation" className={buttonClass.gold}>
              {t("home-hero-consultation-button")}
              <ArrowRight aria-hidden="true" className="flip-rtl size-5" />
            </LocalizedLink>
            <LocalizedLink to="/practice-areas" className={buttonClass.outlineLight}>
              {t("home-hero-services-button")}
            </LocalizedLink>
          </div>
        </div>
      </div>
    </section>
  );
}

export function HomePracticeAreas() {
  const t = useT();
  return (
    <TitledSection id="home-practice-areas-heading" title={t("home-practice-areas-title")} intro={t("home-practice-areas-intro")}>
      <ul className="grid gap-6 md:grid-cols-2">
        {PRACTICE_AREAS.map((area) => {
          const Icon = area.icon;
          return (
            <li key={area.slug} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md sm:p-8">
              <span className="mb-5 inline-flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="text-xl font-semibold text-brand-800">{t(areaTitleKey(area))}</h3>
              <p className="mt-3 flex-1 leading-relaxed text-slate-600">{t(area.descriptionKey)}</p>
              <AreaLink area={area} label={t("home-learn-more")} className={`${buttonClass.link} mt-5`} arrowSize="size-4" />
            </li>
          );
        })}
      </ul>
    </TitledSection>
  );
}

const WHY_ICONS = [Target, MessagesSquare, Trophy, Handshake];

export function HomeWhyChoose() {
  const t = useT();
  return (
    <TitledSection id="why-choose-heading" tint title={t("why-choose-section-title")} intro={t("why-choose-section-subtitle")}>
      <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {numbered(4).map((n, index) => {
          const Icon = WHY_ICONS[index];
          return (
            <li key={n} className="text-center">
              <span className="mx-auto mb-5 inline-flex size-14 items-center justify-center rounded-full bg-brand-800 text-gold-300">
                <Icon aria-hidden="true" className="size-7" />
              </span>
              <ItemText title={t(`why-choose-point-${n}-title`)} text={t(`why-choose-point-${n}`)} gap="mt-3" />
            </li>
          );
        })}
      </ul>
      <div className="mt-12 flex justify-center">
        <LocalizedLink to="/about" className={buttonClass.brand}>
          {t("why-choose-about-button")}
          <ArrowRight aria-hidden="true" className="flip-rtl size-5" />
        </LocalizedLink>
      </div>
    </TitledSection>
  );
}

export function HomeTestimonials() {
  const t = useT();
  return (
    <TitledSection id="testimonials-heading" title={t("home-testimonials-title")} intro={t("home-testimonials-subtitle")}>
      <ul className="grid gap-6 md:grid-cols-2">
        {numbered(4).map((n) => (
          <li key={n}>
            <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <Quote aria-hidden="true" className="flip-rtl size-8 text-gold-500" />
              <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-slate-700">
                <p>{t(`home-testimonial-${n}-quote`)}</p>
              </blockquote>
              <figcaption className="mt-6 border-t border-slate-100 pt-4">
                <span className="block font-semibold text-brand-800">{t(`home-testimonial-${n}-name`)}</span>
                <span className="block text-sm text-slate-600">{t(`home-testimonial-${n}-matter`)}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

export function HomeCallToAction() {
  const t = useT();
  return (
    <CallToAction id="home-cta-heading" title={t("home-cta-title")} text={t("home-cta-text")}>
      <LocalizedLink to="/virtual-consultation" className={buttonClass.gold}>
        {t("home-cta-button")}
        <ArrowRight aria-hidden="true" className="flip-rtl size-5" />
      </LocalizedLink>
    </CallToAction>
  );
}
