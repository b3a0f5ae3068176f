import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { projectRoot } from "../db/client";
import { appMeta, blogAutomationSettings, contentText, instagramSettings, teamMembers } from "../db/schema";
import { defaultTexts, demoTeamTexts } from "../app/i18n/defaults";
import { TEAM_MEMBER_FIELDS, teamMemberKey, teamMemberLabel } from "../app/i18n/team-member-keys";
import { storeImage } from "../core/media";
import { importPost } from "../app/blog/gate.server";
import { recordBaselines } from "../app/revisions/store.server";
import { contentSnapshot } from "../app/content/revisions.server";
import { readMemberSnapshot } from "../app/team/revisions.server";

/**
 * Insert every built-in text the database does not have yet. Runs at every start, so a
 * new release's new keys appear in the admin; existing rows (edited by staff) are kept.
 */
export async function ensureDefaultTexts(db: Db): Promise<number> {
  const rows = [...defaultTexts.values()].map((entry) => ({
    key: entry.key,
    label: entry.label,
    content: entry.en,
    contentFa: entry.fa,
    contentZh: entry.zh,
    category: entry.category,
  }));
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const result = await db
      .insert(contentText)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing({ target: contentText.key })
      .returning();
    inserted += result.length;
    // Every text can be undone from its first edit (decision 0087): its baseline, when first stored.
    if (result.length > 0) await recordBaselines(db, result.map((row) => ({ entity: "content" as const, entityId: row.key, snapshot: contentSnapshot(row), version: row.version })));
  }
  return inserted;
}

export interface SeedResult {
  seeded: boolean;
  textsInserted: number;
}

/**
 * Seed a fresh database once: settings rows and, when asked, demo posts and team. The
 * 'seeded' marker row is claimed first inside the transaction, so two instances starting
 * together cannot both seed.
 */
export async function seedDatabase(db: Db, options: { demo: boolean }): Promise<SeedResult> {
  const textsInserted = await ensureDefaultTexts(db);
  const claimed = await db
    .insert(appMeta)
    .values({ key: "seeded_at", value: new Date().toISOString() })
    .onConflictDoNothing({ target: appMeta.key })
    .returning();
  if (claimed.length === 0) return { seeded: false, textsInserted };
  try {
    await db.insert(blogAutomationSettings).values({ enabled: false });
    await db.insert(instagramSettings).values({ enabled: false, autoPost: false });
    if (options.demo) await seedDemo(db);
  } catch (error) {
    // Leave the database seedable again rather than half-seeded for ever.
    await db.delete(appMeta).where(eq(appMeta.key, "seeded_at"));
    throw error;
  }
  return { seeded: true, textsInserted };
}

async function seedDemo(db: Db): Promise<void> {
  const { demoPosts, demoTeam } = await import("../db/demo");
  const root = path.join(projectRoot(), "db");
  const upload = async (file: string, greyscale = false) =>
    (await storeImage(db, await readFile(path.join(root, file)), { greyscale, avif: false })).url;

  for (const post of demoPosts) {
    const featuredImage = post.featuredImage ? await upload(post.featuredImage) : null;
    // Through the blog's gate: a seeded or imported post is stored with its baseline revision.
    await importPost(db, { ...post, featuredImage });
  }
  for (const [index, member] of demoTeam.entries()) {
    const [row] = await db
      .insert(teamMembers)
      .values({
        name: member.name,
        email: member.email,
        phone: member.phone,
        orderIndex: index + 1,
        active: true,
        photoUrl: await upload(member.photo),
        photoBwUrl: await upload(member.photo, true),
      })
      .returning({ id: teamMembers.id });
    await db.insert(contentText).values(
      TEAM_MEMBER_FIELDS.map((field) => {
        const text = demoTeamTexts.get(teamMemberKey(member.key, field));
        return {
          key: teamMemberKey(row.id, field),
          label: teamMemberLabel(field, member.name),
          content: text?.en ?? "",
          contentFa: text?.fa ?? null,
          contentZh: text?.zh ?? null,
          category: "team",
        };
      }),
    );
    const [stored] = await db.select().from(teamMembers).where(eq(teamMembers.id, row.id));
    await recordBaselines(db, [{ entity: "team_member", entityId: row.id, snapshot: await readMemberSnapshot(db, stored), version: stored.version }]);
  }
}

/** How many rows a table has; used by tests and the health of a seed. */
export async function countRows(db: Db, table: "content_text" | "blog_posts" | "team_members"): Promise<number> {
  const result = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  const rows = (result as unknown as { rows: Array<{ n: number }> }).rows;
  return rows[0].n;
}
