/**
 * Who hears of a proposal or of a decision on one, inside its transaction (decision 0089: the
 * review queue's notices). The listeners register from above, so this foundation imports nothing
 * of the modules that listen (the module order, decision 0095).
 */
import type { DbOrTx } from "../../db/client";
import { revisions } from "../../db/schema";

type RevisionRow = typeof revisions.$inferSelect;

export interface Decision {
  outcome: "published" | "discarded";
  reviewerId: string | null;
  comment?: string | null;
}

export interface RevisionListener {
  proposed?(tx: DbOrTx, revision: RevisionRow): Promise<void>;
  decided?(tx: DbOrTx, revision: RevisionRow, decision: Decision): Promise<void>;
}

const listeners = new Set<RevisionListener>();

/** Registers a listener once (a module may be evaluated again in development). */
export function listenToRevisions(listener: RevisionListener): void {
  listeners.add(listener);
}

export async function announceProposal(tx: DbOrTx, revision: RevisionRow): Promise<void> {
  for (const listener of listeners) await listener.proposed?.(tx, revision);
}

export async function announceDecision(tx: DbOrTx, revision: RevisionRow, decision: Decision): Promise<void> {
  for (const listener of listeners) await listener.decided?.(tx, revision, decision);
}
