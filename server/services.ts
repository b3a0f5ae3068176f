import path from "node:path";
import { openDatabase, type Database, type Db } from "../db/client";
import { seedDatabase } from "../db/seed";
import { TextStore } from "../app/content/texts.server";
import type { Config } from "./config";
import { ChangeEvents } from "./events";
import type { Logger } from "./log";
import { lockDataDir } from "./pglite-lock";

/** Everything a loader or action may use, built once per process and passed in the load context. */
export interface Services {
  config: Config;
  log: Logger;
  database: Database;
  db: Db;
  texts: TextStore;
  events: ChangeEvents;
  close(): Promise<void>;
}

export async function createServices(config: Config, log: Logger): Promise<Services> {
  const release = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, "pglite"),
    });
  } catch (error) {
    release();
    throw error;
  }
  const db = database.db;
  const seed = await seedDatabase(db, { demo: config.SEED_DEMO });
  if (seed.seeded) log.info({ demo: config.SEED_DEMO }, "seeded a fresh database");
  else if (seed.textsInserted > 0) log.info({ count: seed.textsInserted }, "added new built-in texts");

  const texts = new TextStore(db);
  const events = new ChangeEvents(database);
  events.on((kind) => {
    if (kind === "content" || kind === "team") texts.invalidate();
  });
  await events.start();

  return {
    config,
    log,
    database,
    db,
    texts,
    events,
    async close() {
      await events.stop();
      await database.close();
      release();
    },
  };
}
