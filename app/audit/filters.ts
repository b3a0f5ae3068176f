/**
 * The Audit tab's filters (decision 0071): one Zod schema for the query string of the page and of
 * its CSV export, so both read the same filters the same way. Browser-safe.
 */
import { z } from "zod";
import { isCalendarDay } from "../../core/clock";

export const AUDIT_PAGE_SIZE = 50;
/** Offset paging: deeper than this, narrow the filters or export. */
export const AUDIT_MAX_PAGE = 2000;
/** The most rows one CSV export holds (the newest); the page says so when the filters match more. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;
/** The person filter's value for entries no signed-in person made (the system, a failed sign-in). */
export const SYSTEM_PERSON = "system";

// Empty fields are what a GET form sends for "Everyone" / "All": no filter.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    schema.optional(),
  );

const day = (label: string) =>
  optional(
    z
      .string()
      .refine((value) => isCalendarDay(value), {
        error: `${label} must be a date (YYYY-MM-DD).`,
      })
      .refine((value) => value >= "2000-01-01" && value <= "2999-12-31", {
        error: `${label} must be between 2000 and 2999.`,
      }),
  );

// Actions and entities are short snake_case words (app/changes/audit.server.ts); user ids are random letters and digits.
const word = (label: string) =>
  optional(
    z
      .string()
      .regex(/^[a-z][a-z0-9_.-]{0,63}$/, { error: `Unknown ${label}.` }),
  );

export const auditFiltersSchema = z
  .object({
    person: optional(
      z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, { error: "Unknown person." }),
    ),
    // A client record, "contact:12", "booking:3" or "subscriber:7" (decision 0091): its looks and changes.
    record: optional(
      z.string().regex(/^(contact|booking|subscriber):[1-9][0-9]{0,15}$/, {
        error: "Record must be contact:, booking: or subscriber: followed by its number (e.g. contact:12).",
      }),
    ),
    // An e-mail address: the looks at and changes of every record held under it.
    client: optional(
      z.string().trim().toLowerCase().max(254, { error: "Client must be an e-mail address." }).email({ error: "Client must be an e-mail address." }),
    ),
    action: word("action"),
    entity: word("kind of item"),
    from: day("From"),
    to: day("To"),
    page: optional(
      z.coerce
        .number({ error: "Page must be a number." })
        .int({ error: "Page must be a whole number." })
        .min(1, { error: "Page must be 1 or more." })
        .max(AUDIT_MAX_PAGE, {
          error: `Page must be at most ${AUDIT_MAX_PAGE}; narrow the filters to see older entries.`,
        }),
    ),
  })
  .refine(
    (filters) => !filters.from || !filters.to || filters.from <= filters.to,
    { error: "The From date must be on or before the To date.", path: ["to"] },
  );

export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export type ParsedFilters =
  | { ok: true; filters: AuditFilters }
  | { ok: false; message: string; raw: Record<string, string> };

/** The query string's filters, or every refusal in one sentence each (never a throw). */
export function parseAuditFilters(params: URLSearchParams): ParsedFilters {
  const raw: Record<string, string> = {};
  for (const key of [
    "person",
    "record",
    "client",
    "action",
    "entity",
    "from",
    "to",
    "page",
  ] as const) {
    const value = params.get(key);
    if (value !== null) raw[key] = value.slice(0, 200);
  }
  const parsed = auditFiltersSchema.safeParse(raw);
  if (parsed.success) return { ok: true, filters: parsed.data };
  return {
    ok: false,
    message: [
      ...new Set(parsed.error.issues.map((issue) => issue.message)),
    ].join(" "),
    raw,
  };
}

/** A query string of these filters (and page), for paging links and the export link. */
export function auditQuery(
  filters: Partial<Record<keyof AuditFilters, string | number | undefined>>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== "" && !(key === "page" && value === 1))
      params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}
