import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { generateRandomString, hashPassword } from "better-auth/crypto";
import type { Db, DbOrTx } from "../../db/client";
import { accounts, appMeta, sessions, userRoles, users } from "../../db/schema";
import { recordAudit } from "../changes/audit.server";
import { adminEmailSchema, newPasswordSchema } from "./forms";
import { commonPasswordReason } from "./password-policy.server";
import { canonicalRole, isRole, ROLES, type Role } from "./roles";

/**
 * Creating and promoting admins: shared by /admin/setup, `npm run admin:create` and the
 * server's control socket. Passwords are hashed with better-auth's own hashPassword (scrypt),
 * the function better-auth verifies with at sign-in (auth.server.ts sets no custom hasher).
 */

/** Serialises every admin creation and staff change (app/staff) across instances (PostgreSQL) and requests (PGlite). */
export const ADMIN_LOCK_KEY = 727_002;
const SETUP_TOKEN_KEY = "admin_setup_token";
/** A printed setup link works for a day; a restart prints a fresh one while no admin exists. */
const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export class AdminInputError extends Error {}
/** Setup only creates the first admin; afterwards it refuses (HTTP 409). */
export class SetupAlreadyDone extends Error {
  constructor() {
    super("Setup is complete: an admin account already exists.");
  }
}

export interface AdminCreateInput {
  email: string;
  /** Required for a new account; for an existing one it replaces the password. */
  password?: string;
  name?: string;
}

export interface AdminCreateResult {
  userId: string;
  email: string;
  created: boolean;
  promoted: boolean;
  passwordChanged: boolean;
  /** The role granted, or null for a plain account. */
  role: Role | null;
}

export interface AdminCreateOptions {
  /** Refuse (SetupAlreadyDone) when any admin exists: the first-admin setup. */
  onlyIfNoAdmin?: boolean;
  /** Grant the role (default true); false makes a plain account (tests of access rules). */
  grantAdmin?: boolean;
  /** The staff role granted (decision 0066); admin by default. */
  /** A role, or an alias of one (`reviewer`). */
  role?: Role | string;
  /** Audit trail: which way the change came, e.g. "setup", "cli", "control-socket". */
  via: string;
}

const newId = () => generateRandomString(32, "a-z", "A-Z", "0-9");

/**
 * Where the too-common check refuses (decision 0069 addendum): every password set through the web.
 * On the server's own command line (`admin:create`, which reaches a running server over its
 * local socket) the operator's choice is kept; the script warns instead.
 */
const OPERATOR_PATHS = new Set(["cli", "control-socket"]);

function validate(input: AdminCreateInput, via: string): { email: string; password?: string; name?: string } {
  const email = adminEmailSchema.safeParse(input.email);
  if (!email.success) throw new AdminInputError(email.error.issues[0]?.message ?? "Invalid email");
  let password: string | undefined;
  if (input.password !== undefined) {
    const parsed = newPasswordSchema.safeParse(input.password);
    if (!parsed.success) throw new AdminInputError(parsed.error.issues[0]?.message ?? "Invalid password");
    const common = OPERATOR_PATHS.has(via) ? null : commonPasswordReason(parsed.data, [email.data.split("@")[0]]);
    if (common) throw new AdminInputError(common);
    password = parsed.data;
  }
  const name = input.name?.trim().slice(0, 100) || undefined;
  return { email: email.data, password, name };
}

export async function adminExists(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.role, "admin")).limit(1);
  return rows.length > 0;
}

/**
 * Create an admin, or promote an existing account (setting its password when one is given),
 * in one transaction under an advisory lock, so two concurrent setups yield exactly one admin.
 */
export async function createOrPromoteAdmin(db: Db, input: AdminCreateInput, options: AdminCreateOptions): Promise<AdminCreateResult> {
  const { email, password, name } = validate(input, options.via);
  const grantAdmin = options.grantAdmin ?? true;
  // `reviewer` is still taken, as `lawyer` (decision 0090).
  const role = canonicalRole(options.role ?? "admin");
  if (!isRole(role)) throw new AdminInputError(`Unknown role "${String(role)}". Choose one of: ${ROLES.join(", ")}.`);
  // scrypt is slow on purpose: hash before taking the lock.
  const hash = password ? await hashPassword(password) : null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK_KEY})`);
    if (options.onlyIfNoAdmin && (await adminExists(tx))) throw new SetupAlreadyDone();

    let [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    let created = false;
    let passwordChanged = false;
    if (!user) {
      if (!hash) throw new AdminInputError("A password is required to create a new account (--password, at least 12 characters).");
      const id = newId();
      await tx.insert(users).values({ id, name: name ?? email.split("@")[0], email, emailVerified: true });
      await tx.insert(accounts).values({ id: newId(), accountId: id, providerId: "credential", userId: id, password: hash });
      user = { id };
      created = true;
      passwordChanged = true;
    } else if (hash) {
      const updated = await tx
        .update(accounts)
        .set({ password: hash, updatedAt: new Date() })
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")))
        .returning({ id: accounts.id });
      if (updated.length === 0) {
        await tx.insert(accounts).values({ id: newId(), accountId: user.id, providerId: "credential", userId: user.id, password: hash });
      }
      // A new password ends every session signed in with the old one.
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      passwordChanged = true;
    }
    if (name && !created) await tx.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, user.id));

    let promoted = false;
    if (grantAdmin) {
      const inserted = await tx
        .insert(userRoles)
        .values({ userId: user.id, role })
        .onConflictDoNothing()
        .returning({ id: userRoles.id });
      promoted = inserted.length > 0;
      // With an admin in place, any printed setup link is void.
      if (role === "admin") await tx.delete(appMeta).where(eq(appMeta.key, SETUP_TOKEN_KEY));
    }

    await recordAudit(tx, {
      userId: user.id,
      action: options.via === "setup" ? "setup" : created ? "create" : "update",
      entity: "user",
      entityId: user.id,
      details: { email, via: options.via, created, promoted, passwordChanged, admin: grantAdmin && role === "admin", role: grantAdmin ? role : null },
    });
    return { userId: user.id, email, created, promoted, passwordChanged, role: grantAdmin ? role : null };
  });
}

/** One line for the shell or the log, e.g. "Created admin account a@b.c." */
export function describeResult(result: AdminCreateResult): string {
  const role = result.role ?? "admin";
  const article = role === "admin" ? "an" : "a";
  if (result.created) return `Created ${role} account ${result.email}.`;
  const parts = [result.promoted ? `promoted to ${role}` : `already ${article} ${role}`, result.passwordChanged ? "password updated" : null].filter(Boolean);
  return `Account ${result.email}: ${parts.join(", ")}.`;
}

// ---------------------------------------------------------------- first-admin setup token

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * While no admin exists: make a fresh one-time setup token (its hash is stored, replacing any
 * earlier one) and return it; once an admin exists: clear any token and return null.
 */
export async function issueSetupToken(db: Db, now = new Date()): Promise<string | null> {
  if (await adminExists(db)) {
    await db.delete(appMeta).where(eq(appMeta.key, SETUP_TOKEN_KEY));
    return null;
  }
  const token = randomBytes(32).toString("base64url");
  const value = JSON.stringify({ hash: sha256(token), expiresAt: new Date(now.getTime() + SETUP_TOKEN_TTL_MS).toISOString() });
  await db
    .insert(appMeta)
    .values({ key: SETUP_TOKEN_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: now } });
  return token;
}

/** Whether a token from a setup link is the current, unexpired one (compared in constant time). */
export async function verifySetupToken(db: Db, token: string | null | undefined, now = new Date()): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SETUP_TOKEN_KEY)).limit(1);
  if (!row) return false;
  try {
    const stored = JSON.parse(row.value) as { hash: string; expiresAt: string };
    if (new Date(stored.expiresAt).getTime() <= now.getTime()) return false;
    const expected = Buffer.from(stored.hash, "hex");
    const given = Buffer.from(sha256(token), "hex");
    return expected.length === given.length && timingSafeEqual(expected, given);
  } catch {
    return false;
  }
}

/** The setup link to print at start, or null when an admin exists. */
export async function setupLink(db: Db, siteUrl: string): Promise<string | null> {
  const token = await issueSetupToken(db);
  return token ? `${siteUrl}/admin/setup?token=${token}` : null;
}
