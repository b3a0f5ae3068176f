import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogAutomationSettings } from "../../db/schema";

export type AutomationSettings = typeof blogAutomationSettings.$inferSelect;

/** The single settings row (created when missing: a database seeded before it existed). */
export async function readSettings(db: Db): Promise<AutomationSettings> {
  const [row] = await db.select().from(blogAutomationSettings).orderBy(asc(blogAutomationSettings.id)).limit(1);
  if (row) return row;
  const [created] = await db.insert(blogAutomationSettings).values({ enabled: false }).returning();
  return created;
}
