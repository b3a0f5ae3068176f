/** The Statistics tab's tables: their names in the address, captions and columns. Browser-safe. */

export const KEEP_MONTHS_FOR_RANGE = 25;

export const STATS_TABLES = {
  pages: { caption: "Top pages", columns: ["Page", "Views", "Previous period"] },
  languages: { caption: "Languages", columns: ["Language", "Views", "Previous period"] },
  referrers: { caption: "Referrers", columns: ["Referrer", "Views", "Previous period"] },
  campaigns: { caption: "Campaigns", columns: ["Source", "Medium", "Campaign", "Views", "Previous period"] },
  devices: { caption: "Devices", columns: ["Device", "Views", "Previous period"] },
  "enquiries-by-page": { caption: "Enquiries per page", columns: ["Page", "Language", "Kind", "Enquiries", "Previous period"] },
  "enquiries-by-source": { caption: "Enquiries per source", columns: ["Entry referrer", "Campaign", "Kind", "Enquiries", "Previous period"] },
  daily: { caption: "Visitors and page views per day", columns: ["Day", "Visitors", "Page views", "Previous period day", "Previous visitors", "Previous page views"] },
} as const;

export type StatsTableName = keyof typeof STATS_TABLES;
export const isStatsTable = (value: unknown): value is StatsTableName => typeof value === "string" && Object.hasOwn(STATS_TABLES, value);

/** Rows on the page per table; the CSV has them all. */
export const ROWS_ON_PAGE = 25;
