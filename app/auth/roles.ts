/**
 * Roles, declared once (decision 0066): what each staff role may do, by permission. The server
 * checks these for every admin loader and action (guard.server.ts, the admin kit); the UI reads
 * the same table only to hide what a role cannot do. Browser-safe: no server imports.
 */

export const ROLES = ["admin", "editor", "reviewer"] as const;
export type Role = (typeof ROLES)[number];

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
} as const;
export type Permission = keyof typeof PERMISSIONS;

const ALL = Object.keys(PERMISSIONS) as Permission[];

const EDITOR: readonly Permission[] = [
  "dashboard.open",
  "posts.edit",
  // Drafts no machine wrote; machine-written ones need changes.publish (checked when saving).
  "posts.publish",
  "history.edit",
  "content.edit",
  "team.edit",
  "topics.manage",
  "inbox.read",
  "inbox.handle",
  "media.upload",
  "jobs.run",
  "consultations.read",
  "consultations.handle",
];

/** The one table: role -> what it may do. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: ALL,
  editor: EDITOR,
  // A lawyer's sign-off: everything an editor can, plus making changes and machine text public.
  reviewer: [...EDITOR, "changes.publish", "stats.read"],
};

export const isRole = (value: unknown): value is Role => typeof value === "string" && (ROLES as readonly string[]).includes(value);
export const isPermission = (value: unknown): value is Permission => typeof value === "string" && Object.hasOwn(PERMISSIONS, value);

/** The union of the permissions of every role held (unknown role names grant nothing). */
export function permissionsOf(roles: readonly string[]): Set<Permission> {
  const out = new Set<Permission>();
  for (const role of roles) if (isRole(role)) for (const permission of ROLE_PERMISSIONS[role]) out.add(permission);
  return out;
}

/**
 * What the roles allow under the staff policy (decision 0070): with the sign-off turned off,
 * whoever may edit posts also publishes changes and machine-written text, as a reviewer does.
 */
export function effectivePermissions(roles: readonly string[], policy: { signOffRequired: boolean }): Set<Permission> {
  const out = permissionsOf(roles);
  if (!policy.signOffRequired && out.has("posts.edit")) out.add("changes.publish");
  return out;
}

export const can = (roles: readonly string[], permission: Permission): boolean => permissionsOf(roles).has(permission);

/** The sentence a refusal answers with, e.g. "Your role (editor) cannot export the inbox." */
export function refusal(roles: readonly string[], permission: Permission): string {
  const held = roles.filter(isRole);
  const who = held.length === 1 ? `Your role (${held[0]})` : `Your roles (${held.join(", ")})`;
  return `${who} cannot ${PERMISSIONS[permission]}.`;
}
