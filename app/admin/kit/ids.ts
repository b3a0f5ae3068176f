import { z } from "zod";

/** The largest id a serial (int4) column holds. */
const MAX_ID = 2_147_483_647;

/**
 * A database id from a URL parameter or a form field: a positive whole number written in digits
 * that fits the id column, or null for anything else ('', '0', '-1', '1e3', '12abc', '99999999999').
 */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_ID ? id : null;
}

/** A form field holding an id, refused with `message` when it is not one. */
export const idField = (message: string) =>
  z.string({ error: message }).transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
