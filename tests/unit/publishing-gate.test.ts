/**
 * Nothing but a gate sets a post or a team member live (decision 0087): every statement that
 * writes `blog_posts` or `team_members` in the server code is read here, and one that can set
 * `published` (or `active`) outside its gate fails this test, naming the file and the statement.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...sources(rel));
    else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

/** Each `insert(table)` / `update(table)` statement: its text up to the end of the statement. */
function writes(table: string): Array<{ file: string; text: string }> {
  const found: Array<{ file: string; text: string }> = [];
  for (const file of [...sources("app"), ...sources("server"), ...sources("scripts"), ...sources("core")]) {
    const source = readFileSync(path.join(root, file), "utf8");
    const pattern = new RegExp(`\\.(insert|update)\\(${table}\\)`, "g");
    for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
      const end = source.indexOf(";", match.index);
      found.push({ file, text: source.slice(match.index, end === -1 ? undefined : end) });
    }
  }
  return found;
}

/** Whether a statement can make the row public: names the column with anything but `false`, or spreads values without overriding it after. */
function canSet(text: string, column: string): boolean {
  const named = [...text.matchAll(new RegExp(`\\b${column}\\s*:\\s*([^,}\\n]+)`, "g"))].map((m) => m[1].trim());
  if (named.some((value) => value !== "false")) return true;
  // Values passed whole (not an object literal) can hold anything.
  if (text.startsWith(".insert") && /\.values\(\s*[A-Za-z_$]/.test(text)) return true;
  const lastSpread = text.lastIndexOf("...");
  const lastFalse = text.lastIndexOf(`${column}: false`);
  return text.startsWith(".insert") && lastSpread !== -1 && lastFalse < lastSpread;
}

describe("the publishing gates are the only writers of what visitors see", () => {
  it("finds the statements it checks (the search itself works)", () => {
    expect(writes("blogPosts").length).toBeGreaterThan(10);
    expect(writes("teamMembers").length).toBeGreaterThan(3);
  });

  it("sets blog_posts.published only in app/blog/gate.server.ts", () => {
    const outside = writes("blogPosts").filter((w) => w.file !== "app/blog/gate.server.ts" && canSet(w.text, "published"));
    expect(outside.map((w) => `${w.file}: ${w.text.slice(0, 160)}`)).toEqual([]);
    // The gate has the one UPDATE that puts a post online, and the import of a seeded post.
    const gate = writes("blogPosts").filter((w) => w.file === "app/blog/gate.server.ts" && canSet(w.text, "published"));
    expect(gate.length).toBeGreaterThanOrEqual(2);
  });

  it("shows team members only where the team's gate decided (its one content write, a new member, a seed)", () => {
    const allowed = new Set(["app/team/revisions.server.ts", "app/team/members.server.ts", "server/seed.ts"]);
    const outside = writes("teamMembers").filter((w) => !allowed.has(w.file) && canSet(w.text, "active"));
    expect(outside.map((w) => `${w.file}: ${w.text.slice(0, 160)}`)).toEqual([]);
    // Within members.server.ts, a new member is shown only as the sign-off rule says.
    const members = writes("teamMembers").filter((w) => w.file === "app/team/members.server.ts" && canSet(w.text, "active"));
    for (const w of members) expect(w.text, w.text).toMatch(/active: maySignOff\(actor\)|\.\.\.reviveDates/);
  });

  it("no other module writes a post live by hand: the old hooks are gone from the paths", () => {
    for (const file of ["app/blog/manage.server.ts", "app/blog/schedule.server.ts", "app/automation/daily.server.ts", "app/admin/blog/edit-actions.server.ts", "app/admin/blog/new-actions.server.ts"]) {
      const source = readFileSync(path.join(root, file), "utf8");
      expect(source, file).not.toMatch(/queueNewsletterForPost|queueInstagramPostIfEnabled/);
    }
  });
});
