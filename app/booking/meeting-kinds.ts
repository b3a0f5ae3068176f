/**
 * The ways a consultation can be held (issue 33): apart from the availability's schema, so that
 * what reads a page's address (app/routes.ts, app/booking/page-filters.ts) needs no Zod.
 */
export const MEETING_KINDS = ["video", "phone", "office"] as const;
export type MeetingKind = (typeof MEETING_KINDS)[number];

export const isMeetingKind = (value: unknown): value is MeetingKind => typeof value === "string" && (MEETING_KINDS as readonly string[]).includes(value);
