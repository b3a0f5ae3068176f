import { CalendarCheck, Check, ExternalLink } from "lucide-react";
import { useT } from "~/i18n/hooks";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import { CARD_SERVICE_COUNT, PRACTICE_AREAS, areaCardServiceKey, areaImageAltKey, areaTitleKey, numbered } from "./areas";
import { PracticeImage } from "./PracticeImage";
import { AreaLink, buttonClass, heroBackground } from "./ui";

/** The four areas as cards: illustration, description, five key services and a link to the area's page. */
export function PracticeAreaCards() {
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <div className="grid gap-8 md:grid-cols-2">
        {PRACTICE_AREAS.map((area, index) => {
          const titleId = `area-${area.slug}-title`;
          return (
            <article
              key={area.slug}
              aria-labelledby={titleId}
              className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
            >
              <PracticeImage
                slug={area.slug}
                alt={t(areaImageAltKey(area))}
                sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
                eager={index < 2}
              />
              <div className="flex flex-1 flex-col p-6 sm:p-8">
                <h2 id={titleId} className="text-2xl font-bold text-brand-800">
                  {t(areaTitleKey(area))}
                </h2>
                <p className="mt-3 leading-relaxed text-slate-600">{t(area.descriptionKey)}</p>
                <h3 className="mt-6 text-sm font-semibold tracking-wide text-slate-700 uppercase">{t("practice-areas-services-heading")}</h3>
                <ul className="mt-3 flex-1 space-y-2">
                  {numbered(CARD_SERVICE_COUNT).map((n) => (
                    <li key={n} className="flex gap-2.5 text-slate-700">
                      <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-gold-500" />
                      <span>{t(areaCardServiceKey(area, n))}</span>
                    </li>
                  ))}
                </ul>
                <AreaLink area={area} label={t("practice-areas-learn-more")} className={`${buttonClass.brand} mt-8 self-start`} arrowSize="size-5" />
              </div>
            </article>
          );
        })}
      </div>
    </div>
  );
}

/**
 * Not sure which area fits: a free consultation on the firm's own scheduler in a new tab when
 * BOOKING_URL is set, else on the site's booking form (decision 0078).
 */
export function NotSureSection({ bookingUrl }: { bookingUrl: string | null }) {
  const t = useT();
  return (
    <section aria-labelledby="not-sure-heading" className="text-white" style={heroBackground}>
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
        <CalendarCheck aria-hidden="true" className="mx-auto mb-6 size-12 text-gold-300" />
        <h2 id="not-sure-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t("practice-areas-not-sure-title")}
        </h2>
        <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-slate-200">{t("practice-areas-not-sure-text")}</p>
        <div className="mt-8 flex justify-center">
          {bookingUrl ? (
            <a href={bookingUrl} target="_blank" rel="noopener noreferrer" className={buttonClass.gold}>
              {t("practice-areas-not-sure-button")}
              <ExternalLink aria-hidden="true" className="size-5" />
              <span className="sr-only"> {t("practice-areas-opens-new-tab")}</span>
            </a>
          ) : (
            <LocalizedLink to="/virtual-consultation#book" className={buttonClass.gold}>
              {t("practice-areas-not-sure-button")}
            </LocalizedLink>
          )}
        </div>
      </div>
    </section>
  );
}
