/**
 * Staff accounts in Chromium (issue 31; decisions 0068 and 0069), as people see them: the first
 * admin is kept on Your account until an authenticator app is set up; the admin invites a writer
 * as an editor from the Staff tab and the mail reaches a real SMTP peer; the writer accepts the
 * link in a browser of their own, signs in, turns a second factor on voluntarily and is asked for
 * the code at the next sign-in; the admin's "Trust this device for 30 days" skips the code at the
 * next sign-in in the same browser. A site of its own: the second factor required and SMTP_URL
 * pointing at the fake (the shared demo site has neither).
 */
import { rmSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDirWithAdmin } from "../helpers/admin-http";
import { expectNoAxeViolations, launchBrowser, waitForHydration, watchConsole } from "../helpers/browser";
import { startSite, type SiteServer } from "../helpers/server";
import { totp } from "../helpers/totp";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp";

const ADMIN = { email: "managing.partner@example.test", password: "managing partner passphrase" };
const WRITER = { email: "writer@example.test", name: "Leila Writer", password: "writer's own passphrase" };
const ACCOUNT = "/admin/dashboard/account";
const VERIFY = "/admin/login/verify";

/** Console errors, except the network lines Chromium logs for refusals (none are expected here either). */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource: the server responded with a status of (401|403)/.test(e));

describe("staff accounts: invite → accept → sign in with a second factor", () => {
  let smtp: SmtpFake;
  let site: SiteServer;
  let dataDir: string;
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: Page;
  let adminErrors: string[];
  let writerContext: BrowserContext;
  let writer: Page;
  let writerErrors: string[];
  let adminKey = "";
  let writerKey = "";
  let inviteLink = "";

  const url = (path: string) => `${site.url}${path}`;
  const path = (page: Page) => new URL(page.url()).pathname;
  const toast = (page: Page, title: string) =>
    page.locator("[data-sonner-toast]").filter({ has: page.getByText(title, { exact: true }) }).first();
  const tabs = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link");
  const secondFactor = (page: Page) => page.locator("section#second-factor");

  /** The toasts sit over the tab bar (top centre) and a resting pointer holds them open: wait them out. */
  async function waitOutToasts(page: Page) {
    await page.mouse.move(5, 890);
    await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 20_000 });
  }

  async function openSignIn(page: Page) {
    await page.goto(url("/admin/login"));
    await page.getByRole("heading", { name: "Admin Login", level: 1 }).waitFor();
    await waitForHydration(page);
  }

  /** The password step; resolves once the browser has left the sign-in page. */
  async function passwordStep(page: Page, who: { email: string; password: string }) {
    await openSignIn(page);
    await page.getByLabel("Email", { exact: true }).fill(who.email);
    await page.getByLabel("Password", { exact: true }).fill(who.password);
    await Promise.all([page.waitForURL((u) => u.pathname !== "/admin/login", { timeout: 20_000 }), page.getByRole("button", { name: "Login" }).click()]);
  }

  async function logout(page: Page) {
    await Promise.all([page.waitForURL(url("/admin/login")), page.getByRole("button", { name: "Logout" }).click()]);
    await toast(page, "Logged out").waitFor();
  }

  /**
   * Your account's "Set up an authenticator app": the password, then the QR code and the key,
   * then a code an authenticator app would compute from that key. Returns the key.
   */
  async function setUpAuthenticator(page: Page, password: string): Promise<string> {
    const section = secondFactor(page);
    await section.getByLabel("Your password").fill(password);
    await section.getByRole("button", { name: "Set up an authenticator app" }).click();
    await toast(page, "Scan the QR code").waitFor();
    const qr = section.getByRole("img", { name: "QR code for your authenticator app" });
    await qr.waitFor();
    expect(await qr.locator("svg").count()).toBe(1);
    expect(await qr.boundingBox()).toMatchObject({ width: expect.any(Number) });
    const key = ((await section.locator("code[dir=ltr]").textContent()) ?? "").trim();
    expect(key.replace(/ /g, "")).toMatch(/^[A-Z2-7]{32,}$/);

    await section.getByLabel("Code from the app").fill(totp(key));
    await section.getByRole("button", { name: "Turn on" }).click();
    await toast(page, "Second factor on").waitFor();
    const codes = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await codes.first().waitFor();
    const shown = await codes.allTextContents();
    expect(shown).toHaveLength(10);
    expect(new Set(shown).size).toBe(10);
    await section.getByRole("heading", { name: "Your recovery codes" }).waitFor();
    await section.getByText("On", { exact: true }).waitFor();
    // The setup is over: the QR code is gone and the second factor's settings show at once.
    expect(await qr.count()).toBe(0);
    await section.getByText("Recovery codes left: 10").waitFor();
    await section.getByRole("button", { name: "Make new recovery codes" }).waitFor();
    return key;
  }

  /** The verify page as it loads: its code field has the focus, so the code is typed at once. */
  async function expectVerifyPage(page: Page) {
    expect(path(page)).toBe(VERIFY);
    await page.getByRole("heading", { name: "Verify Sign-in", level: 1 }).waitFor();
    await page.getByText("Open your authenticator app and enter the 6-digit code").waitFor();
    await waitForHydration(page);
    const code = page.getByLabel("Authentication code", { exact: true });
    await expect.poll(() => code.evaluate((input) => input === document.activeElement)).toBe(true);
  }

  beforeAll(async () => {
    smtp = await startSmtpFake();
    // The first admin, made before the site starts, as `npm run admin:create` would.
    dataDir = await dataDirWithAdmin("staff-accounts-e2e-", ADMIN);
    site = await startSite({
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      ADMIN_SECOND_FACTOR: "required",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Firm Website <website@firm.example>",
    });
    browser = await launchBrowser();
    adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    admin = await adminContext.newPage();
    adminErrors = watchConsole(admin);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await smtp?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps the first admin on Your account until an authenticator app is set up, then opens the tabs", async () => {
    await passwordStep(admin, ADMIN);
    expect(path(admin)).toBe(ACCOUNT);
    expect(await toast(admin, "Set up a second factor").textContent()).toContain("your role needs one to use the admin");
    await admin.getByRole("heading", { name: "Your account", level: 2 }).waitFor();
    await admin.getByText("Your role needs a second factor").waitFor();
    // Only this page is open: no tab is offered, and another tab's address comes back here.
    expect(await tabs(admin).count()).toBe(0);
    await waitForHydration(admin);
    await expectNoAxeViolations(admin);
    await admin.goto(url("/admin/dashboard/staff"));
    expect(path(admin)).toBe(ACCOUNT);
    await waitForHydration(admin);

    adminKey = await setUpAuthenticator(admin, ADMIN.password);
    // The same session goes on, with every tab of the admin role.
    await expect.poll(() => tabs(admin).allTextContents()).toEqual([
      "Blog Posts",
      "Topic Queue & Automation",
      "Instagram",
      "Website Content",
      "Team Management",
      "Review queue, 0 waiting",
      "Inbox",
      "Consultations",
      "Statistics",
      "People",
      "Staff",
      "Audit",
    ]);
    expect(await admin.getByText("Your role needs a second factor").count()).toBe(0);
    // The role needs it: it can be replaced, not turned off.
    await secondFactor(admin).getByRole("button", { name: "Replace with a new phone" }).waitFor();
    expect(await secondFactor(admin).getByRole("button", { name: "Turn off" }).count()).toBe(0);
    expect(unexpected(adminErrors)).toEqual([]);
  });

  it("invites the writer as an editor from the Staff tab: the invitation is listed and the mail carries the link", async () => {
    await waitOutToasts(admin);
    await tabs(admin).filter({ hasText: "Staff" }).click();
    await admin.waitForURL(url("/admin/dashboard/staff"));
    await admin.getByRole("heading", { name: "Staff (1)" }).waitFor();
    await admin.getByRole("heading", { name: "Invitations (0)" }).waitFor();

    const form = admin.locator("form").filter({ has: admin.getByRole("button", { name: "Send invitation" }) });
    await form.getByLabel("Email", { exact: true }).fill(WRITER.email);
    await form.getByLabel("Role").selectOption("editor");
    await form.getByRole("button", { name: "Send invitation" }).click();
    expect(await toast(admin, "Invitation sent").textContent()).toContain(`${WRITER.email} can create their editor account`);
    await admin.getByRole("heading", { name: "Invitations (1)" }).waitFor();
    const row = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: WRITER.email }) });
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells.slice(0, 2)).toEqual(["editor", ADMIN.email]);
    // The form is ready for the next one.
    expect(await form.getByLabel("Email", { exact: true }).inputValue()).toBe("");
    await waitOutToasts(admin);
    await expectNoAxeViolations(admin);

    const [mail] = await smtp.waitFor(1);
    expect(mail.rcptTo).toEqual([WRITER.email]);
    expect(mail.header("Subject")).toBe("Your invitation to the website admin");
    expect(mail.text).toContain('with the role "editor"');
    const link = new RegExp(`${site.url.replace(/[.]/g, "\\.")}/admin/invite\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    inviteLink = link![0];
    expect(unexpected(adminErrors)).toEqual([]);
  });

  it("lets the writer open the link in their own browser, create the account and reach the dashboard without a code", async () => {
    writerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    writer = await writerContext.newPage();
    writerErrors = watchConsole(writer);

    await writer.goto(inviteLink);
    await writer.getByRole("heading", { name: "Accept Invitation", level: 1 }).waitFor();
    expect(await writer.locator("main").textContent()).toContain(`Create the editor account for ${WRITER.email}. The link works once.`);
    await waitForHydration(writer);
    await expectNoAxeViolations(writer);

    await writer.getByLabel("Your name").fill(WRITER.name);
    await writer.getByLabel("Password", { exact: true }).fill(WRITER.password);
    await writer.getByLabel("Confirm password").fill(WRITER.password);
    await Promise.all([writer.waitForURL(url("/admin/login")), writer.getByRole("button", { name: "Create account" }).click()]);
    expect(await toast(writer, "Account created").textContent()).toContain("Sign in with your email and new password.");

    // An editor needs no second factor unless the Staff policy says so: the password alone opens the dashboard.
    await passwordStep(writer, WRITER);
    expect(path(writer)).toBe("/admin/dashboard");
    expect(await toast(writer, "Welcome back!").textContent()).toContain("Successfully logged in.");
    await writer.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    const writerTabs = await tabs(writer).allTextContents();
    expect(writerTabs).toContain("Blog Posts");
    expect(writerTabs).not.toContain("Staff");

    // The admin's Staff tab now lists the writer, and no invitation is left.
    await admin.reload();
    await admin.getByRole("heading", { name: "Staff (2)" }).waitFor();
    await admin.getByRole("heading", { name: "Invitations (0)" }).waitFor();
    await admin.getByRole("rowheader", { name: WRITER.name }).waitFor();
    expect(unexpected(writerErrors)).toEqual([]);
  });

  it("lets the writer turn a second factor on voluntarily; the next sign-in asks for the code, typed and sent with Enter", async () => {
    await waitForHydration(writer);
    await Promise.all([writer.waitForURL(url(ACCOUNT)), writer.getByRole("link", { name: `Your account: ${WRITER.email}` }).click()]);
    await writer.getByRole("heading", { name: "Your account", level: 2 }).waitFor();
    expect(await writer.getByText(`Signed in as ${WRITER.email} (editor).`).count()).toBe(1);
    // Not required for this role: off, and no warning.
    await secondFactor(writer).getByText("Off", { exact: true }).waitFor();
    expect(await writer.getByText("Your role needs a second factor").count()).toBe(0);
    writerKey = await setUpAuthenticator(writer, WRITER.password);
    // Not required, so it can be turned off again.
    await secondFactor(writer).getByRole("button", { name: "Turn off" }).waitFor();

    await logout(writer);
    await passwordStep(writer, WRITER);
    await expectVerifyPage(writer);
    await expectNoAxeViolations(writer);
    // Keyboard only: the field already has the focus; Enter sends the form.
    await writer.keyboard.type(totp(writerKey));
    await Promise.all([writer.waitForURL(url("/admin/dashboard")), writer.keyboard.press("Enter")]);
    expect(await toast(writer, "Welcome back!").textContent()).toContain("Successfully logged in.");
    await writer.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    expect(unexpected(writerErrors)).toEqual([]);
  });

  it("shows the writer's new recovery codes, and takes them away when the second factor is turned off", async () => {
    await waitOutToasts(writer);
    await writer.getByRole("link", { name: `Your account: ${WRITER.email}` }).click();
    await writer.waitForURL(url(ACCOUNT));
    const section = secondFactor(writer);
    await section.getByText("Recovery codes left: 10").waitFor();
    await waitForHydration(writer);
    await section.getByLabel("Your password").first().fill(WRITER.password);
    await section.getByRole("button", { name: "Make new recovery codes" }).click();
    await toast(writer, "New recovery codes").waitFor();
    const codes = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    expect(await codes.count()).toBe(10);

    const off = section.locator("form").filter({ has: writer.getByRole("button", { name: "Turn off" }) });
    await off.getByLabel("Your password").fill(WRITER.password);
    await off.getByRole("button", { name: "Turn off" }).click();
    await toast(writer, "Second factor off").waitFor();
    await section.getByText("Off", { exact: true }).waitFor();
    await section.getByRole("button", { name: "Set up an authenticator app" }).waitFor();
    // The codes just shown no longer work, so they are no longer on the screen.
    expect(await section.getByRole("list", { name: "Recovery codes" }).count()).toBe(0);

    // The password alone signs in again.
    await logout(writer);
    await passwordStep(writer, WRITER);
    expect(path(writer)).toBe("/admin/dashboard");
    expect(unexpected(writerErrors)).toEqual([]);
  });

  it("asks the admin for the code after the password; a trusted device skips it at the next sign-in", async () => {
    await waitForHydration(admin);
    await logout(admin);
    await passwordStep(admin, ADMIN);
    await expectVerifyPage(admin);
    await admin.getByLabel("Authentication code", { exact: true }).fill(totp(adminKey));
    const trust = admin.getByLabel("Trust this device for 30 days (do not tick on a shared computer)");
    await trust.check();
    expect(await trust.isChecked()).toBe(true);
    await Promise.all([admin.waitForURL(url("/admin/dashboard")), admin.getByRole("button", { name: "Verify" }).click()]);
    expect(await toast(admin, "Welcome back!").textContent()).toContain("Successfully logged in.");
    await admin.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();

    // Your account counts the trusted device.
    await admin.goto(url(ACCOUNT));
    await admin.getByText("Devices that skip the code for 30 days: 1").waitFor();

    // Signing out and in again in this browser: the password alone, straight to the dashboard.
    const visited: string[] = [];
    admin.on("framenavigated", (frame) => {
      if (frame === admin.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await waitForHydration(admin);
    await logout(admin);
    await passwordStep(admin, ADMIN);
    await admin.waitForURL(url("/admin/dashboard"));
    expect(await toast(admin, "Welcome back!").textContent()).toContain("Successfully logged in.");
    await admin.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    expect(visited).not.toContain(VERIFY);

    // Another browser is not trusted: the code is asked for there.
    const elsewhere = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const other = await elsewhere.newPage();
    await passwordStep(other, ADMIN);
    await expectVerifyPage(other);
    await elsewhere.close();
    expect(unexpected(adminErrors)).toEqual([]);
  });
  it("disables the writer only after a dialog naming them, and mails them what was done and by whom", async () => {
    await waitOutToasts(admin);
    await tabs(admin).filter({ hasText: "Staff" }).click();
    await admin.waitForURL(url("/admin/dashboard/staff"));
    await waitForHydration(admin);
    const before = smtp.received.length;
    await admin.getByRole("button", { name: `Disable ${WRITER.email}` }).click();
    const dialog = admin.getByRole("alertdialog", { name: `Disable ${WRITER.name}?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`${WRITER.name} (${WRITER.email}) is signed out everywhere`);
    await expectNoAxeViolations(admin);
    // Cancel first: nothing happens.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    const row = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: WRITER.name }) });
    expect(await row.getByText("Enabled", { exact: true }).count()).toBe(1);
    await admin.getByRole("button", { name: `Disable ${WRITER.email}` }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: `Disable ${WRITER.name}` }).click();
    expect(await toast(admin, "Account disabled").textContent()).toContain(WRITER.email);
    await row.getByText("Disabled", { exact: true }).waitFor();
    const mail = (await smtp.waitFor(before + 1)).slice(before).find((m) => m.rcptTo.includes(WRITER.email));
    expect(mail?.header("Subject")).toBe("Your admin account was disabled");
    expect(mail?.text).toContain(`${ADMIN.email} disabled your account`);
    expect(unexpected(adminErrors)).toEqual([]);
  });
});
