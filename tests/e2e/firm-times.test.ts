/**
 * Admin times read the firm clock's Vancouver time (decision 0083) before and after hydration,
 * whatever day the browser thinks it is: the browser's clock is set to 1 December 2026 (a test
 * clock), when Node 20's own tzdata would have said UTC-8, and the sessions table must still read
 * UTC-7, with no hydration mismatch (the suite's listener fails the test on one).
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { withAdminPage } from "../helpers/admin";
import { waitForHydration } from "../helpers/browser";

const baseUrl = inject("baseUrl");
let page: Page;
let errors: string[];

withAdminPage((admin) => ({ page, errors } = admin), { clock: new Date("2026-12-01T17:00:00Z") });

const FIRM_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, (\d\d):(\d\d) Vancouver time \((\d\d):(\d\d) UTC\)$/;

/** Vancouver's wall time minus UTC, in hours, as a shown firm time says. */
function offsetOf(text: string): number {
  const match = FIRM_TIME.exec(text.trim());
  expect(match, `a firm time: ${text}`).not.toBeNull();
  const [local, utc] = [Number(match![1]) * 60 + Number(match![2]), Number(match![3]) * 60 + Number(match![4])];
  return (((local - utc) / 60 + 36) % 24) - 12;
}

describe("firm times in the admin", () => {
  it("the Account page's sessions read UTC-7 in the server's HTML and after hydration", async () => {
    const response = await page.goto(`${baseUrl}/admin/dashboard/account`, { waitUntil: "networkidle" });
    const html = (await response!.text()).replace(/<!-- -->/g, "");
    const served = [...html.matchAll(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d Vancouver time \(\d\d:\d\d UTC\)/g)].map((m) => m[0]);
    expect(served.length).toBeGreaterThan(0);
    for (const text of served) expect(offsetOf(text)).toBe(-7);

    await waitForHydration(page);
    const cells = page.locator("td").filter({ hasText: "Vancouver time" });
    const shown = await cells.allTextContents();
    expect(shown).toEqual(served.slice(0, shown.length));
    for (const text of shown) expect(offsetOf(text)).toBe(-7);
    expect(errors).toEqual([]);
  });
});
