import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
// A side-effect import: React Router emits it in <Links/> the same way on server and client.
import "./app.css";
// The same hashed files the stylesheets point at, preloaded so the first text paints in them.
import interLatin from "./fonts/inter-latin-core-wght-400-700.woff2?url";
import faPersian400 from "./fonts/vazirmatn-persian-400.woff2?url";
import faPersian700 from "./fonts/vazirmatn-persian-700.woff2?url";
// The admin's Chinese inputs and previews use the public pages' stack (app.css); their last
// fallback, Noto Sans SC, is linked directly there (the public pages add it after painting).
import notoSansScSheet from "./fonts/noto-sans-sc-subset.css?url";
import { LazyFallbackErrorPage } from "./components/site/LazyFallbackErrorPage";
import { DEFAULT_LANG, isLang, LANGUAGE_INFO, langFromPath, switchLanguageUrl, type Lang } from "./i18n/languages";
import { useHydrates } from "./document/hydration";
import { SPECULATION_RULES } from "./document/speculation-rules";
import { loadAfterFirstPaint as loadPageScript } from "./document/page-script.ts?standalone";
import { loadAfterFirstPaint as loadSiteMenus } from "./document/site-menus.ts?standalone";
import { SITE_LAYOUT_ROUTE } from "./components/site/use-site";
import type { SiteLayoutData } from "./routes/site-layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  // An unprefixed address with ?lang=fa|zh moves to the prefixed one, so each page has one URL per
  // language (PAGE_QUERY_PARAMETERS in routes.ts declares the same rule to the page cache).
  const asked = url.searchParams.get("lang");
  if (lang === DEFAULT_LANG && isLang(asked) && asked !== DEFAULT_LANG && !url.pathname.startsWith("/admin")) {
    throw redirect(switchLanguageUrl(url, asked));
  }
  return { lang, nonce: context.nonce };
}

// The Latin and Farsi faces are declared in app.css (each page waits for one stylesheet). Farsi
// pages set their Latin text in the system font (app.css); Chinese pages use the platform's
// Chinese font, Noto Sans SC's sheets coming after the first paint (decision 0072,
// app/document/chinese-font-slices.server.ts).
const fontPreloads: Record<Lang, string[]> = { en: [interLatin], fa: [faPersian400, faPersian700], zh: [interLatin] };

export function links() {
  return [
    { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const lang: Lang = data?.lang ?? "en";
  const info = LANGUAGE_INFO[lang];
  const nonce = data?.nonce;
  // React Router's scripts only where a route needs React (decision 0039). The public pages get
  // their own small script (the menus; where React is absent, live updates too) and the
  // platform's prefetch and prerender (decision 0040).
  const hydrate = useHydrates();
  const site = useRouteLoaderData(SITE_LAYOUT_ROUTE) as SiteLayoutData | undefined;
  return (
    <html lang={info.htmlLang} dir={info.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#102e4b" />
        {fontPreloads[lang].map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <Meta />
        {/* The same nonce on server and client: React compares these head elements when hydrating. */}
        <Links nonce={nonce} />
        {site ? null : <link rel="stylesheet" href={notoSansScSheet} />}
        {/* The data version a page without React renders with, for its live updates (decision 0041). */}
        {site && !hydrate ? <meta name="live-version" content={site.liveVersion} /> : null}
        {/* STATS_MODE=beacon (decision 0082): where the page script sends its one beacon. */}
        {site?.statsBeacon ? <meta name="stats-beacon" content="/api/stats/hit" /> : null}
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-800 antialiased">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
        {site ? (
          <>
            <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
            {/* Imported once the page has painted: a module script here would be fetched and run
                first. Its text is the server's; hydration keeps it, so the browser's bundle leaves
                it out (import.meta.env.SSR is false there). */}
            <script
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? (hydrate ? loadSiteMenus : loadPageScript) : "" }}
            />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last-resort error page, when even the site layout could not load (say, the database is down). */
export function ErrorBoundary() {
  const error = useRouteError();
  return <LazyFallbackErrorPage status={isRouteErrorResponse(error) ? error.status : 500} error={error} />;
}
