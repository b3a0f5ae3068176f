import { describe, expect, it } from "vitest";
import { ENQUIRY_KIND_LABELS } from "../../app/stats/tables";
import { areaOf, creditOf, FORM_PAGE, isArrival, isFormPage, isReadingPage, mergeVisit, NONE, stepVisit, UNKNOWN, VISIT_GAP_MS, type VisitUpdate, type VisitView } from "../../app/stats/visits";

/** Which pages bring clients (decision 0107): the visit and credit rules, view by view. */
const T0 = Date.parse("2026-11-29T18:00:00Z");
const MINUTE = 60_000;

/** A visitor's views in order (minutes after T0), folded as one batch folds them. */
function walk(views: Array<[minutes: number, path: string, referrer?: string, campaign?: string]>): VisitUpdate {
  let update: VisitUpdate | null = null;
  for (const [minutes, path, referrer = "self", campaign = ""] of views) update = stepVisit(update, { at: T0 + minutes * MINUTE, path, referrer, campaign });
  return update!;
}
const credit = (views: Parameters<typeof walk>[0]) => creditOf(mergeVisit(null, walk(views)));

describe("which pages count", () => {
  it("knows the form pages, articles and practice-area pages in every language", () => {
    expect(["/contact", "/fa/contact", "/zh/virtual-consultation", "/virtual-consultation"].every(isFormPage)).toBe(true);
    expect(["/", "/about", "/blog", "/video-consultation", "/practice-areas/family"].some(isFormPage)).toBe(false);
    expect(["/blog/a-post", "/zh/blog/a-post", "/practice-areas/immigration", "/fa/practice-areas/family"].every(isReadingPage)).toBe(true);
    expect(["/blog", "/practice-areas", "/team", "/contact", "/fa"].some(isReadingPage)).toBe(false);
    expect(areaOf("/fa/practice-areas/civil-litigation")).toBe("civil-litigation");
    expect(areaOf("/blog/family-matters")).toBeNull();
  });

  it("calls a view from another site or a campaign an arrival, never one from this site or typed", () => {
    expect(isArrival({ referrer: "google.ca", campaign: "" })).toBe(true);
    expect(isArrival({ referrer: "direct", campaign: "mail\u001femail\u001ffall" })).toBe(true);
    expect(isArrival({ referrer: "direct", campaign: "" })).toBe(false);
    expect(isArrival({ referrer: "self", campaign: "mail\u001femail\u001ffall" })).toBe(false);
  });
});

describe("an enquiry's credit", () => {
  it("goes to the landing page and the last article or practice-area page read before the form", () => {
    expect(
      credit([
        [0, "/about", "google.ca"],
        [1, "/practice-areas/family"],
        [2, "/blog/custody-basics"],
        [3, "/team"],
        [4, "/contact"],
      ]),
    ).toEqual({ landing: "/about", page: "/blog/custody-basics", area: "family", source: "google.ca", campaign: "" });
  });

  it("never goes to the form's own page: a visit begun on the form has '(form page)' for landing page and nothing read", () => {
    expect(credit([[0, "/zh/contact", "baidu.com"]])).toEqual({ landing: FORM_PAGE, page: NONE, area: NONE, source: "baidu.com", campaign: "" });
    // A form page read in between is not 'the last page read' either.
    const booked = credit([
      [0, "/fa/practice-areas/immigration", "instagram.com"],
      [1, "/fa/contact"],
      [2, "/fa/virtual-consultation"],
    ]);
    expect(booked).toMatchObject({ landing: "/fa/practice-areas/immigration", page: "/fa/practice-areas/immigration", area: "immigration" });
    expect(Object.values(booked)).not.toContain("/fa/virtual-consultation");
  });

  it("ends a visit after 30 minutes without a page view: the next page begins a new one", () => {
    const within = credit([
      [0, "/blog/a", "google.ca"],
      [30, "/contact"],
    ]);
    expect(within).toMatchObject({ landing: "/blog/a", page: "/blog/a" });
    const after = credit([
      [0, "/blog/a", "google.ca"],
      [31, "/team", "direct"],
      [32, "/contact"],
    ]);
    expect(after).toEqual({ landing: "/team", page: NONE, area: NONE, source: "direct", campaign: "" });
    expect(VISIT_GAP_MS).toBe(30 * MINUTE);
  });

  it("takes the referrer of the visit that led to the enquiry, not the day's first: Instagram after Google is Instagram's", () => {
    const later = credit([
      [0, "/about", "google.ca"],
      [120, "/blog/b", "instagram.com"],
      [121, "/contact"],
    ]);
    expect(later).toMatchObject({ source: "instagram.com", landing: "/blog/b" });
    // Within the 30 minutes too: another site's link is a new arrival.
    const soon = credit([
      [0, "/about", "google.ca"],
      [5, "/practice-areas/family", "l.instagram.com", "ig\u001fsocial\u001fspring"],
      [6, "/contact"],
    ]);
    expect(soon).toEqual({ landing: "/practice-areas/family", page: "/practice-areas/family", area: "family", source: "l.instagram.com", campaign: "ig\u001fsocial\u001fspring" });
  });

  it("keeps the source of a visit resumed from a page left open: this site is no new source", () => {
    expect(
      credit([
        [0, "/blog/a", "google.ca"],
        [45, "/practice-areas/immigration", "self"],
        [46, "/contact"],
      ]),
    ).toEqual({ landing: "/practice-areas/immigration", page: "/practice-areas/immigration", area: "immigration", source: "google.ca", campaign: "" });
  });

  it("is unknown without a visit (Do Not Track, a bot, no view today)", () => {
    expect(creditOf(null)).toEqual({ landing: UNKNOWN, page: UNKNOWN, area: UNKNOWN, source: UNKNOWN, campaign: "" });
  });
});

describe("a batch laid over the stored visit (two instances, or two batches)", () => {
  const stored = { last: T0, landing: "/about", page: "/blog/a", area: "family", referrer: "google.ca", campaign: "" };
  const batch = (views: Array<[number, string, string?]>): VisitUpdate => {
    let update: VisitUpdate | null = null;
    for (const [minutes, path, referrer = "self"] of views) update = stepVisit(update, { at: T0 + minutes * MINUTE, path, referrer, campaign: "" } satisfies VisitView);
    return update!;
  };

  it("carries the stored visit on with the batch's last pages", () => {
    expect(mergeVisit(stored, batch([[10, "/practice-areas/immigration"], [11, "/contact"]]))).toEqual({ ...stored, last: T0 + 11 * MINUTE, page: "/practice-areas/immigration", area: "immigration" });
    expect(mergeVisit(stored, batch([[10, "/team"]]))).toEqual({ ...stored, last: T0 + 10 * MINUTE });
  });

  it("replaces it after a pause or an arrival, keeping its source when resumed from this site", () => {
    expect(mergeVisit(stored, batch([[40, "/team", "direct"]]))).toEqual({ last: T0 + 40 * MINUTE, landing: "/team", page: null, area: null, referrer: "direct", campaign: "" });
    expect(mergeVisit(stored, batch([[40, "/team", "self"]]))).toMatchObject({ landing: "/team", page: null, referrer: "google.ca" });
    expect(mergeVisit(stored, batch([[5, "/blog/b", "bing.com"]]))).toMatchObject({ landing: "/blog/b", page: "/blog/b", area: null, referrer: "bing.com" });
    expect(mergeVisit(null, null)).toBeNull();
    expect(mergeVisit(stored, null)).toBe(stored);
  });
});

describe("newsletter sign-ups", () => {
  it("are no enquiry: the enquiry tables name contact messages and bookings only", () => {
    expect(Object.keys(ENQUIRY_KIND_LABELS).sort()).toEqual(["booking", "contact"]);
  });
});
