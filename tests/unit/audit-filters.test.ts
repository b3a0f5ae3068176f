import { describe, expect, it } from "vitest";
import { auditQuery, parseAuditFilters } from "~/audit/filters";

const parse = (query: string) => parseAuditFilters(new URLSearchParams(query));

describe("the Audit tab's filters", () => {
  it("reads empty fields (what a GET form sends) as no filter", () => {
    expect(parse("person=&action=&entity=&from=&to=")).toEqual({ ok: true, filters: {} });
    expect(parse("person=abc123&entity=blog_post&from=2025-01-10&to=2025-01-10&page=3")).toEqual({
      ok: true,
      filters: { person: "abc123", entity: "blog_post", from: "2025-01-10", to: "2025-01-10", page: 3 },
    });
  });

  it("refuses bad values with every reason, never a throw", () => {
    const refused = parse("from=2025-02-29&to=2024-01-01&page=1.5&entity=Blog%20Post");
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.message).toContain("From must be a date (YYYY-MM-DD).");
    expect(refused.message).toContain("Page must be a whole number.");
    expect(refused.message).toContain("Unknown kind of item.");
    expect(parse("from=2025-03-02&to=2025-03-01")).toMatchObject({ ok: false, message: "The From date must be on or before the To date." });
  });

  it("writes a query string that keeps the filters and leaves page 1 out", () => {
    expect(auditQuery({ person: "abc", action: undefined, entity: "", page: 1 })).toBe("?person=abc");
    expect(auditQuery({ entity: "blog_post", from: "2025-01-01", page: 2 })).toBe("?entity=blog_post&from=2025-01-01&page=2");
    expect(auditQuery({})).toBe("");
  });
});
