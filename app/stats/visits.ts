/**
 * Which pages bring clients (decision 0107): the rules of a visit and of an enquiry's credit,
 * as pure functions over normalised paths (app/stats/normalise.ts). The counter
 * (counter.server.ts) applies them per page view in memory, per batch against the stored row,
 * and per enquiry. Browser-safe.
 */
import { stripLangPrefix } from "../i18n/languages";

/** A visit ends after this long without a page view. */
export const VISIT_GAP_MS = 30 * 60_000;

/** What an enquiry is credited to when no visit is known (Do Not Track, a bot, no view today). */
export const UNKNOWN = "(unknown)";
/** The visit read no article or practice-area page (or none of the kind asked). */
export const NONE = "(none)";
/** The visit began on a form's page: a form's page is never credited. */
export const FORM_PAGE = "(form page)";

/** The pages that hold an enquiry's form (contact message, booking), in every language. */
const FORM_PAGES = new Set(["/contact", "/virtual-consultation"]);

/** A page view as the visit rules see it. */
export interface VisitView {
  at: number;
  /** Normalised path (lower-case, no query). */
  path: string;
  /** Referrer host, "direct" or "self" (normalise.ts `referrerOf`). */
  referrer: string;
  /** Campaign key or "". */
  campaign: string;
}

/** One visit as stored and credited. */
export interface Visit {
  /** The last page view's time (ms). */
  last: number;
  landing: string;
  /** The last article or practice-area page read, or null. */
  page: string | null;
  /** The practice area (slug) of the last practice-area page read, or null. */
  area: string | null;
  referrer: string;
  campaign: string;
}

/** A batch's view of a visit: `restart` when the batch saw it begin (a new arrival or a pause). */
export interface VisitUpdate extends Visit {
  /** The batch's first view of this visitor (ms). */
  first: number;
  restart: boolean;
}

/** The form pages (contact, booking) in any language. */
export const isFormPage = (path: string): boolean => FORM_PAGES.has(stripLangPrefix(path));

/** The practice area of a practice-area page ("/fa/practice-areas/family" is "family"), or null. */
export function areaOf(path: string): string | null {
  const match = /^\/practice-areas\/([^/]+)$/.exec(stripLangPrefix(path));
  return match ? match[1] : null;
}

/** An article (a blog post) or a practice-area page: the pages an enquiry can be credited to. */
export const isReadingPage = (path: string): boolean => areaOf(path) !== null || /^\/blog\/[^/]+$/.test(stripLangPrefix(path));

/**
 * A view that arrives from elsewhere: another site's link or a campaign's (not a link of this
 * site, not typed). It begins a new visit even within the 30 minutes (Instagram after Google).
 */
export const isArrival = (view: Pick<VisitView, "referrer" | "campaign">): boolean =>
  view.referrer !== "self" && (view.referrer !== "direct" || view.campaign !== "");

/**
 * A new visit beginning with this view. One begun from a link of this site (a tab left open past
 * the pause) keeps the previous visit's source: it did not come from anywhere new.
 */
function begin(view: VisitView, previous: Visit | null): Visit {
  const carried = view.referrer === "self" && previous !== null;
  return {
    last: view.at,
    landing: view.path,
    page: isReadingPage(view.path) ? view.path : null,
    area: areaOf(view.path),
    referrer: carried ? previous.referrer : view.referrer,
    campaign: carried ? previous.campaign : view.campaign,
  };
}

/** Whether a view ends the visit known so far (a pause of more than VISIT_GAP_MS, or an arrival) and begins a new one. */
const beginsNew = (visit: Pick<Visit, "last">, view: VisitView): boolean => isArrival(view) || view.at - visit.last > VISIT_GAP_MS;

/** One page view applied to this batch's state of a visitor (null: the batch's first view of them). */
export function stepVisit(update: VisitUpdate | null, view: VisitView): VisitUpdate {
  if (!update) return { ...begin(view, null), first: view.at, restart: isArrival(view) };
  if (beginsNew(update, view)) return { ...begin(view, update), first: view.at, restart: true };
  const area = areaOf(view.path);
  return {
    ...update,
    last: Math.max(update.last, view.at),
    page: isReadingPage(view.path) ? view.path : update.page,
    area: area ?? update.area,
  };
}

/**
 * The visit once a batch's state is laid over the stored one (written by any instance): the
 * batch's own visit when it began one or the stored one had paused too long, else the stored
 * visit carried on with the batch's last pages.
 */
export function mergeVisit(stored: Visit | null, update: VisitUpdate | null): Visit | null {
  if (!update) return stored;
  const { first, restart, ...own } = update;
  if (!stored) return own;
  if (restart || first - stored.last > VISIT_GAP_MS) {
    // A pause (not an arrival) from this site's own link keeps the stored visit's source.
    if (!restart && own.referrer === "self") return { ...own, referrer: stored.referrer, campaign: stored.campaign };
    return own;
  }
  return { ...stored, last: Math.max(stored.last, own.last), page: own.page ?? stored.page, area: own.area ?? stored.area };
}

/** What an enquiry is credited to. */
export interface Credit {
  landing: string;
  page: string;
  area: string;
  source: string;
  campaign: string;
}

/**
 * An enquiry's credit from the visitor's current visit (null: none known). The form's page is
 * never credited: a visit that began on one has FORM_PAGE for its landing page, and only
 * articles and practice-area pages are ever the page read. The enquiry belongs to the visit of
 * its form's page however long the form took to fill in (a POST is no page view).
 */
export function creditOf(visit: Visit | null): Credit {
  if (!visit) return { landing: UNKNOWN, page: UNKNOWN, area: UNKNOWN, source: UNKNOWN, campaign: "" };
  return {
    landing: isFormPage(visit.landing) ? FORM_PAGE : visit.landing,
    page: visit.page ?? NONE,
    area: visit.area ?? NONE,
    source: visit.referrer,
    campaign: visit.campaign,
  };
}
