import type { TestProject } from "vitest/node";
import { startSite } from "../helpers/server";
import { startFakeJitsi } from "../fakes/jitsi";
import { randomBytes } from "node:crypto";
import { sendControlCommand } from "../../server/control";
import { chromium } from "playwright-core";
import { browserLaunchOptions } from "../helpers/browser";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The loopback fake Jitsi the site's MEET_HOST points at (GET {meetUrl}/__loads counts script loads). */
    meetUrl: string;
    /** An admin account on that server (made through its control socket, as `npm run admin:create` does). */
    adminEmail: string;
    adminPassword: string;
    /** The shared Chromium's address (tests/helpers/browser.ts launchBrowser connects to it); unset outside the e2e run. */
    browserWsEndpoint?: string;
  }
}

/** One production server with demo content and one Chromium for the whole end-to-end suite. */
export default async function setup(project: TestProject) {
  const jitsi = await startFakeJitsi();
  // Chromium starts while the server does.
  const browserStarting = chromium.launchServer(browserLaunchOptions);
  const site = await startSite({ SEED_DEMO: "true", WHATSAPP_NUMBER: "16045550100", MEET_HOST: jitsi.url }, { longLived: true }).catch(async (error: unknown) => {
    await (await browserStarting).close();
    await jitsi.close();
    throw error;
  });
  const browserServer = await browserStarting;
  project.provide("browserWsEndpoint", browserServer.wsEndpoint());
  project.provide("baseUrl", site.url);
  project.provide("meetUrl", jitsi.url);
  const adminEmail = "e2e-admin@example.test";
  const adminPassword = `e2e ${randomBytes(12).toString("base64url")}`;
  const created = await sendControlCommand(site.dataDir, { command: "admin-create", email: adminEmail, password: adminPassword }).catch(
    (error: Error) => ({ ok: false as const, error: error.message }),
  );
  if (!created.ok) {
    await browserServer.close();
    await site.stop();
    await jitsi.close();
    throw new Error(`Could not create the e2e admin: ${created.error}`);
  }
  project.provide("adminEmail", adminEmail);
  project.provide("adminPassword", adminPassword);
  return async () => {
    await browserServer.close();
    await site.stop();
    await jitsi.close();
  };
}
