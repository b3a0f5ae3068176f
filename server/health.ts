import type { RequestHandler } from "express";
import { migrationState } from "../db/migration-state";
import type { Services } from "./services";

/** A database that does not answer within this time counts as unreachable. */
const HEALTH_TIMEOUT_MS = 3000;

export interface Health {
  status: "ok" | "unavailable";
  database: "ok" | "unreachable";
  /** "behind": this database lacks migrations of this version; "ahead": a newer version migrated it. */
  migrations?: "current" | "behind" | "ahead";
}

export async function checkHealth(services: Services, timeoutMs = HEALTH_TIMEOUT_MS): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  try {
    const state = await Promise.race([migrationState(services.db), timeout]);
    if (state === "timeout") return { status: "unavailable", database: "unreachable" };
    return { status: state === "current" ? "ok" : "unavailable", database: "ok", migrations: state };
  } catch {
    return { status: "unavailable", database: "unreachable" };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /healthz for load balancers and monitors: 200 when the database answers and has exactly
 * this version's migrations, else 503, within about three seconds whatever the database does.
 */
export function healthRoute(services: Services): RequestHandler {
  return async (_req, res) => {
    const health = await checkHealth(services);
    res
      .status(health.status === "ok" ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(health);
  };
}
