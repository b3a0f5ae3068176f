import type { ReactNode } from "react";
import { ArrowRight, type LucideIcon } from "lucide-react";
import { useT } from "~/i18n/hooks";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import { areaPath, areaTitleKey, type PracticeArea } from "./areas";

/** Button looks shared by the public pages. */
export const buttonClass = {
  gold: "inline-flex items-center justify-center gap-2 rounded-md bg-gold-400 px-6 py-3 text-base font-semibold text-brand-900 shadow-sm transition-colors hover:bg-gold-300",
  outlineLight:
    "inline-flex items-center justify-center gap-2 rounded-md border-2 border-white/80 px-6 py-3 text-base font-semibold text-white transition-colors hover:bg-white hover:text-brand-900",
  brand: "inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-800",
  link: "inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline",
};

/**
 * The heroes' background: pure CSS (navy gradient, a soft gold glow, a faint dot grid), so
 * the headline paints from the first HTML without waiting for any image.
 */
export const heroBackground = {
  backgroundImage:
    "radial-gradient(circle at 85% 20%, rgba(221, 176, 89, 0.2), transparent 45%), radial-gradient(rgba(255, 255, 255, 0.07) 1px, transparent 1px), linear-gradient(135deg, #0b2136 0%, #102e4b 55%, #1d4d7a 100%)",
  backgroundSize: "auto, 28px 28px, auto",
} as const;

export function PageHero({
  id,
  title,
  subtitle,
  icon: Icon,
  className = "min-h-[40vh]",
  children,
  decoration,
}: {
  id: string;
  title: string;
  subtitle?: string;
  icon?: LucideIcon;
  /** Height utilities, e.g. "min-h-[60vh]". */
  className?: string;
  /** Buttons under the subtitle. */
  children?: ReactNode;
  /** Purely decorative artwork behind the text. */
  decoration?: ReactNode;
}) {
  return (
    // A page header, not a landmark: its title may match another region's (the footer's "About Our Firm").
    <header
      data-hero=""
      className={`relative isolate flex items-center overflow-hidden text-white ${className}`}
      style={heroBackground}
    >
      {decoration}
      <div className="relative mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          {Icon ? (
            <span className="mb-6 inline-flex size-14 items-center justify-center rounded-full bg-gold-400/15 text-gold-300 ring-1 ring-gold-400/40">
              <Icon aria-hidden="true" className="size-7" />
            </span>
          ) : null}
          <h1 id={id} className="text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
            {title}
          </h1>
          {subtitle ? <p className="mt-5 text-lg leading-relaxed text-slate-200 sm:text-xl">{subtitle}</p> : null}
          {children ? <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:flex-wrap">{children}</div> : null}
        </div>
      </div>
    </header>
  );
}

/** A section's h2 with an optional introduction, centred above its content. */
export function SectionHeading({ id, title, intro, align = "center" }: { id: string; title: string; intro?: string; align?: "center" | "start" }) {
  return (
    <div className={align === "center" ? "mx-auto mb-12 max-w-3xl text-center" : "mb-8 max-w-3xl"}>
      <h2 id={id} className="text-3xl font-bold tracking-tight text-brand-800 sm:text-4xl">
        {title}
      </h2>
      <div aria-hidden="true" className={`mt-4 h-1 w-16 rounded-full bg-gold-400 ${align === "center" ? "mx-auto" : ""}`} />
      {intro ? <p className="mt-5 text-lg leading-relaxed text-slate-600">{intro}</p> : null}
    </div>
  );
}

/** A page section with a labelled heading; `tint` gives the alternating pale background. */
export function Section({ id, tint, children, className = "" }: { id: string; tint?: boolean; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`${tint ? "bg-brand-50" : "bg-white"} py-16 sm:py-20 ${className}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}

/** A Section opened by its centred SectionHeading: one id ties the section's label to the heading. */
export function TitledSection({ id, tint, title, intro, children }: { id: string; tint?: boolean; title: string; intro?: string; children: ReactNode }) {
  return (
    <Section id={id} tint={tint}>
      <SectionHeading id={id} title={title} intro={intro} />
      {children}
    </Section>
  );
}

/** An item's title and text in a card or list of a section (a value, a service, a step, a reason). */
export function ItemText({ title, text, gap = "mt-2" }: { title: string; text: string; gap?: "mt-2" | "mt-3" }) {
  return (
    <>
      <h3 className="text-lg font-semibold text-brand-800">{title}</h3>
      <p className={`${gap} leading-relaxed text-slate-600`}>{text}</p>
    </>
  );
}

/** "Learn more" to an area's page, the area's name after it for screen readers (a link read alone still says where). */
export function AreaLink({ area, label, className, arrowSize }: { area: PracticeArea; label: string; className: string; arrowSize: "size-4" | "size-5" }) {
  const t = useT();
  return (
    <LocalizedLink to={areaPath(area)} className={className}>
      {label}
      <span className="sr-only">: {t(areaTitleKey(area))}</span>
      <ArrowRight aria-hidden="true" className={`flip-rtl ${arrowSize}`} />
    </LocalizedLink>
  );
}

/** The dark closing band with one call to action. */
export function CallToAction({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="text-white" style={heroBackground}>
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
        <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-slate-200">{text}</p>
        <div className="mt-8 flex justify-center">{children}</div>
      </div>
    </section>
  );
}
