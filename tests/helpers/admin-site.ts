import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { openAdminPage } from "./admin";
import { dataDirWithAdmin } from "./admin-http";
import { launchBrowser } from "./browser";
import { startSite, type SiteServer } from "./server";

export interface AdminSite<Fake> {
  /** The outside service's fake the site is pointed at. */
  fake: Fake;
  site: SiteServer;
  browser: Browser;
  page: Page;
  /** Script errors and CSP violations seen by the page. */
  errors: string[];
}

export interface AdminSiteSetup<Fake> {
  /** The data folder's name prefix. */
  prefix: string;
  admin: { email: string; password: string };
  /** Starts the fake of the outside service (tests/fakes/). */
  startFake: () => Promise<Fake>;
  /** The site's environment, pointing it at the fake. */
  env: (fake: Fake) => Record<string, string>;
  /** The page leaves an editor with unsaved changes without asking (see leaveWithoutAsking). */
  leaveWithoutAsking?: boolean;
}

/**
 * For the tests of the `describe` block this is called in: a fake outside service, then a site of
 * its own pointed at it with an admin signed in, in Chromium (for the admin features whose outside
 * service, clock or bulk changes the e2e suite's shared server must not see). `opened` receives
 * them before the tests; all is closed after them.
 */
export function withAdminSite<Fake extends { close(): Promise<void> }>(setup: AdminSiteSetup<Fake>, opened: (session: AdminSite<Fake>) => void): void {
  let fake: Fake | undefined;
  let site: SiteServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    fake = await setup.startFake();
    const env = setup.env(fake);
    const dataDir = await dataDirWithAdmin(setup.prefix, setup.admin, { demo: !["false", "0"].includes(env.SEED_DEMO ?? "true") });
    site = await startSite({ DATA_DIR: dataDir, ...env });
    browser = await launchBrowser();
    const { page, errors } = await openAdminPage(browser, site.url, setup.admin, { leaveWithoutAsking: setup.leaveWithoutAsking });
    opened({ fake, site, browser, page, errors });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await fake?.close();
  });
}
