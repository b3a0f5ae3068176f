import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * drizzle runs a migration only when its journal time stamp is newer than the last one a database
 * applied, and the backup's version check compares the same stamps (db/migration-state.ts): the
 * journal must stay in order, one file per entry, whatever order parallel branches were merged in.
 */
const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: { idx: number; tag: string; when: number }[] };

describe("the migrations' journal", () => {
  it("numbers its entries 0, 1, 2 … with time stamps that only grow, each tag the file of its number", () => {
    journal.entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      expect(entry.tag.startsWith(String(index).padStart(4, "0") + "_")).toBe(true);
      if (index > 0) expect(entry.when).toBeGreaterThan(journal.entries[index - 1]!.when);
    });
  });

  it("lists every SQL file once and no other", () => {
    const files = readdirSync("db/migrations").filter((name) => name.endsWith(".sql")).map((name) => name.replace(/\.sql$/, ""));
    expect(journal.entries.map((entry) => entry.tag).sort()).toEqual(files.sort());
  });
});
