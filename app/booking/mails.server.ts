import type { Db } from "../../db/client";

export type BookingMailKind = "confirmation" | "changed" | "cancelled" | "declined" | "reminder";

/**
 * Placeholder: the booking mails work (branch bkmail) provides the real function, which queues the
 * visitor's mail in the caller's transaction. Until it is merged, the staff tab calls this no-op.
 */
export async function queueBookingMail(_tx: Db, _bookingId: number, _kind: BookingMailKind): Promise<void> {}
