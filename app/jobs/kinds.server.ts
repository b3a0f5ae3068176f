import type { Services } from "../services";
import type { AnyJobKind } from "./runner.server";

/** Every kind of job this server runs; each tab's jobs are declared in its own folder. */
export function jobKinds(services: Services): AnyJobKind[] {
  void services;
  return [];
}
