import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { DEFAULT_LANG, isLang } from "./i18n/languages";
import { readDay, readWeek } from "./booking/week";
import { readArea, readKind, readLawyer, readSpeaks } from "./booking/page-filters";

/** Every public page, by its unprefixed path; each is also served under /fa and /zh. */
export const PUBLIC_PAGES: ReadonlyArray<readonly [path: string, file: string]> = [
  ["/", "routes/home.tsx"],
  ["/practice-areas", "routes/practice-areas.tsx"],
  ["/practice-areas/civil-litigation", "routes/practice-area.tsx"],
  ["/practice-areas/immigration", "routes/practice-area.tsx"],
  ["/practice-areas/family", "routes/practice-area.tsx"],
  ["/practice-areas/professional-negligence", "routes/practice-area.tsx"],
  ["/team", "routes/team.tsx"],
  ["/about", "routes/about.tsx"],
  ["/blog", "routes/blog.tsx"],
  ["/blog/:slug", "routes/blog-post.tsx"],
  ["/contact", "routes/contact.tsx"],
  ["/video-consultation", "routes/video-consultation.tsx"],
  ["/virtual-consultation", "routes/virtual-consultation.tsx"],
  ["/privacy", "routes/privacy.tsx"],
  ["/sitemap", "routes/sitemap-page.tsx"],
];

/**
 * The query parameters that change a public page, and the values that do: the one list the page
 * cache keys on (decision 0053). Every other parameter (utm_*, fbclid, gclid, q, anything unknown)
 * is left out of the cache key and out of the render, so it cannot make a render per request.
 * A loader that starts reading a parameter adds it here.
 * - `pages`: the unprefixed PUBLIC_PAGES paths that read it ("*" for all), in `languages`.
 * - `value`: the value as its reader takes it, or null where the reader ignores it, so the key
 *   holds a bounded set of values (a random value reads as absent).
 */
export const PAGE_QUERY_PARAMETERS: Readonly<
  Record<string, { pages: "*" | readonly string[]; languages: readonly string[]; value: (raw: string) => string | null }>
> = {
  // app/root.tsx: an English address with ?lang=<another language> redirects to the page in that language.
  lang: { pages: "*", languages: [DEFAULT_LANG], value: (raw) => (isLang(raw) && raw !== DEFAULT_LANG ? raw : null) },
  // app/routes/virtual-consultation.tsx: the week of free slots shown (a Monday); the page itself is never stored (decision 0078).
  week: { pages: ["/virtual-consultation"], languages: ["en", "fa", "zh"], value: (raw) => readWeek(raw) },
  // The same page: the day whose free times are shown.
  day: { pages: ["/virtual-consultation"], languages: ["en", "fa", "zh"], value: (raw) => readDay(raw) },
  // The same page, narrowed (issue 46): one lawyer (the Team page's "Book with …"), a practice area, the lawyer's language.
  lawyer: { pages: ["/virtual-consultation"], languages: ["en", "fa", "zh"], value: (raw) => readLawyer(raw) },
  area: { pages: ["/virtual-consultation"], languages: ["en", "fa", "zh"], value: (raw) => readArea(raw) },
  speaks: { pages: ["/virtual-consultation"], languages: ["en", "fa", "zh"], value: (raw) => readSpeaks(raw) },
  // The same page: the times of the lawyers who meet the visitor this way.
  kind: { pages: ["/virtual-consultation"], languages: ["en", "fa", "zh"], value: (raw) => readKind(raw) },
};

/**
 * The pages behind the newsletter's confirmation and unsubscribe links, in every language.
 * Not public pages: never in the sitemap, and noindex (decision 0004).
 */
export const NEWSLETTER_LINK_PAGES = ["/newsletter/confirm", "/newsletter/unsubscribe"] as const;

const LANGUAGE_PREFIXES = [
  ["en", ""],
  ["fa", "/fa"],
  ["zh", "/zh"],
] as const;

/** Route id of a public page in a language, e.g. "page:/team:fa". */
export const pageRouteId = (path: string, lang: string) => `page:${path}:${lang}`;

export default [
  layout("routes/site-layout.tsx", [
    ...LANGUAGE_PREFIXES.flatMap(([lang, langPrefix]) =>
      PUBLIC_PAGES.map(([path, file]) =>
        route(path === "/" ? langPrefix || "/" : `${langPrefix}${path}`, file, { id: pageRouteId(path, lang) }),
      ),
    ),
    ...LANGUAGE_PREFIXES.flatMap(([lang, langPrefix]) =>
      NEWSLETTER_LINK_PAGES.map((path) => route(`${langPrefix}${path}`, "routes/newsletter-link.tsx", { id: `newsletter:${path}:${lang}` })),
    ),
    // The cancel-or-reschedule link of a consultation mail (decision 0079): never public, never cached.
    ...LANGUAGE_PREFIXES.map(([lang, langPrefix]) => route(`${langPrefix}/virtual-consultation/manage/:token`, "routes/booking-manage.tsx", { id: `booking-manage:${lang}` })),
    // A booking's confirmation page, by its random reference (decision 0078): not a public page, noindex, never stored.
    ...LANGUAGE_PREFIXES.map(([lang, langPrefix]) =>
      route(`${langPrefix}/virtual-consultation/booked/:reference`, "routes/virtual-consultation-booked.tsx", { id: `booked:${lang}` }),
    ),
    route("*", "routes/not-found.tsx"),
  ]),

  // A booking as a published calendar event, by its manage link (decision 0106).
  ...LANGUAGE_PREFIXES.map(([lang, langPrefix]) => route(`${langPrefix}/virtual-consultation/manage/:token/calendar.ics`, "routes/booking-calendar.ts", { id: `booking-calendar:${lang}` })),
  // Feeds and crawler files.
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  ...LANGUAGE_PREFIXES.map(([lang, langPrefix]) =>
    route(`${langPrefix}/rss.xml`, "routes/rss-xml.ts", { id: `rss:${lang}` }),
  ),

  // The private admin area (English only).
  ...prefix("admin", [
    index("routes/admin/index.ts", { id: "admin-index" }),
    route("login", "routes/admin/login.tsx"),
    // The sign-in's second step (decision 0068).
    route("login/verify", "routes/admin/login-verify.tsx"),
    route("logout", "routes/admin/logout.ts"),
    route("setup", "routes/admin/setup.tsx"),
    // The pages of mailed links (decision 0069): open without a session, like sign-in.
    route("invite", "routes/admin/invite.tsx"),
    route("reset-password", "routes/admin/reset-password.tsx"),
    route("confirm-email", "routes/admin/confirm-email.tsx"),
    route("media", "admin/media/media-route.ts"),
    route("jobs/:id", "admin/jobs/job-route.ts"),
    // A staff member's calendar feed, opened by its secret token (decision 0080).
    route("calendar/:feed", "admin/consultations/calendar-feed-route.ts"),
    route("dashboard", "routes/admin/dashboard.tsx", [
      index("admin/blog/blog-list-route.tsx", { id: "admin-blog" }),
      // A new post's editor: nothing is stored until its first save.
      route("blog/new", "admin/blog/blog-new-route.tsx"),
      route("blog/:id", "admin/blog/blog-edit-route.tsx"),
      route("automation", "admin/automation/automation-route.tsx"),
      route("instagram", "admin/instagram/instagram-route.tsx"),
      route("content", "admin/content/content-route.tsx"),
      route("team", "admin/team/team-route.tsx"),
      route("inbox", "admin/inbox/inbox-route.tsx"),
      route("staff", "admin/staff/staff-route.tsx"),
      route("account", "admin/account/account-route.tsx"),
      route("history/:kind/:id", "admin/history/history-route.tsx"),
      // Everything waiting for sign-off, and one change rendered for review (decision 0089).
      route("review", "admin/review/queue-route.tsx"),
      route("review/:revision", "admin/review/change-route.tsx"),
      route("deleted", "admin/history/deleted-route.tsx"),
      route("inbox/export/:kind", "admin/inbox/inbox-export-route.ts"),
      route("audit", "admin/audit/audit-route.tsx"),
      route("audit/export", "admin/audit/audit-export-route.ts"),
      route("consultations", "admin/consultations/consultations-route.tsx"),
      route("statistics", "admin/stats/stats-route.tsx"),
      route("statistics/export", "admin/stats/stats-export-route.ts"),
      route("people", "admin/people/people-route.tsx"),
      route("people/export", "admin/people/people-export-route.ts"),
    ]),
  ]),
] satisfies RouteConfig;
