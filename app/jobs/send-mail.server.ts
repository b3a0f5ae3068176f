import { MailError } from "../../core/mail";
import { ItemFailed } from "./runner.server";

/**
 * Send a job item's mail. A failure the mailer calls final fails the item (no retry); any other
 * is thrown as a MailError, so the runner tries the item again. `undo` runs first on any failure.
 */
export async function sendItemMail(send: () => Promise<unknown>, undo?: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    await undo?.();
    const failure = error instanceof MailError ? error : new MailError(`The mail could not be sent: ${(error as Error).message}`, true);
    if (!failure.retryable) throw new ItemFailed(failure.message);
    throw failure;
  }
}
