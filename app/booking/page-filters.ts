/**
 * The booking page's narrowing (issue 46, decision 0104): `?lawyer=ID`, `?area=SLUG`,
 * `?speaks=en|fa|zh`, `?kind=video|phone|office` (the times of lawyers who meet that way), read
 * without the time-zone library or Zod: app/routes.ts declares them for the page cache (decision
 * 0053) and imports this.
 */
import { isMeetingKind, type MeetingKind } from "./meeting-kinds";

export const PRACTICE_AREAS = ["civil-litigation", "immigration", "family", "professional-negligence"] as const;

export const LAWYER_PARAMETER = "lawyer";
export const AREA_PARAMETER = "area";
export const SPEAKS_PARAMETER = "speaks";
export const SPEAKS = ["en", "fa", "zh"] as const;
export const KIND_PARAMETER = "kind";

export interface PageFilter {
  lawyer: number | null;
  area: string | null;
  speaks: (typeof SPEAKS)[number] | null;
  /** The way of meeting chosen; null: the firm's first (the form's default). */
  kind: MeetingKind | null;
}

export const readLawyer = (raw: string | null): string | null => (raw !== null && /^[1-9]\d{0,8}$/.test(raw) ? raw : null);
export const readArea = (raw: string | null): string | null => (raw !== null && (PRACTICE_AREAS as readonly string[]).includes(raw) ? raw : null);
export const readKind = (raw: string | null): MeetingKind | null => (isMeetingKind(raw) ? raw : null);
export const readSpeaks = (raw: string | null): PageFilter["speaks"] => (raw !== null && (SPEAKS as readonly string[]).includes(raw) ? (raw as PageFilter["speaks"]) : null);

/** The filter of a query string or a posted form (anything unreadable reads as absent). */
export function readPageFilter(get: (name: string) => unknown): PageFilter {
  const text = (name: string) => {
    const value = get(name);
    return typeof value === "string" ? value : null;
  };
  const lawyer = readLawyer(text(LAWYER_PARAMETER));
  return {
    lawyer: lawyer === null ? null : Number(lawyer),
    area: readArea(text(AREA_PARAMETER)),
    speaks: readSpeaks(text(SPEAKS_PARAMETER)),
    kind: readKind(text(KIND_PARAMETER)),
  };
}

/** The filter as query parameters ("&lawyer=3&speaks=fa"), empty parts left out. */
export const filterQuery = (filter: PageFilter): string =>
  [
    filter.lawyer !== null ? `&${LAWYER_PARAMETER}=${filter.lawyer}` : "",
    filter.area ? `&${AREA_PARAMETER}=${filter.area}` : "",
    filter.speaks ? `&${SPEAKS_PARAMETER}=${filter.speaks}` : "",
    filter.kind ? `&${KIND_PARAMETER}=${filter.kind}` : "",
  ].join("");
