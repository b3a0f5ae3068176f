/** Where the History page of an item is, and where the item is edited (browser-safe). */

export const HISTORY_KIND_NAMES = ["post", "content", "team_member"] as const;
export type HistoryKindName = (typeof HISTORY_KIND_NAMES)[number];

/** The History page of an item. */
export const historyPath = (kind: HistoryKindName, entityId: string | number) => `/admin/dashboard/history/${kind}/${encodeURIComponent(String(entityId))}`;

/** The editor of an item, for the page's back link. */
export function editorOf(kind: HistoryKindName, entityId: string): { to: string; label: string } {
  if (kind === "post") return { to: `/admin/dashboard/blog/${entityId}`, label: "Back to the post" };
  if (kind === "team_member") return { to: "/admin/dashboard/team", label: "Back to Team Management" };
  return { to: "/admin/dashboard/content", label: "Back to Website Content" };
}

export const RECENTLY_DELETED_PATH = "/admin/dashboard/deleted";
