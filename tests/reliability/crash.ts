import { inArray } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../db/client";
import { contactSubmissions, contentText } from "../../db/schema";
import { signInHttp } from "../helpers/admin-http";
import { startSite, type SiteServer } from "../helpers/server";
import { ADMIN, postContact, RELIABILITY_ENV, SAVED_KEYS, saveText } from "./traffic";

/** Rounds of writes each ended by kill -9, and how long each round writes (ms). */
export const ROUNDS = Number(process.env.RELIABILITY_CRASH_ROUNDS ?? 3);
const ROUND_MS = Number(process.env.RELIABILITY_CRASH_ROUND_MS ?? 6000);

interface Ledger {
  /** Emails whose contact post was answered 200. */
  contacts: Set<string>;
  /** Per text key, the highest save number answered 200. */
  saves: Map<string, number>;
  savesAcknowledged: number;
}

/** Writers until the process dies: every 200 answer is recorded before the next request. */
async function writeUntilKilled(site: SiteServer, cookie: string, round: number, ledger: Ledger) {
  let stop = false;
  const contactWriter = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const email = `crash-${round}-${w}-${i}@example.test`;
      try {
        if (await postContact(site.url, email)) ledger.contacts.add(email);
      } catch {
        return; // the server is gone
      }
    }
  };
  const saveWriter = async (key: string) => {
    for (let i = round * 100_000; !stop; i++) {
      try {
        const answer = await saveText(site.url, cookie, key, `Saved ${i}`);
        if (answer.ok) {
          ledger.saves.set(key, i);
          ledger.savesAcknowledged += 1;
        } else throw new Error(`save answered ${answer.status}`);
      } catch (error) {
        if ((error as Error).message.startsWith("save answered")) throw error;
        return;
      }
    }
  };
  const writers = Promise.all([...[0, 1, 2, 3].map(contactWriter), ...SAVED_KEYS.map(saveWriter)]);
  // Kill at a random moment after ROUND_MS, once this round has had writes of both kinds
  // acknowledged (a slow machine answers fewer), and at the latest after a minute.
  const contactsBefore = ledger.contacts.size;
  const savesBefore = ledger.savesAcknowledged;
  const earliest = Date.now() + ROUND_MS * (0.6 + Math.random() * 0.8);
  const latest = Date.now() + 60_000;
  while (Date.now() < latest && (Date.now() < earliest || ledger.contacts.size === contactsBefore || ledger.savesAcknowledged === savesBefore)) {
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
  }
  const exited = new Promise((resolve) => site.process.once("exit", resolve));
  site.process.kill("SIGKILL");
  await exited;
  stop = true;
  await writers;
}

async function audit(db: Db, ledger: Ledger) {
  const emails = [...ledger.contacts];
  const present = new Set<string>();
  for (let i = 0; i < emails.length; i += 500) {
    const rows = await db.select({ email: contactSubmissions.email }).from(contactSubmissions).where(inArray(contactSubmissions.email, emails.slice(i, i + 500)));
    for (const row of rows) present.add(row.email);
  }
  const texts = await db.select({ key: contentText.key, content: contentText.content }).from(contentText).where(inArray(contentText.key, SAVED_KEYS));
  let savesLost = 0;
  for (const [key, last] of ledger.saves) {
    const stored = Number(/^Saved (\d+)$/.exec(texts.find((t) => t.key === key)?.content ?? "")?.[1] ?? -1);
    // A save in flight at the kill may have been stored without its answer: newer is fine.
    if (stored < last) savesLost += 1;
  }
  return {
    contacts: { acknowledged: emails.length, present: present.size, lost: emails.length - present.size },
    saves: { acknowledged: ledger.savesAcknowledged, lastOfEachKeyPresent: ledger.saves.size - savesLost, lost: savesLost },
  };
}

/** ROUNDS of writes each ended by kill -9, one more start, then what the database holds of what was acknowledged. */
export async function crashRounds(env: Record<string, string | undefined>, openStore: () => Promise<{ db: Db; close(): Promise<void> }>) {
  const ledger: Ledger = { contacts: new Set(), saves: new Map(), savesAcknowledged: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const site = await startSite({ ...RELIABILITY_ENV, ...env });
    const cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    await writeUntilKilled(site, cookie, round, ledger);
  }
  // The next start after the last crash must come up and find everything.
  const site = await startSite({ ...RELIABILITY_ENV, ...env });
  expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  await site.stop();
  const store = await openStore();
  try {
    return await audit(store.db, ledger);
  } finally {
    await store.close();
  }
}

