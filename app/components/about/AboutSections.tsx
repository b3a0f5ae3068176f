import type { ReactNode } from "react";
import { Award, CircleCheck, HeartHandshake, Mail, MapPin, Phone, ShieldCheck, Users, type LucideIcon } from "lucide-react";
import { useLang, useT } from "~/i18n/hooks";
import { telHref } from "~/components/site/Footer";
import { numbered } from "~/components/practice/areas";
import { ItemText, PageHero, Section, SectionHeading, TitledSection } from "~/components/practice/ui";

/** A quiet outline of mountains and towers along the hero's bottom edge: decoration only. */
function Skyline() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className="pointer-events-none absolute inset-x-0 bottom-0 -z-10 h-40 w-full text-white/[0.06] sm:h-56"
      viewBox="0 0 1200 200"
      preserveAspectRatio="none"
    >
      <path fill="currentColor" d="M0 200V120l120-70 90 50 110-80 140 90 80-40 120 60 100-70 140 80 90-40 110 60 100-30v140z" />
      <path
        fill="currentColor"
        d="M300 200v-70h30v-30h25v30h20v-55h35v55h25v-40h30v110zm420 0v-90h28V70h24v40h20V50h34v60h26v-35h28v125zm260 0v-60h40v-30h30v30h30v60z"
      />
    </svg>
  );
}

export function AboutHero() {
  const t = useT();
  return <PageHero id="about-hero-heading" title={t("about-hero-title")} subtitle={t("about-hero-subtitle")} className="min-h-[60vh]" decoration={<Skyline />} />;
}

export function AboutStory() {
  const t = useT();
  return (
    <Section id="about-story-heading">
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="about-story-heading" title={t("about-story-title")} align="start" />
        <div className="space-y-5 text-lg leading-relaxed text-slate-700">
          {numbered(4).map((n) => (
            <p key={n}>{t(`about-story-p${n}`)}</p>
          ))}
        </div>
      </div>
    </Section>
  );
}

const VALUE_ICONS = [Award, Users, ShieldCheck, HeartHandshake];

export function AboutValues() {
  const t = useT();
  return (
    <TitledSection id="about-values-heading" tint title={t("about-values-title")}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {numbered(4).map((n, index) => {
          const Icon = VALUE_ICONS[index];
          return (
            <li key={n} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="mb-5 inline-flex size-12 items-center justify-center rounded-lg bg-brand-800 text-gold-300">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <ItemText title={t(`about-value-${n}-title`)} text={t(`about-value-${n}-description`)} gap="mt-3" />
            </li>
          );
        })}
      </ul>
    </TitledSection>
  );
}

export function AboutWhy() {
  const t = useT();
  return (
    <TitledSection id="about-why-heading" title={t("about-why-title")}>
      <ul className="mx-auto grid max-w-5xl gap-x-10 gap-y-8 md:grid-cols-2">
        {numbered(5).map((n) => (
          <li key={n} className="flex gap-4">
            <CircleCheck aria-hidden="true" className="mt-1 size-6 shrink-0 text-gold-500" />
            <div>
              <ItemText title={t(`about-why-${n}-title`)} text={t(`about-why-${n}-description`)} />
            </div>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

/** One line of the office's details: its icon, its label, then the value. */
function LocationRow({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <p className="flex gap-4">
      <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-gold-500" />
      <span>
        <span className="block text-sm font-semibold tracking-wide text-slate-600 uppercase">{label}</span>
        {children}
      </span>
    </p>
  );
}

export function AboutLocation() {
  const t = useT();
  const rtl = useLang() === "fa";
  const phone = t("contact-phone");
  const email = t("contact-email");
  // Addresses, numbers and emails are Latin text: keep them left-to-right inside Farsi pages.
  const ltr = (text: string) => (rtl ? <bdi dir="ltr">{text}</bdi> : text);
  return (
    <Section id="about-location-heading" tint>
      <div className="grid items-start gap-10 lg:grid-cols-2">
        <div>
          <SectionHeading id="about-location-heading" title={t("about-location-title")} align="start" />
          <p className="text-xl font-medium text-brand-700">{t("about-location-subtitle")}</p>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">{t("about-location-description")}</p>
        </div>
        <address className="space-y-6 rounded-xl border border-slate-200 bg-white p-6 not-italic shadow-sm sm:p-8">
          <LocationRow icon={MapPin} label={t("about-location-address-label")}>
            <span className="mt-1 block text-lg text-slate-800">{ltr(t("contact-office-address"))}</span>
          </LocationRow>
          <LocationRow icon={Phone} label={t("about-location-phone-label")}>
            <a href={telHref(phone)} className="mt-1 block text-lg font-medium text-brand-700 underline-offset-4 hover:underline">
              {ltr(phone)}
            </a>
          </LocationRow>
          <LocationRow icon={Mail} label={t("about-location-email-label")}>
            <a href={`mailto:${email}`} className="mt-1 block text-lg font-medium break-all text-brand-700 underline-offset-4 hover:underline">
              {ltr(email)}
            </a>
          </LocationRow>
        </address>
      </div>
    </Section>
  );
}
