import type { Browser, Page } from "playwright-core";
import { signIn } from "./admin";
import { dataDirWithAdmin } from "./admin-http";
import { launchBrowser, watchConsole } from "./browser";
import { startSite, type SiteServer } from "./server";

export interface AdminSite {
  site: SiteServer;
  browser: Browser;
  page: Page;
  /** Script errors and CSP violations seen by the page. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A site of its own with an admin signed in, in Chromium: for the admin features whose outside
 * service, clock or bulk changes the e2e suite's shared server must not see.
 */
export async function openAdminSite(prefix: string, admin: { email: string; password: string }, env: Record<string, string>): Promise<AdminSite> {
  const dataDir = await dataDirWithAdmin(prefix, admin, { demo: !["false", "0"].includes(env.SEED_DEMO ?? "true") });
  const site = await startSite({ DATA_DIR: dataDir, ...env });
  const browser = await launchBrowser();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const errors = watchConsole(page);
  await signIn(page, site.url, admin.email, admin.password);
  return {
    site,
    browser,
    page,
    errors,
    async close() {
      await browser.close();
      await site.stop();
    },
  };
}
