/**
 * Which integration files CI runs a second time on PostgreSQL (DATABASE_URL set; vitest.config.ts):
 * those that open a database of their own through tests/helpers/db.ts (a new database on the
 * server then) or hand DATABASE_URL to the servers they start. The others test HTTP, outside
 * services or a server process on the embedded database, and would only repeat the first run.
 *
 * tests/unit/postgres-pass.test.ts fails when a file that reaches tests/helpers/db.ts (in any
 * spelling, through other helpers too) or names DATABASE_URL is in neither list below.
 */
export const ON_POSTGRES: readonly string[] = [
  "admin-auth.test.ts",
  "admin-blog.test.ts",
  "admin-content.test.ts",
  "admin-team.test.ts",
  "ai-jobs.test.ts",
  "automation.test.ts",
  "blog-posts.test.ts",
  "booking-conflicts.test.ts",
  "booking-mail.test.ts",
  "booking.test.ts",
  "booking-lawyers.test.ts",
  "languages-follow.test.ts",
  "contact-action.test.ts",
  "database.test.ts",
  "health.test.ts",
  "instagram.test.ts",
  "job-runner.test.ts",
  "lawyer-calendars.test.ts",
  "login-throttle.test.ts",
  "login-unlock.test.ts",
  "machine-text.test.ts",
  "media.test.ts",
  "newsletter-one-click.test.ts",
  "newsletter-send.test.ts",
  "passkeys.test.ts",
  "password-reset.test.ts",
  "privacy-retention.test.ts",
  "privacy-sealing.test.ts",
  "published-order.test.ts",
  "publishing-gate.test.ts",
  "rate-limit.test.ts",
  "review-mail.test.ts",
  "revisions.test.ts",
  "rss-description.test.ts",
  "scheduled-publishing.test.ts",
  "staff-invites.test.ts",
  "staff.test.ts",
  "stats.test.ts",
  "typed-jobs.test.ts",
];

/** Files that name DATABASE_URL or reach the database helper, yet run on the embedded database only: why. */
export const EMBEDDED_ONLY: Readonly<Record<string, string>> = {
  "backup.test.ts": "backups are of the embedded database's folder (postgres/backup.test.ts covers PostgreSQL)",
  "shutdown.test.ts": "its servers run with DATABASE_URL unset: stopping a process, not the database",
  "startup.test.ts": "its servers run with DATABASE_URL unset; the refused DATABASE_URL values need no database",
};

/** The files of the PostgreSQL pass, as vitest includes them. */
export const postgresPassFiles = (): string[] => [...ON_POSTGRES.map((name) => `tests/integration/${name}`), "tests/integration/postgres/*.test.ts"];
