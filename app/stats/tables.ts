/** The Statistics tab's tables: their names in the address, captions and columns. Browser-safe. */

export const KEEP_MONTHS_FOR_RANGE = 25;

export const STATS_TABLES = {
  pages: { caption: "Top pages", columns: ["Page", "Views", "Previous period"] },
  languages: { caption: "Languages", columns: ["Language", "Views", "Previous period"] },
  referrers: { caption: "Referrers", columns: ["Referrer", "Views", "Previous period"] },
  campaigns: { caption: "Campaigns", columns: ["Source", "Medium", "Campaign", "Views", "Previous period"] },
  devices: { caption: "Devices", columns: ["Device", "Views", "Previous period"] },
  "enquiries-by-area": { caption: "Enquiries per practice area", columns: ["Practice area (last one read)", "Kind", "Enquiries", "Previous period"] },
  "enquiries-by-landing": { caption: "Enquiries per landing page", columns: ["Landing page", "Kind", "Enquiries", "Previous period"] },
  "enquiries-by-page": { caption: "Enquiries per page read", columns: ["Last article or practice-area page", "Kind", "Enquiries", "Previous period"] },
  "enquiries-by-source": { caption: "Enquiries per source", columns: ["Visit referrer", "Campaign", "Kind", "Enquiries", "Previous period"] },
  daily: { caption: "Visitors and page views per day", columns: ["Day", "Visitors", "Page views", "Previous period day", "Previous visitors", "Previous page views"] },
} as const;

export type StatsTableName = keyof typeof STATS_TABLES;
export const isStatsTable = (value: unknown): value is StatsTableName => typeof value === "string" && Object.hasOwn(STATS_TABLES, value);

/** The enquiry tables' credit columns in stats_enquiries (decision 0107). */
export const ENQUIRY_TABLE_COLUMNS = {
  "enquiries-by-area": ["area"],
  "enquiries-by-landing": ["landing"],
  "enquiries-by-page": ["page"],
  "enquiries-by-source": ["source", "campaign"],
} as const satisfies Partial<Record<StatsTableName, readonly string[]>>;

/** Readable names of what an enquiry is; newsletter sign-ups are not enquiries and have their own total. */
export const ENQUIRY_KIND_LABELS: Readonly<Record<string, string>> = { contact: "Contact message", booking: "Booking" };

/** Rows on the page per table; the CSV has them all. */
export const ROWS_ON_PAGE = 25;
