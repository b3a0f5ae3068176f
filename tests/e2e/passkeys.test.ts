/**
 * Passkeys in a real browser (decision 0074), with Chromium's virtual authenticator: an admin
 * whose role needs a second factor adds a passkey on Your account, signs out, and signs in again
 * with the password and "Use a passkey"; a removed passkey no longer opens the second step.
 */
import { rmSync } from "node:fs";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
// A credential as the virtual authenticator gives it (CDP WebAuthn.Credential), with its private key.
type WebAuthnCredential = { credentialId: string; isResidentCredential: boolean; privateKey: string; signCount: number; rpId?: string; userHandle?: string };
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import { openDataDir } from "../helpers/admin-http";
import { expectNoAxeViolations, launchBrowser, toastText, waitForHydration, watchConsole } from "../helpers/browser";
import { startSite, tempDir, type SiteServer } from "../helpers/server";

const ADMIN = { email: "keyholder@example.test", password: "keyholder passphrase one" };

let browser: Browser;
let site: SiteServer;
let dataDir: string;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let authenticatorId: string;
let errors: string[];
let laptopCredential: WebAuthnCredential;
const AUTHENTICATOR = { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true } as const;

/** Console errors, except the network lines Chromium logs for the refusals these tests provoke. */
const unexpected = (list: string[]) => list.filter((e) => !/Failed to load resource: the server responded with a status of (400|401|403|409)/.test(e));

async function passwordStep() {
  await page.goto(`${site.url}/admin/login`, { waitUntil: "networkidle" });
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
}

beforeAll(async () => {
  dataDir = tempDir("passkeys-e2e-");
  const store = await openDataDir(dataDir);
  await createOrPromoteAdmin(store.db, ADMIN, { via: "test" });
  await store.close();
  // WebAuthn needs a domain as relying party: the site is localhost, not 127.0.0.1.
  site = await startSite({ DATA_DIR: dataDir, ADMIN_SECOND_FACTOR: "required" }, { hostname: "localhost" });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  errors = watchConsole(page);
  cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  ({ authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: AUTHENTICATOR }));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("passkeys", () => {
  it("adds a passkey on Your account, where an admin without a second factor is sent", async () => {
    await Promise.all([page.waitForURL(`${site.url}/admin/dashboard/account`), passwordStep()]);
    await page.getByText("Your role needs a second factor").waitFor();
    const section = page.locator("#passkeys");
    await waitForHydration(page, "#passkeys");
    await section.getByLabel("Name for this passkey").fill("Test laptop");
    await section.getByLabel("Your password").fill(ADMIN.password);
    await section.getByRole("button", { name: "Add a passkey" }).click();
    expect(await toastText(page, "Passkey added")).toContain("Test laptop");
    await section.getByRole("row", { name: /Test laptop/ }).waitFor();
    expect(await section.getByRole("row", { name: /Test laptop/ }).textContent()).toContain("Not yet");
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    laptopCredential = credentials[0];
    // A passkey is the second factor the role needs: the rest of the admin opens.
    await page.reload();
    expect(await page.getByText("Your role needs a second factor").count()).toBe(0);
    await expectNoAxeViolations(page);
    await Promise.all([page.waitForURL(`${site.url}/admin/login`), page.getByRole("button", { name: "Logout" }).click()]);
  });

  it("signs in with the password and then the passkey", async () => {
    await Promise.all([page.waitForURL(`${site.url}/admin/login/verify`), passwordStep()]);
    await page.getByRole("heading", { name: "Verify Sign-in" }).waitFor();
    // A passkey-only account: no code form, no recovery codes to offer.
    expect(await page.getByLabel("Authentication code").count()).toBe(0);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await Promise.all([page.waitForURL(`${site.url}/admin/dashboard`), page.getByRole("button", { name: "Use a passkey" }).click()]);
    expect(await toastText(page, "Welcome back!")).toContain("Successfully logged in.");
    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    await page.goto(`${site.url}/admin/dashboard/account`);
    expect(await page.locator("#passkeys").getByRole("row", { name: /Test laptop/ }).textContent()).not.toContain("Not yet");
  });

  it("a removed passkey no longer signs in", async () => {
    // Someone whose role needs a second factor keeps their last one.
    const section = page.locator("#passkeys");
    await waitForHydration(page, "#passkeys");
    const laptop = section.getByRole("row", { name: /Test laptop/ });
    await laptop.locator("summary", { hasText: "Remove" }).click();
    await laptop.getByLabel("Your password").fill(ADMIN.password);
    await laptop.getByRole("button", { name: "Remove passkey" }).click();
    expect(await toastText(page, "Passkey not removed")).toContain("your last one");

    // A second passkey from another device (a second authenticator); then the first can go.
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
    const phone = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: AUTHENTICATOR });
    await section.getByLabel("Name for this passkey").fill("Phone");
    await section.getByLabel("Your password").last().fill(ADMIN.password);
    await section.getByRole("button", { name: "Add a passkey" }).click();
    expect(await toastText(page, "Passkey added")).toContain("Phone");
    await laptop.getByLabel("Your password").fill(ADMIN.password);
    await laptop.getByRole("button", { name: "Remove passkey" }).click();
    await toastText(page, "Passkey removed");
    await laptop.waitFor({ state: "detached" });
    await Promise.all([page.waitForURL(`${site.url}/admin/login`), page.getByRole("button", { name: "Logout" }).click()]);

    // The laptop again, with its (removed) passkey only.
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: phone.authenticatorId });
    const again = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: AUTHENTICATOR });
    await cdp.send("WebAuthn.addCredential", { authenticatorId: again.authenticatorId, credential: laptopCredential });
    await Promise.all([page.waitForURL(`${site.url}/admin/login/verify`), passwordStep()]);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.getByRole("alert").filter({ hasText: /passkey/ }).first().waitFor({ timeout: 75_000 });
    expect(new URL(page.url()).pathname).toBe("/admin/login/verify");
    expect(unexpected(errors)).toEqual([]);
  }, 120_000);
});
