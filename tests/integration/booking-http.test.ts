/**
 * GET /api/consultations/slots through the built server (issue 33, decision 0076): the contract's
 * JSON, never cached, bad parameters answered 400 with a sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type SiteServer } from "../helpers/server";
import { FIRM_ZONE } from "../../core/firm-time";
import { escapeHtml, text } from "../helpers/page-checks";

let site: SiteServer;
beforeAll(async () => {
  // Monday 4 January 2027 in Vancouver: Tuesday the 12th is well inside notice and horizon.
  site = await startSite({ TEST_CLOCK_START: "2027-01-04T18:00:00Z", SLOTS_RATE_LIMIT: "5" });
}, 120_000);
afterAll(async () => site?.stop());

describe("GET /api/consultations/slots", () => {
  it("answers the free slots of a day as JSON in the contract's shape, not to be cached", async () => {
    const response = await fetch(`${site.url}/api/consultations/slots?from=2027-01-12&to=2027-01-13&kind=video`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { timeZone: string; slots: Array<{ start: string; end: string; lawyer: number | null }> };
    expect(body.timeZone).toBe(FIRM_ZONE);
    expect(body.slots).toHaveLength(32);
    expect(body.slots[0].lawyer).toBeNull();
    expect(new Date(body.slots[0].end).getTime() - new Date(body.slots[0].start).getTime()).toBe(30 * 60_000);
  });

  it("a range longer than 31 days is refused with a sentence", async () => {
    const response = await fetch(`${site.url}/api/consultations/slots?from=2027-01-01&to=2027-03-01`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "range-too-long", message: "At most 31 days per request." });
  });

  it("answers an address past SLOTS_RATE_LIMIT a minute 429 with Retry-After (refused parameters are not counted)", async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await fetch(`${site.url}/api/consultations/slots?from=2027-01-12&to=2027-01-12`);
      statuses.push(last.status);
    }
    // One answered request above (the 400 is not counted), four here: the sixth of the minute is refused.
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(last!.headers.get("retry-after")).toBe("60");
    expect(await last!.json()).toEqual({ error: "rate-limited", message: "Too many requests; try again in a minute." });
  });
});

describe("the booking pages' limit per address (issue 44)", () => {
  it("answers the booking, confirmation and manage pages 429 past SLOTS_RATE_LIMIT a minute, with a page in the visitor's language", async () => {
    // The pages' count is their own (the API's requests above are not in it), one for the three pages together.
    const statuses: number[] = [];
    for (const path of ["/fa/virtual-consultation", "/virtual-consultation?week=2027-01-11", "/zh/virtual-consultation", "/virtual-consultation/booked/" + "0".repeat(32), "/virtual-consultation/manage/not-a-token"]) {
      statuses.push((await fetch(`${site.url}${path}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 404, 410]);
    for (const [lang, path] of [
      ["fa", "/fa/virtual-consultation"],
      ["zh", "/zh/virtual-consultation/booked/" + "0".repeat(32)],
      ["en", "/virtual-consultation/manage/not-a-token"],
    ] as const) {
      const refused = await fetch(`${site.url}${path}`);
      expect(refused.status, path).toBe(429);
      expect(refused.headers.get("retry-after"), path).toBe("60");
      expect(refused.headers.get("cache-control"), path).toContain("no-store");
      const html = await refused.text();
      expect(html, path).toContain(`lang="${lang}"`);
      expect(html, path).toContain(escapeHtml(text("error-busy-description", lang)));
    }
  });
});
