import sharp from "sharp";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { withAdminPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/browser";

const baseUrl = inject("baseUrl");
const TEAM_URL = `${baseUrl}/admin/dashboard/team`;
const NAME = `Avery Testlawyer ${Date.now()}`;

describe("admin: Team Management tab", () => {
  let page: Page;
  let errors: string[];
  let photoUrl = "";

  withAdminPage(async (admin) => {
    ({ page, errors } = admin);
    await page.goto(TEAM_URL);
    await page.getByRole("heading", { name: "Team Management" }).waitFor();
  });

  // The front toast is the one on screen; older ones linger hidden in the list.
  const toast = (text: string) => page.locator(`[data-sonner-toast][data-front="true"]`).filter({ hasText: text });
  const list = () => page.getByRole("list").filter({ has: page.getByRole("heading", { level: 3 }) });
  /** A member's list item, found by the name in its header. */
  const member = (name: string): Locator => list().getByRole("listitem").filter({ has: page.getByRole("button", { name: new RegExp(`^${name}`) }) });
  const header = (name: string) => member(name).getByRole("button", { name: new RegExp(`^${name}`) });
  const publicTeam = async (path = "/team") => {
    const other = await page.context().newPage();
    await other.goto(`${baseUrl}${path}`);
    const text = (await other.locator("main").innerText()) ?? "";
    const images = await other.locator("main img").evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src));
    await other.close();
    return { text, images };
  };

  it("lists the members by order with role and translation badge, collapsed", async () => {
    const headers = list().getByRole("heading", { level: 3 });
    expect(await headers.count()).toBeGreaterThanOrEqual(3);
    const first = list().getByRole("listitem").first().getByRole("button").first();
    expect(await first.getAttribute("aria-expanded")).toBe("false");
    // Demo members are fully translated, with the words next to the icon.
    expect(await first.textContent()).toContain("Fully translated");
    expect(await first.textContent()).not.toContain("No role set");
    expect(await first.locator("img").getAttribute("src")).toMatch(/^\/media\/[0-9a-f-]{36}\/\d+\.webp$/);
  });

  it("adds a member: 'New Team Member', active, last in order, open with the name field focused", async () => {
    const before = await list().getByRole("listitem").count();
    await page.getByRole("button", { name: "Add Team Member" }).click();
    await toast("Team member added").waitFor();
    expect(await list().getByRole("listitem").count()).toBe(before + 1);
    const added = list().getByRole("listitem").last();
    const trigger = added.getByRole("button").first();
    expect(await trigger.textContent()).toMatch(/New Team Member.*No role set.*Not translated/);
    expect(await trigger.getAttribute("aria-expanded")).toBe("true");
    const name = added.getByLabel("Name", { exact: true });
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await added.getByRole("switch", { name: "Active" }).getAttribute("aria-checked")).toBe("true");
    const orders = await list().getByLabel("Order", { exact: true }).evaluateAll((inputs) => inputs.map((i) => Number((i as HTMLInputElement).value)));
    expect(orders.at(-1)).toBe(Math.max(...orders.slice(0, -1)) + 1);
  });

  it("checks the form before saving: name required, order a whole number", async () => {
    const added = member("New Team Member");
    await added.getByLabel("Name", { exact: true }).fill("");
    await added.getByLabel("Order", { exact: true }).fill("2.5");
    await added.getByRole("button", { name: "Save Changes" }).click();
    await toast("Failed to update member").waitFor();
    const name = added.getByLabel("Name", { exact: true });
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await name.getAttribute("aria-describedby"))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Name is required");
    expect(await added.getByText("Order must be a whole number.").count()).toBe(1);
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("saves name, email, phone, order, and the role in three languages", async () => {
    const added = member("New Team Member");
    await added.getByLabel("Name", { exact: true }).fill(NAME);
    await added.getByLabel("Email", { exact: true }).fill("avery@example.com");
    await added.getByLabel("Phone", { exact: true }).fill("604-555-0142");
    await added.getByLabel("Order", { exact: true }).fill("0");
    const role = added.getByRole("group", { name: "Role" });
    await role.getByLabel("English").fill("Associate Lawyer");
    await role.getByLabel("Farsi").fill("وکیل همکار");
    expect(await role.getByLabel("Farsi").getAttribute("dir")).toBe("rtl");
    await role.getByLabel("Chinese").fill("助理律师");
    expect(await added.getByRole("group", { name: "Bio" }).locator("textarea").count()).toBe(3);
    expect(await added.getByRole("group", { name: "Areas of practice" }).locator("textarea").count()).toBe(0);
    await added.getByRole("button", { name: "Save Changes" }).click();
    await toast("Team member updated").waitFor();

    // Order 0 moves the member to the top; the header shows the new name and role.
    await page.waitForFunction((name) => document.querySelector("ul li h3")?.textContent?.startsWith(name), NAME);
    const trigger = header(NAME);
    expect(await trigger.textContent()).toMatch(/Associate Lawyer.*Partly translated/);

    const en = await publicTeam();
    expect(en.text).toContain(NAME);
    expect(en.text).toContain("Associate Lawyer");
    // Order 0 puts the member before the demo members (orders 1-3) on the public page too.
    expect(en.text.indexOf(NAME)).toBeLessThan(en.text.indexOf("Alex Morgan"));
    const fa = await publicTeam("/fa/team");
    expect(fa.text).toContain("وکیل همکار");
    const zh = await publicTeam("/zh/team");
    expect(zh.text).toContain("助理律师");
  });

  it("uploads a colour photo, served from /media as WebP and shown on /team", async () => {
    const jpeg = await sharp({ create: { width: 600, height: 750, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .jpeg({ quality: 90 })
      .toBuffer();
    await member(NAME).getByLabel("Colour photo").setInputFiles({ name: "portrait.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await toast("Colour photo uploaded").waitFor();
    const thumb = member(NAME).getByRole("img", { name: `Current colour photo of ${NAME}` });
    await thumb.waitFor();
    const src = (await thumb.getAttribute("src"))!;
    const [, id] = /^\/media\/([0-9a-f-]{36})\/\d+\.webp$/.exec(src)!;
    photoUrl = `/media/${id}`;

    const served = await fetch(`${baseUrl}${photoUrl}`, { headers: { Accept: "image/webp,*/*" } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(600);

    const team = await publicTeam();
    expect(team.images.some((src) => src.includes(id))).toBe(true);
  });

  it("rejects a file that is not an image, says why and changes nothing", async () => {
    const input = member(NAME).getByLabel("Colour photo");
    await input.setInputFiles({ name: "portrait.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.4 this is a document, not a picture") });
    await toast("Failed to upload photo").waitFor();
    await toast("The file is not an image.").waitFor();
    const describedBy = (await input.getAttribute("aria-describedby"))!.split(" ");
    const messages = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(messages).toContain("The file is not an image.");
    const src = await member(NAME).getByRole("img", { name: `Current colour photo of ${NAME}` }).getAttribute("src");
    expect(src?.startsWith(`${photoUrl}/`)).toBe(true);
    const team = await publicTeam();
    expect(team.images.some((image) => image.includes(photoUrl.slice("/media/".length)))).toBe(true);
  });

  it("hides a deactivated member from the public Team page", async () => {
    const panel = member(NAME);
    await panel.getByRole("switch", { name: "Active" }).click();
    expect(await panel.getByRole("switch", { name: "Active" }).getAttribute("aria-checked")).toBe("false");
    await panel.getByRole("button", { name: "Save Changes" }).click();
    await toast("Team member updated").waitFor();
    await page.waitForFunction((name) => [...document.querySelectorAll("h3")].some((h) => h.textContent?.startsWith(name) && h.textContent.includes("Inactive")), NAME);
    const team = await publicTeam();
    expect(team.text).not.toContain(NAME);
    expect(team.images.some((image) => image.includes(photoUrl.slice("/media/".length)))).toBe(false);
  });

  it("passes axe with a member open, and logs no console errors", async () => {
    // The toaster is the dashboard's; this checks the tab itself.
    await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 });
    await expectNoAxeViolations(page);
    expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });

  it("deletes a member after the confirmation dialog", async () => {
    await member(NAME).getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Team Member" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      "This deletes the team member and all their texts. It can be restored from Recently deleted for 30 days.",
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await member(NAME).count()).toBe(1);

    await member(NAME).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog", { name: "Delete Team Member" }).getByRole("button", { name: "Delete" }).click();
    await toast("Team member deleted").waitFor();
    await member(NAME).waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading", { name: "Team Management" }).waitFor();
    expect(await page.getByText(NAME).count()).toBe(0);
  });
});
