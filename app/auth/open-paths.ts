/**
 * The admin paths reachable without a session: signing in (and its second step), first-admin
 * setup, signing out, and the pages of mailed links (decision 0069). One list for the mutation gate (server/admin-gate.ts) and the access tests;
 * every other /admin path needs a staff session.
 */
export const ADMIN_OPEN_PATHS: ReadonlySet<string> = new Set([
  "/admin/login",
  "/admin/login/verify",
  "/admin/setup",
  "/admin/logout",
  "/admin/invite",
  "/admin/reset-password",
  "/admin/confirm-email",
  // A staff member's calendar feed (decision 0080): a calendar app has no session, the secret
  // token in the address is the key. A route pattern: the access tests match patterns; it takes
  // no POST, so the gate still refuses anonymous mutations of it.
  "/admin/calendar/:feed",
]);
