/**
 * The Instagram tab's settings: one row of `instagram_settings`. The access token is sealed
 * (core/secrets.ts, decision 0032) and never leaves the server: the browser sees only that one is
 * saved and its last four characters.
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { instagramSettings } from "../../db/schema";
import { createSecretBox, SealBroken, type SecretBox } from "../../core/secrets";
import { createGraphClient, GraphError, type GraphClient } from "../../core/outside/graph";
import type { Config } from "../../core/config";
import type { Logger } from "../../core/log";
import type { AdminUser } from "../auth/guard.server";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { auditFrom, changedFields, recordAudit } from "../changes/audit.server";
import { MISSING_CREDENTIALS, type SettingsInput, type TestInput } from "./schema";

/** The Instagram settings' refusals (decision 0101). */
const M = defineMessages("instagram.settings", {
  missingCredentials: MISSING_CREDENTIALS,
});


/** The additional data of the sealed token: the column it belongs to. */
const TOKEN_PURPOSE = "instagram_settings.access_token";

export type SettingsRow = typeof instagramSettings.$inferSelect;

export interface InstagramDeps {
  db: Db;
  config: Pick<Config, "ENCRYPTION_KEY" | "GRAPH_API_URL" | "SITE_URL"> & Partial<Pick<Config, "OUTSIDE_FETCH_ALLOW_LOOPBACK">>;
  log: Logger;
  /** Tests hand in a client factory; by default the Graph API of GRAPH_API_URL. */
  graph?: (token: string) => GraphClient;
}

/** What the browser is given: never the token. */
export interface SettingsView {
  enabled: boolean;
  autoPost: boolean;
  accountId: string;
  tokenSaved: boolean;
  tokenLast4: string | null;
  username: string | null;
  profilePictureUrl: string | null;
  reconnectNeeded: boolean;
  lastError: string | null;
  checkedAt: string | null;
}

const boxes = new Map<string, SecretBox>();
function secretBox(config: Pick<Config, "ENCRYPTION_KEY">): SecretBox {
  let box = boxes.get(config.ENCRYPTION_KEY);
  if (!box) boxes.set(config.ENCRYPTION_KEY, (box = createSecretBox(config.ENCRYPTION_KEY)));
  return box;
}

export function graphFor(deps: InstagramDeps, token: string): GraphClient {
  return deps.graph ? deps.graph(token) : createGraphClient({ baseUrl: deps.config.GRAPH_API_URL, accessToken: token });
}

/** The settings row (made when a database has none). */
async function settingsRow(db: Db): Promise<SettingsRow> {
  const [row] = await db.select().from(instagramSettings).orderBy(asc(instagramSettings.id)).limit(1);
  if (row) return row;
  const [created] = await db.insert(instagramSettings).values({ enabled: false, autoPost: false }).returning();
  return created;
}

function settingsView(row: SettingsRow): SettingsView {
  return {
    enabled: row.enabled,
    autoPost: row.autoPost,
    accountId: row.instagramAccountId ?? "",
    tokenSaved: Boolean(row.accessToken),
    tokenLast4: row.accessToken ? row.tokenLast4 : null,
    username: row.username,
    profilePictureUrl: row.profilePictureUrl,
    reconnectNeeded: row.reconnectNeeded,
    lastError: row.lastError,
    checkedAt: row.checkedAt?.toISOString() ?? null,
  };
}

export async function loadSettings(db: Db): Promise<SettingsView> {
  return settingsView(await settingsRow(db));
}

/**
 * Whether the stored token was refused as expired or revoked (190): the dashboard's warning on
 * every admin page. One column, and no row made on a read (no row means nothing to reconnect).
 */
export async function reconnectNeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ reconnectNeeded: instagramSettings.reconnectNeeded }).from(instagramSettings).orderBy(asc(instagramSettings.id)).limit(1);
  return row?.reconnectNeeded ?? false;
}

/** The stored token, opened; null when none is saved. A token sealed with another key reads as none (with a warning). */
function openToken(deps: Pick<InstagramDeps, "config" | "log">, row: SettingsRow): string | null {
  if (!row.accessToken) return null;
  try {
    return secretBox(deps.config).open(row.accessToken, TOKEN_PURPOSE);
  } catch (error) {
    if (error instanceof SealBroken) {
      deps.log.warn("the stored Instagram token cannot be opened with this ENCRYPTION_KEY: it must be connected again");
      return null;
    }
    throw error;
  }
}

export interface ConnectionResult {
  connected: boolean;
  username: string | null;
  profilePictureUrl: string | null;
  /** Why it failed: 'Invalid credentials', the provider's message or 'Unknown error'. */
  error: string | null;
  reconnectNeeded: boolean;
}

/** The connection's sentence for the 'Connection failed' toast. */
function failureText(error: unknown): string {
  if (error instanceof GraphError) {
    if (error.code === 190 || error.code === 102 || (error.code === 100 && /does not exist|cannot be loaded/i.test(error.providerMessage ?? ""))) return "Invalid credentials";
    return error.providerMessage ?? error.message ?? "Unknown error";
  }
  return "Unknown error";
}

async function check(deps: InstagramDeps, token: string, accountId: string, signal?: AbortSignal): Promise<ConnectionResult> {
  try {
    const account = await graphFor(deps, token).account(accountId, signal);
    return { connected: true, username: account.username || null, profilePictureUrl: account.profilePictureUrl, error: null, reconnectNeeded: false };
  } catch (error) {
    if (!(error instanceof GraphError)) deps.log.error({ err: error }, "instagram: connection test failed unexpectedly");
    const reconnect = error instanceof GraphError && error.code === 190;
    return { connected: false, username: null, profilePictureUrl: null, error: failureText(error), reconnectNeeded: reconnect };
  }
}

/** Store a check of the saved credentials: the account's name and picture, or the failure (190 asks for a reconnect). */
async function recordCheck(db: Db, rowId: number, result: ConnectionResult): Promise<void> {
  await db
    .update(instagramSettings)
    .set(
      result.connected
        ? { username: result.username, profilePictureUrl: result.profilePictureUrl, reconnectNeeded: false, lastError: null, checkedAt: new Date() }
        : { lastError: result.error, checkedAt: new Date(), ...(result.reconnectNeeded ? { reconnectNeeded: true } : {}) },
    )
    .where(eq(instagramSettings.id, rowId));
}

/**
 * 'Test Connection': the typed token, or the saved one when the field is left empty, with the
 * typed account id. A test of the saved credentials is recorded (a success clears 'Reconnect
 * Instagram'; a 190 sets it); a typed token that is not saved only answers.
 */
export async function testConnection(deps: InstagramDeps, input: TestInput, signal?: AbortSignal): Promise<ConnectionResult> {
  const row = await settingsRow(deps.db);
  const saved = openToken(deps, row);
  const token = input.accessToken || saved;
  const accountId = input.accountId;
  if (!token || !accountId) throw refuse("invalid", M.missingCredentials);
  const result = await check(deps, token, accountId, signal);
  if (token === saved && accountId === (row.instagramAccountId ?? "")) await recordCheck(deps.db, row.id, result);
  return result;
}

/**
 * 'Save Settings'. An empty token field keeps the saved token; a typed one replaces it (sealed)
 * and is checked at once, so the tab and the dashboard show whether it works.
 */
export async function saveSettings(deps: InstagramDeps, user: AdminUser, input: SettingsInput): Promise<SettingsView> {
  const row = await settingsRow(deps.db);
  const newToken = input.accessToken || null;
  const accountChanged = input.accountId !== (row.instagramAccountId ?? "");
  await deps.db
    .update(instagramSettings)
    .set({
      enabled: input.enabled,
      // Auto-post needs the integration: off with it.
      autoPost: input.enabled && input.autoPost,
      instagramAccountId: input.accountId || null,
      updatedBy: user.id,
      updatedAt: new Date(),
      ...(newToken ? { accessToken: secretBox(deps.config).seal(newToken, TOKEN_PURPOSE), tokenLast4: newToken.slice(-4) } : {}),
      ...(newToken || accountChanged ? { username: null, profilePictureUrl: null, lastError: null, checkedAt: null } : {}),
    })
    .where(eq(instagramSettings.id, row.id));
  // Who changed what (the token only as replaced: never its text nor its last digits).
  const changed = changedFields(
    { enabled: row.enabled, autoPost: row.autoPost, accountId: row.instagramAccountId ?? "", accessToken: "" },
    { enabled: input.enabled, autoPost: input.enabled && input.autoPost, accountId: input.accountId, accessToken: newToken ?? "" },
    ["accessToken"],
  );
  if (Object.keys(changed).length > 0) {
    await recordAudit(deps.db, { ...auditFrom(user), action: "update", entity: "instagram_settings", entityId: row.id, details: changed });
  }
  if (newToken && input.accountId) {
    // Outside any transaction: the settings are saved whatever Instagram answers.
    await recordCheck(deps.db, row.id, await check(deps, newToken, input.accountId));
  }
  return loadSettings(deps.db);
}

/** The saved, opened credentials and switches, for posting. */
export async function postingCredentials(deps: InstagramDeps): Promise<{ row: SettingsRow; token: string | null; accountId: string | null }> {
  const row = await settingsRow(deps.db);
  return { row, token: openToken(deps, row), accountId: row.instagramAccountId };
}

/** A post's failure that needs the token replaced: the dashboard warns until a test succeeds. */
export async function markReconnectNeeded(db: Db, message: string): Promise<void> {
  const row = await settingsRow(db);
  await db.update(instagramSettings).set({ reconnectNeeded: true, lastError: message, checkedAt: new Date() }).where(eq(instagramSettings.id, row.id));
}
