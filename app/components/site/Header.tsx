import { useLocation } from "react-router";
import { Menu, Scale, Video, X } from "lucide-react";
import { useLocalizePath, useT } from "~/i18n/hooks";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { LocalizedLink } from "./LocalizedLink";
import { pageLinks } from "./site-links";

const NAV_ITEMS = pageLinks(["home", "practice-areas", "team", "about", "blog", "contact"], "nav-");

const linkClass = (isActive: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-brand-50 hover:text-brand-800 ${
    isActive ? "text-brand-700 underline decoration-gold-500 decoration-2 underline-offset-8" : "text-slate-700"
  }`;

/**
 * The main navigation (the wide header's and the menu's: one name, the same links); the current
 * section's link is marked (a page under it counts, except for home).
 */
function MainNav({ className, listClassName }: { className?: string; listClassName: string }) {
  const t = useT();
  const localize = useLocalizePath();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t("nav-main-label")} className={className}>
      <ul className={listClassName}>
        {NAV_ITEMS.map((item) => {
          const to = localize(item.path);
          const active = pathname === to || (item.path !== "/" && pathname.startsWith(`${to}/`));
          return (
            <li key={item.path}>
              <a href={to} className={linkClass(active)} aria-current={active ? "page" : undefined}>
                {t(item.key)}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function CallToActions() {
  const t = useT();
  return (
    <>
      <LocalizedLink
        to="/video-consultation"
        className="inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
      >
        <Video aria-hidden="true" className="size-4" />
        {t("nav-video-consultation")}
      </LocalizedLink>
      <LocalizedLink
        to="/virtual-consultation"
        className="inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t("nav-consultation")}
      </LocalizedLink>
    </>
  );
}

export function Header() {
  const t = useT();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur [view-transition-name:site-header]">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        {/* The accessible name starts with the visible firm name (WCAG 2.5.3, label in name). */}
        <LocalizedLink to="/" className="flex items-center gap-2 text-brand-800">
          <Scale aria-hidden="true" className="size-7 text-gold-500" />
          <span className="text-lg font-bold tracking-tight">
            {t("firm-name")}
            <span className="sr-only"> {t("nav-home-link-label")}</span>
          </span>
        </LocalizedLink>
        <MainNav className="hidden lg:block" listClassName="flex items-center gap-1" />
        <div className="hidden items-center gap-2 lg:flex">
          <LanguageSwitcher />
          <CallToActions />
        </div>
        {/* <details> keeps the menu usable without JavaScript; summary is the toggle button. The menus'
            script closes it on Escape or a click outside (data-menu, app/document/site-menus.ts). */}
        <details data-menu="" className="group lg:hidden">
          <summary
            className="flex size-11 cursor-pointer list-none items-center justify-center rounded-md text-brand-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden"
            aria-label={t("nav-menu-open")}
          >
            <Menu aria-hidden="true" className="size-6 group-open:hidden" />
            <X aria-hidden="true" className="hidden size-6 group-open:block" />
          </summary>
          <div className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pb-6 pt-2 shadow-lg">
            <MainNav listClassName="flex flex-col gap-1" />
            <div className="mt-4 flex flex-col gap-2">
              <CallToActions />
              <LanguageSwitcher />
            </div>
          </div>
        </details>
      </div>
    </header>
  );
}
