import type { TestProject } from "vitest/node";
import { startSite } from "../helpers/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One production server with demo content for the whole end-to-end suite. */
export default async function setup(project: TestProject) {
  const site = await startSite({ SEED_DEMO: "true", WHATSAPP_NUMBER: "16045550100" });
  project.provide("baseUrl", site.url);
  return async () => {
    await site.stop();
  };
}
