import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { consultationBookings, contactSubmissions } from "../../db/schema";
import { auditFrom, recordAudit, type Actor } from "../changes/audit.server";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";

/**
 * "Became a client" (decision 0092): staff mark an enquiry or a booking when its person retained
 * the firm. The retention sweep leaves a marked record, and every record from the same address.
 */

/** Marking's refusals (decision 0101). */
const M = defineMessages("clients", { messageGone: "This message was deleted.", bookingUnknown: "Unknown booking." });

/** The form's field: "true" marks, "false" clears; anything else is refused. */
export const clientField = z.enum(["true", "false"], { message: "Choose client or not a client." }).transform((value) => value === "true");

export async function markClient(db: Db, actor: Actor, kind: "contact" | "booking", id: number, client: boolean, now: Date): Promise<{ client: boolean }> {
  const table = kind === "contact" ? contactSubmissions : consultationBookings;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set({ clientAt: client ? now : null })
      .where(eq(table.id, id))
      .returning({ id: table.id });
    if (!row) throw refuse("not-found", kind === "contact" ? M.messageGone : M.bookingUnknown);
    await recordAudit(tx, { ...auditFrom(actor), action: client ? "mark-client" : "unmark-client", entity: kind === "contact" ? "contact_submission" : "consultation_booking", entityId: id });
    return { client };
  });
}
