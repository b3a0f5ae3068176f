/** The review queue's filters (decision 0089), read from the address by one Zod schema. Browser-safe. */
import { z } from "zod";

export const QUEUE_KINDS = ["post", "content", "team_member", "scheduled"] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

// An empty field is what the GET form sends for "All": no filter.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

export const queueFiltersSchema = z.object({
  kind: optional(z.enum(QUEUE_KINDS, { error: "Unknown kind of change." })),
  lang: optional(z.enum(["en", "fa", "zh"], { error: "Unknown language." })),
});
export type QueueFilters = z.infer<typeof queueFiltersSchema>;

/** The filters of a queue address, or the first problem as a sentence. */
export function readQueueFilters(url: URL): { ok: true; filters: QueueFilters } | { ok: false; message: string } {
  const parsed = queueFiltersSchema.safeParse({ kind: url.searchParams.get("kind"), lang: url.searchParams.get("lang") });
  return parsed.success ? { ok: true, filters: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? "Unknown filter." };
}
