/**
 * Roles, declared once (decision 0066, 0090): what each staff role may do, by permission. The
 * server checks these for every admin loader and action (guard.server.ts, the admin kit); the UI
 * reads the same table only to hide what a role cannot do, and the Staff tab shows it as "who sees
 * what". Browser-safe: no server imports.
 */

import { defineMessages, sentence } from "../changes/refusal";

export const ROLES = ["admin", "lawyer", "intake", "editor"] as const;
export type Role = (typeof ROLES)[number];

/** What each role is for, in a sentence (the Staff tab and the invitation form show it). */
export const ROLE_SUMMARIES: Readonly<Record<Role, string>> = {
  admin: "Everything, including staff accounts, settings, exports and the audit log.",
  lawyer: "Reviews and signs off content, and handles clients: enquiries, bookings and conflict checks.",
  intake: "Reads and handles enquiries and bookings (confirm, decline, notes); publishes nothing.",
  editor: "Writes content; sees no client record.",
};

/** Each permission, named by what it allows, with the words a refusal uses ("cannot …"). */
export const PERMISSIONS = {
  "dashboard.open": "open the admin dashboard",
  "posts.edit": "edit blog posts",
  "posts.publish": "publish blog posts",
  "changes.publish": "publish changes waiting for review or AI-written drafts",
  "history.edit": "restore or discard changes",
  "content.edit": "edit the website texts",
  "team.edit": "edit the team",
  "topics.manage": "manage the topic queue",
  "inbox.read": "read the inbox",
  "inbox.handle": "handle or delete inbox messages",
  "inbox.export": "export the inbox",
  "media.upload": "upload images",
  "jobs.run": "follow or cancel background jobs",
  "automation.settings": "change the automation settings",
  "instagram.settings": "change the Instagram settings",
  "newsletter.settings": "change the newsletter settings",
  "staff.manage": "manage staff accounts",
  "audit.read": "read the audit log",
  // Consultations tab (decision 0080): bookings, conflict results and one's own calendar feed.
  "consultations.read": "see consultation bookings",
  "consultations.handle": "confirm, decline, cancel or annotate consultation bookings",
  "consultations.settings": "change the consultation availability",
  "stats.read": "read the site statistics",
  // People tab (decision 0092): a person's data on request, and how long client records are kept.
  "people.data": "find, export and erase what the firm holds about a person",
  "clients.retention": "change how long client records are kept",
} as const;
export type Permission = keyof typeof PERMISSIONS;

const ALL = Object.keys(PERMISSIONS) as Permission[];

/**
 * The permissions that show a client record (decision 0090): enquiries, bookings and their
 * conflict results, newsletter subscribers, and their exports. Whoever holds one needs a second
 * factor, and every look through them is recorded (decision 0091).
 */
export const CLIENT_RECORD_PERMISSIONS: readonly Permission[] = ["inbox.read", "inbox.handle", "inbox.export", "consultations.read", "consultations.handle"];

/** Handling clients without exports or settings: the intake person's work, and the lawyer's. */
const CLIENTS: readonly Permission[] = ["inbox.read", "inbox.handle", "consultations.read", "consultations.handle"];

/** Writing content; no client record. */
const EDITOR: readonly Permission[] = [
  "dashboard.open",
  "posts.edit",
  // Drafts no machine wrote; machine-written ones need changes.publish (checked when saving).
  "posts.publish",
  "history.edit",
  "content.edit",
  "team.edit",
  "topics.manage",
  "media.upload",
  "jobs.run",
];

/** The one table: role -> what it may do. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: ALL,
  // The sign-off (everything an editor can, plus making changes and machine text public), and clients.
  lawyer: [...EDITOR, "changes.publish", "stats.read", ...CLIENTS],
  // Enquiries and bookings only: no content, no publishing, no exports.
  intake: ["dashboard.open", ...CLIENTS],
  editor: EDITOR,
};

/** Whether these roles see client records (and so must use a second factor, decision 0090). */
export const seesClientRecords = (roles: readonly string[]): boolean => {
  const held = permissionsOf(roles);
  return CLIENT_RECORD_PERMISSIONS.some((permission) => held.has(permission));
};

export const isRole = (value: unknown): value is Role => typeof value === "string" && (ROLES as readonly string[]).includes(value);
export const isPermission = (value: unknown): value is Permission => typeof value === "string" && Object.hasOwn(PERMISSIONS, value);

/**
 * Earlier names still accepted where a role is named (decision 0090, ARCHITECTURE.md):
 * `reviewer` is `lawyer`, for scripts written and backups made before the rename.
 */
export const ROLE_ALIASES: Readonly<Record<string, Role>> = Object.freeze({ reviewer: "lawyer" });

/** A role's current name: an alias becomes the role it stands for; anything else is left as it is. */
export const canonicalRole = (value: string): string => (Object.hasOwn(ROLE_ALIASES, value) ? ROLE_ALIASES[value]! : value);

/** The union of the permissions of every role held (an alias counts as its role; unknown names grant nothing). */
export function permissionsOf(roles: readonly string[]): Set<Permission> {
  const out = new Set<Permission>();
  for (const held of roles) {
    const role = canonicalRole(held);
    if (isRole(role)) for (const permission of ROLE_PERMISSIONS[role]) out.add(permission);
  }
  return out;
}

/**
 * What the roles allow under the staff policy (decision 0070): with the sign-off turned off,
 * whoever may edit posts also publishes changes and machine-written text, as a lawyer does.
 */
export function effectivePermissions(roles: readonly string[], policy: { signOffRequired: boolean }): Set<Permission> {
  const out = permissionsOf(roles);
  if (!policy.signOffRequired && out.has("posts.edit")) out.add("changes.publish");
  return out;
}

export const can = (roles: readonly string[], permission: Permission): boolean => permissionsOf(roles).has(permission);

/** A role's refusal (decision 0101): `{who}` is "Your role (editor)", `{action}` the permission's words. */
export const ROLE_MESSAGES = defineMessages("roles", { cannot: "{who} cannot {action}." });

/** The values of ROLE_MESSAGES.cannot for these roles and this permission. */
export function refusalValues(roles: readonly string[], permission: Permission): { who: string; action: string } {
  const held = roles.filter(isRole);
  return { who: held.length === 1 ? `Your role (${held[0]})` : `Your roles (${held.join(", ")})`, action: PERMISSIONS[permission] };
}

/** The sentence a refusal answers with, e.g. "Your role (editor) cannot export the inbox." */
export function refusal(roles: readonly string[], permission: Permission): string {
  return sentence(ROLE_MESSAGES.cannot, refusalValues(roles, permission));
}
