import { eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { appMeta, conflictMatches, consultationBookings, consultationParties, contactSubmissions } from "../db/schema";
import { createSecretBox, SealBroken, type SecretBox } from "./secrets";

/**
 * The client's story sealed at rest (decision 0093): an enquiry's message, a booking's
 * description, the other parties' names and the conflict check's stored names are AES-256-GCM
 * sealed with the product's key (core/secrets.ts, the Instagram token's; decision 0032), each
 * with its column as the additional data. The key is installed once at start
 * (server/services.ts), after `checkSealingKey` proved it is the key the rows were sealed with.
 */

export type SealedColumn =
  | "contact_submissions.message"
  | "consultation_bookings.description"
  | "consultation_parties.name"
  | "conflict_matches.name"
  | "conflict_matches.matched"
  | "conflict_records.name"
  | "lawyer_calendars.address";

let box: SecretBox | null = null;

/** Use this ENCRYPTION_KEY for every sealed field of this process. */
export function installSealingKey(encryptionKey: string): void {
  box = createSecretBox(encryptionKey);
}

function currentBox(): SecretBox {
  if (!box) throw new Error("No sealing key installed: the server installs ENCRYPTION_KEY at start (core/sealing.server.ts).");
  return box;
}

/** The sealed form of a field; an empty one stays empty (there is nothing to hide). */
export const sealField = (plain: string, column: SealedColumn): string => (plain === "" ? "" : currentBox().seal(plain, column));

/** Shown instead of a sealed value that does not open (changed in the database): never its bytes. */
export const UNREADABLE = "[sealed text that cannot be opened]";

/**
 * The plain text of a stored field. Values that are not in the sealed form are rows written
 * before sealing existed and not yet sealed (only between a migration and the next start).
 */
export function openField(stored: string, column: SealedColumn): string {
  if (!stored.startsWith("v1.")) return stored;
  try {
    return currentBox().open(stored, column);
  } catch (error) {
    if (error instanceof SealBroken) return UNREADABLE;
    throw error;
  }
}

/** The server's start stops with this (one line): the key is not the one the rows were sealed with. */
export class SealingKeyWrong extends Error {}

const CHECK_KEY = "sealing_check";
const CHECK_PURPOSE = "app_meta.sealing_check";
const CHECK_TEXT = "law-firm-site sealed fields";

/**
 * Proves the installed key is the database's: the first start with sealing stores a sealed
 * known text in app_meta and, in the same transaction, seals every row written before (the data
 * part of migration 0017: SQL cannot seal, the key is never in the database). Later starts open
 * that text; a missing key (a new one generated) or another key fails with SealingKeyWrong, so
 * the server never serves sealed fields as garbage. Returns how many rows it sealed.
 */
export async function checkSealingKey(db: Db): Promise<number> {
  const sealer = currentBox();
  const verify = (value: string) => {
    let opened: string | null;
    try {
      opened = sealer.open(value, CHECK_PURPOSE);
    } catch {
      opened = null;
    }
    if (opened !== CHECK_TEXT) {
      throw new SealingKeyWrong(
        "ENCRYPTION_KEY is missing or is not the key this database's client records were sealed with: start with the ENCRYPTION_KEY kept beside SESSION_SECRET (docs/operations.md).",
      );
    }
  };
  const [existing] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, CHECK_KEY));
  if (existing) {
    verify(existing.value);
    return 0;
  }
  const sealed = await db.transaction(async (tx) => {
    // One instance wins the marker; another starting at once waits here, then finds it taken.
    const won = await tx.insert(appMeta).values({ key: CHECK_KEY, value: sealer.seal(CHECK_TEXT, CHECK_PURPOSE) }).onConflictDoNothing().returning({ key: appMeta.key });
    if (won.length === 0) return -1;
    return sealExistingRows(tx);
  });
  if (sealed === -1) {
    const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, CHECK_KEY));
    verify(row!.value);
    return 0;
  }
  return sealed;
}

/** Seals every field still in clear (rows from before sealing), table by table. */
async function sealExistingRows(tx: DbOrTx): Promise<number> {
  let count = 0;
  // Clear unless it opens with this key (a GCM tag cannot be forged by a visitor typing "v1.…").
  const clear = (value: string, column: SealedColumn) => {
    if (value === "") return false;
    try {
      currentBox().open(value, column);
      return false;
    } catch {
      return true;
    }
  };
  for (const row of await tx.select({ id: contactSubmissions.id, message: contactSubmissions.message }).from(contactSubmissions)) {
    if (!clear(row.message, "contact_submissions.message")) continue;
    await tx.update(contactSubmissions).set({ message: sealField(row.message, "contact_submissions.message") }).where(eq(contactSubmissions.id, row.id));
    count++;
  }
  for (const row of await tx.select({ id: consultationBookings.id, description: consultationBookings.description }).from(consultationBookings)) {
    if (!clear(row.description, "consultation_bookings.description")) continue;
    await tx.update(consultationBookings).set({ description: sealField(row.description, "consultation_bookings.description") }).where(eq(consultationBookings.id, row.id));
    count++;
  }
  for (const row of await tx.select({ id: consultationParties.id, name: consultationParties.name }).from(consultationParties)) {
    if (!clear(row.name, "consultation_parties.name")) continue;
    await tx.update(consultationParties).set({ name: sealField(row.name, "consultation_parties.name") }).where(eq(consultationParties.id, row.id));
    count++;
  }
  const matches = await tx.select({ id: conflictMatches.id, name: conflictMatches.name, matched: conflictMatches.matched }).from(conflictMatches);
  for (const row of matches) {
    const name = clear(row.name, "conflict_matches.name");
    const matched = clear(row.matched, "conflict_matches.matched");
    if (!name && !matched) continue;
    await tx
      .update(conflictMatches)
      .set({ name: name ? sealField(row.name, "conflict_matches.name") : row.name, matched: matched ? sealField(row.matched, "conflict_matches.matched") : row.matched })
      .where(inArray(conflictMatches.id, [row.id]));
    count++;
  }
  return count;
}
