import type { Db } from "../../db/client";
import type { ChangeEvents, ChangeKind } from "../../core/events";
import { recordAudit, type AuditEntry } from "./audit.server";

/** What every change to stored data needs: the database and the change events. */
export interface ChangeDeps {
  db: Db;
  events: Pick<ChangeEvents, "emit">;
}

/** For changes no public page shows (the inbox): nothing to tell the pages. */
export const NO_EVENTS: ChangeDeps["events"] = { emit: async () => {} };

/** A change's outcome, with the audit entries and change events it causes declared beside it. */
export interface Committed<R> {
  result: R;
  /** Who did what to which record; none for a change that did not happen. */
  audit?: AuditEntry | ReadonlyArray<AuditEntry> | null;
  /** Which public pages must hear of it (content, team, blog). */
  changes?: ReadonlyArray<ChangeKind>;
}

export interface CommitOptions {
  /**
   * Run the work and its audit entries in one transaction (the default). Work that retries after
   * a unique violation cannot: PostgreSQL refuses every statement of a transaction after an error.
   */
  transaction?: boolean;
}

/**
 * Run one change and what it declares: the audit entries are written with it (in its transaction
 * by default, so a change is never stored without its entry), and the change events are sent
 * after it is committed, so no instance refreshes its pages before the data is there. The work
 * must not call an outside service: on the embedded database a transaction holds the only connection.
 */
export async function commit<R>(deps: ChangeDeps, work: (db: Db) => Promise<Committed<R>>, options: CommitOptions = {}): Promise<R> {
  const run = async (db: Db) => {
    const outcome = await work(db);
    const entries = outcome.audit ? ([] as AuditEntry[]).concat(outcome.audit) : [];
    for (const entry of entries) await recordAudit(db, entry);
    return outcome;
  };
  const outcome = options.transaction === false ? await run(deps.db) : await deps.db.transaction((tx) => run(tx));
  for (const kind of new Set(outcome.changes ?? [])) await deps.events.emit(kind);
  return outcome.result;
}
