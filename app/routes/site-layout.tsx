import { isRouteErrorResponse, Outlet, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/site-layout";
import { Header } from "~/components/site/Header";
import { Footer } from "~/components/site/Footer";
import { ChatButton } from "~/components/site/ChatButton";
import { useLiveUpdates } from "~/components/site/useLiveUpdates";
import { useT } from "~/i18n/hooks";
import { LazyFallbackErrorPage } from "~/components/site/LazyFallbackErrorPage";
import { pageTexts } from "~/i18n/page.server";
import { SITE_LAYOUT_ROUTE, type SiteSettings } from "~/components/site/use-site";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The site map and not-found pages' texts are in "common" (where staff edit them), but only
  // those pages show them, and their loaders add them.
  const { lang, texts } = await pageTexts(request, context, {
    categories: ["navigation", "footer", "common"],
    exceptPrefixes: ["sitemap-", "not-found-"],
  });
  const { config } = context.services;
  return {
    lang,
    texts,
    /** The data version this page was rendered with (useLiveUpdates; the root's live-version meta, decision 0041). */
    liveVersion: context.services.events.version,
    /** STATS_MODE=beacon: the page script sends one beacon after load (the root's stats-beacon meta, decision 0082). */
    statsBeacon: config.STATS_MODE === "beacon",
    site: { whatsappNumber: config.WHATSAPP_NUMBER, bookingUrl: config.BOOKING_URL ?? null, siteUrl: config.SITE_URL, meetHost: config.MEET_HOST } satisfies SiteSettings,
  };
}

export type SiteLayoutData = Awaited<ReturnType<typeof loader>>;

function Chrome({ children }: { children: React.ReactNode }) {
  const t = useT();
  const data = useRouteLoaderData(SITE_LAYOUT_ROUTE) as SiteLayoutData | undefined;
  useLiveUpdates(data?.liveVersion);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-brand-800 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t("nav-skip-to-content")}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer />
      {data?.site.whatsappNumber ? <ChatButton number={data.site.whatsappNumber} /> : null}
    </>
  );
}

export default function SiteLayout() {
  return (
    <Chrome>
      <Outlet />
    </Chrome>
  );
}

/** A page's error answer keeps the headers it was thrown with (a 429's Retry-After and no-store); otherwise the parent's. */
export const headers: Route.HeadersFunction = ({ parentHeaders, errorHeaders }) => {
  const merged = new Headers(parentHeaders);
  if (errorHeaders) for (const [name, value] of errorHeaders) merged.set(name, value);
  return merged;
};

/** An error inside a page keeps the site's chrome and says so in the page's language. */
export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A page's per-address limit (the booking pages): the visitor is asked to wait, not told of a fault.
  const busy = status === 429;
  // Without the layout's own data (its loader failed) there are no texts for the chrome.
  if (!useRouteLoaderData("routes/site-layout")) return <LazyFallbackErrorPage status={status} error={error} />;
  return (
    <Chrome>
      <section className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-brand-800">{t(busy ? "error-busy-title" : "error-title")}</h1>
        <p className="text-slate-700">{t(busy ? "error-busy-description" : "error-description")}</p>
        <p className="text-sm text-slate-500">{status}</p>
        <a href="/" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {t("error-home-link")}
        </a>
      </section>
    </Chrome>
  );
}
