/** The dashboard's tabs, each with the permission its loader checks (browser-safe). */
import { can, type Permission } from "./roles";

export const TABS: ReadonlyArray<{ to: string; label: string; end: boolean; permission: Permission }> = [
  { to: "/admin/dashboard", label: "Blog Posts", end: true, permission: "posts.edit" },
  { to: "/admin/dashboard/automation", label: "Topic Queue & Automation", end: false, permission: "topics.manage" },
  { to: "/admin/dashboard/instagram", label: "Instagram", end: false, permission: "instagram.settings" },
  { to: "/admin/dashboard/content", label: "Website Content", end: false, permission: "content.edit" },
  { to: "/admin/dashboard/team", label: "Team Management", end: false, permission: "team.edit" },
  { to: "/admin/dashboard/review", label: "Review queue", end: false, permission: "changes.publish" },
  { to: "/admin/dashboard/inbox", label: "Inbox", end: false, permission: "inbox.read" },
  { to: "/admin/dashboard/consultations", label: "Consultations", end: false, permission: "consultations.read" },
  { to: "/admin/dashboard/statistics", label: "Statistics", end: false, permission: "stats.read" },
  { to: "/admin/dashboard/people", label: "People", end: false, permission: "people.data" },
  { to: "/admin/dashboard/staff", label: "Staff", end: false, permission: "staff.manage" },
  { to: "/admin/dashboard/audit", label: "Audit", end: false, permission: "audit.read" },
];

/**
 * Where a person lands after signing in: the first tab their roles open (Blog Posts for all but
 * intake, whose first is the Inbox; decision 0090), or their account page.
 */
export function adminHome(roles: readonly string[]): string {
  return TABS.find((tab) => can(roles, tab.permission))?.to ?? "/admin/dashboard/account";
}
