import type { Database, Db } from "../db/client";
import type { Config } from "../core/config";
import type { ChangeEvents } from "../core/events";
import type { Logger } from "../core/log";
import type { Clock } from "../core/clock";
import type { AiClient } from "../core/outside/ai";
import type { Translator } from "../core/outside/translate";
import type { TextStore } from "./content/texts.server";
import type { JobRunner } from "./jobs/runner.server";
import type { SiteStats } from "./stats/counter.server";

/**
 * Everything a loader or action may use, built once per process by the server (server/services.ts)
 * and passed in the load context.
 */
export interface Services {
  config: Config;
  log: Logger;
  database: Database;
  db: Db;
  texts: TextStore;
  events: ChangeEvents;
  /** Long admin work (translation batches, AI writing, posting, mail): app/jobs/runner.server.ts. */
  jobs: JobRunner;
  /** The OpenAI-compatible API for writing and images (AI_*); `configured` false when unset. */
  ai: AiClient;
  /** The translator of TRANSLATE_PROVIDER (AI, DeepL or LibreTranslate). */
  translator: Translator;
  /** "Now" for schedules. */
  clock: Clock;
  close(): Promise<void>;
  /** Visit statistics (STATS_MODE): page views in memory, written in batches (decision 0082). */
  stats: SiteStats;
}

// What every loader and action receives (server/app.ts builds it per request).
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** This response's CSP script nonce. */
    nonce: string;
    /** The visitor's address (behind a local reverse proxy, from X-Forwarded-For), for rate limits. */
    clientIp: string;
    /** The page's JSON-LD, which loaders add and the document carries (app/document/json-ld.server.ts). */
    jsonLd: object[];
    /** A complete answer an action chose instead of the page (a JSON answer to a form post, decision 0078). */
    answer?: Response;
  }
}
