/**
 * The team members' text fields and their content keys, declared once. Each member's texts
 * are content texts keyed `team.member.{id}.{field}` in three languages; the public team
 * page, the Team Management tab, the Site Content tab (which leaves them out) and the demo
 * seed all name them through this module. No imports, so the admin's browser bundle can
 * use it without carrying the built-in texts.
 */

/** The per-member text fields, in the order the admin form shows them. */
export const TEAM_MEMBER_FIELDS = ["role", "bio", "education", "bar_admissions", "areas_of_practice"] as const;
export type TeamMemberField = (typeof TEAM_MEMBER_FIELDS)[number];

/** What every team member's content key starts with. */
export const TEAM_MEMBER_KEY_PREFIX = "team.member.";

/** The content key of one member's field: `team.member.{id}.{field}`. */
export const teamMemberKey = (memberId: number | string, field: TeamMemberField) => `${TEAM_MEMBER_KEY_PREFIX}${memberId}.${field}`;

/** Whether a content key is a team member's text. */
export const isTeamMemberKey = (key: string) => key.startsWith(TEAM_MEMBER_KEY_PREFIX);

/** The member id a team member's key names (as written in the key), or null for any other key. */
export const teamMemberIdOfKey = (key: string): string | null => (isTeamMemberKey(key) ? key.slice(TEAM_MEMBER_KEY_PREFIX.length).split(".")[0] : null);

/** SQL LIKE pattern of the keys of every member's texts, or of one member's. */
export const teamMemberKeyPattern = (memberId?: number) => `${TEAM_MEMBER_KEY_PREFIX}${memberId === undefined ? "" : `${memberId}.`}%`;

/** The label a member's text carries in the content table. */
export const teamMemberLabel = (field: TeamMemberField, name: string) => `Team Member ${field} - ${name}`;
