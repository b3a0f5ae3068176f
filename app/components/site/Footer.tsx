import { Mail, MapPin, Phone, Scale } from "lucide-react";
import { useT } from "~/i18n/hooks";
import { LocalizedLink } from "./LocalizedLink";
import { pageLinks, practiceAreaLinks, type SiteLink } from "./site-links";

// The quick links read the header's texts (nav-*); the areas have the footer's own.
const QUICK_LINKS = pageLinks(["practice-areas", "team", "about", "blog"], "nav-");
const PRACTICE_LINKS = practiceAreaLinks("footer-link-");

/** Digits and a leading plus only, for tel: links. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

const headingClass = "text-sm font-semibold uppercase tracking-wider text-gold-300";
const linkClass = "text-slate-200 hover:text-white hover:underline";

/** One titled column of site links. */
function LinkList({ id, title, links }: { id: string; title: string; links: readonly SiteLink[] }) {
  const t = useT();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.path}>
            <LocalizedLink to={link.path} className={linkClass}>
              {t(link.key)}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const t = useT();
  const year = new Date().getFullYear();
  return (
    <footer className="bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="flex items-center gap-2 text-lg font-bold text-white">
            <Scale aria-hidden="true" className="size-5 text-gold-400" />
            {t("footer-about-title")}
          </h2>
          <p className="mt-3 text-sm leading-6 text-slate-300">{t("footer-about-description")}</p>
        </section>
        <LinkList id="footer-quick-links" title={t("footer-quick-links-title")} links={QUICK_LINKS} />
        <LinkList id="footer-practice-areas" title={t("footer-practice-areas-title")} links={PRACTICE_LINKS} />
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={headingClass}>
            {t("footer-contact-title")}
          </h2>
          <address className="mt-3 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-400" />
              <span>
                <span className="sr-only">{t("footer-address-label")}: </span>
                {t("footer-address")}
              </span>
            </p>
            <p className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-400" />
              <a className={linkClass} href={telHref(t("footer-phone"))}>
                <span className="sr-only">{t("footer-phone-label")}: </span>
                <bdi dir="ltr">{t("footer-phone")}</bdi>
              </a>
            </p>
            <p className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-400" />
              <a className={linkClass} href={`mailto:${t("footer-email")}`}>
                <span className="sr-only">{t("footer-email-label")}: </span>
                <bdi dir="ltr">{t("footer-email")}</bdi>
              </a>
            </p>
            <p>
              <a className={linkClass} href={t("footer-linkedin")} rel="noopener noreferrer" target="_blank">
                {t("footer-linkedin-label")}
                <span className="sr-only"> ({t("common-opens-new-tab")})</span>
              </a>
            </p>
          </address>
        </section>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-slate-300 sm:px-6 lg:px-8">
          <p>{t("footer-legal-notice")}</p>
          <div className="flex flex-col justify-between gap-3 sm:flex-row">
            <p>{t("footer-copyright", { year, firm: t("firm-name") })}</p>
            <ul className="flex gap-4">
              {/* The spec keeps these two links unprefixed in every language. */}
              <li>
                <a className={linkClass} href="/privacy">
                  {t("footer-privacy-policy")}
                </a>
              </li>
              <li>
                <a className={linkClass} href="/sitemap">
                  {t("footer-site-map")}
                </a>
              </li>
            </ul>
          </div>
        </div>
      </div>
    </footer>
  );
}
