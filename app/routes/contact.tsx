import { readForm } from "~/form-data.server";
import { data } from "react-router";
import type { Route } from "./+types/contact";
import { useT } from "~/i18n/hooks";
import { pageTexts } from "~/i18n/page.server";
import { textsPageMeta } from "~/components/site/page-meta";
import { seoSiteFor } from "~/seo/site.server";
import { addJsonLd } from "~/document/json-ld.server";
import { breadcrumbList, contactPage, type SeoSite } from "~/seo/jsonld";
import { Breadcrumbs } from "~/components/site/Breadcrumbs";
import { BandHero } from "~/components/site/BandHero";
import { HeadedSection } from "~/components/site/HeadedSection";
import { ContactForm } from "~/components/contact/ContactForm";
import { ContactInfo } from "~/components/contact/ContactInfo";
import { BookingLink } from "~/components/contact/BookingLink";
import { submitContact } from "~/contact/contact.server";
import { notifyConfigured, queueContactNotification } from "~/contact/notify.server";
import { enquiryCounter } from "~/stats/enquiries.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [page, site] = await Promise.all([pageTexts(request, context, { categories: ["contact"] }), seoSiteFor(request, context)]);
  // Structured data is built here, on the server, so its builders never ship to the browser.
  addJsonLd(context, contactJsonLd(site, page.texts));
  // Only this page shows the map: its long address is not in every page's data.
  return { ...page, mapEmbedUrl: context.services.config.MAP_EMBED_URL };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, log, config } = context.services;
  const notify = notifyConfigured(config) ? queueContactNotification : undefined;
  const form = await readForm(request);
  const result = await submitContact({ db, log, rateLimit: config.CONTACT_RATE_LIMIT, notify, countEnquiry: enquiryCounter(context, request) }, form, context.clientIp);
  return data(result.body, { status: result.status });
}

/** ContactPage and breadcrumb structured data, naming the contact details this page shows. */
function contactJsonLd(base: SeoSite, texts: Record<string, string>) {
  const site = {
    ...base,
    firm: {
      ...base.firm,
      telephone: texts["contact-phone"] || base.firm.telephone,
      email: texts["contact-email"] || base.firm.email,
      address: texts["contact-office-address"] || base.firm.address,
    },
  };
  const title = texts["contact-page-title"] ?? "";
  return [
    contactPage(site, { name: title, description: texts["contact-meta-description"] ?? "" }),
    breadcrumbList(site, [{ name: texts["contact-breadcrumb"] ?? title, path: "/contact" }]),
  ];
}

export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  textsPageMeta(matches, page?.texts, "/contact");

export default function Contact({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { mapEmbedUrl } = loaderData;
  return (
    <>
      <Breadcrumbs items={[{ label: t("contact-breadcrumb") }]} />

      <BandHero title={t("contact-hero-title")} subtitle={t("contact-hero-subtitle")} />

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-5 lg:px-8 lg:py-16">
        <div className="lg:col-span-2">
          <ContactInfo />
        </div>

        <div className="space-y-8 lg:col-span-3">
          <HeadedSection
            id="contact-form-title"
            title={t("contact-form-title")}
            className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            headingClassName="mb-4 text-2xl font-bold text-brand-800"
          >
            <ContactForm />
          </HeadedSection>

          <HeadedSection
            id="contact-booking-title"
            title={t("contact-booking-title")}
            className="rounded-lg bg-brand-50 p-6 sm:p-8"
            headingClassName="text-xl font-bold text-brand-800"
          >
            <p className="mt-2 text-slate-700">{t("contact-booking-description")}</p>
            <BookingLink label={t("contact-booking-button")} className="mt-5 bg-brand-700 text-white hover:bg-brand-800" />
          </HeadedSection>
        </div>
      </div>

      <HeadedSection
        id="contact-map-title"
        title={t("contact-map-title")}
        className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8"
        headingClassName="mb-4 text-2xl font-bold text-brand-800"
      >
        <div className="aspect-[4/3] overflow-hidden rounded-lg border border-slate-200 bg-slate-100 sm:aspect-[16/7]">
          <MapFrame src={mapEmbedUrl} title={t("contact-map-title")} />
        </div>
      </HeadedSection>
    </>
  );
}

/**
 * The map is another site's page: the contact page's module (app/contact/contact-page.ts) puts
 * the frame in once the page has painted, so its requests never compete with the first paint (a
 * lazy frame this near the top loads at once); without JavaScript the browser shows the
 * <noscript> copy.
 */
function MapFrame({ src, title }: { src: string; title: string }) {
  return (
    <div data-map-src={src} data-map-title={title} className="size-full">
      <noscript>
        <iframe src={src} title={title} loading="lazy" className="size-full border-0" />
      </noscript>
    </div>
  );
}
