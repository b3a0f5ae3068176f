import { describe, expect, it } from "vitest";
import { campaignOf, CAMPAIGN_SEPARATOR, deviceOf, exclusionOf, MAX_HOST_LENGTH, MAX_PATH_LENGTH, MAX_UTM_LENGTH, normalisePath, referrerOf, sameOriginPath } from "../../app/stats/normalise";
import { parseRange } from "../../app/stats/range";
import { firmClock } from "../../core/firm-clock.server";

const vancouverDay = (ms: number) => firmClock.dayOf(ms);

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const IPAD = "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID_TABLET = "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const ANDROID_PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const OWN = ["lawfirm.example", "localhost"];

describe("statistics: normalisation", () => {
  it("keeps a path without its query, trailing slash, control characters or case, and cuts it at the limit", () => {
    expect(normalisePath("/About/?utm_source=x&q=1")).toBe("/about");
    expect(normalisePath("/fa/blog//post#top")).toBe("/fa/blog/post");
    expect(normalisePath("/blog/%E4%B8%AD%E6%96%87")).toBe("/blog/中文");
    expect(normalisePath("/blog/%E0%A4%A")).toBe("/blog/%e0%a4%a");
    expect(normalisePath("/a\u0000b\u001fc")).toBe("/abc");
    expect(normalisePath("/")).toBe("/");
    expect(normalisePath(`/blog/${"x".repeat(5000)}`)).toHaveLength(MAX_PATH_LENGTH);
  });

  it("reads the campaign from utm_source, utm_medium and utm_campaign only, bounded", () => {
    expect(campaignOf("?utm_source=Newsletter&utm_medium=email&utm_campaign=Fall&fbclid=1")).toBe(["newsletter", "email", "fall"].join(CAMPAIGN_SEPARATOR));
    expect(campaignOf("?utm_source=x")).toBe(["x", "", ""].join(CAMPAIGN_SEPARATOR));
    expect(campaignOf("?q=1&gclid=2")).toBe("");
    expect(campaignOf(`?utm_campaign=${"y".repeat(10_000)}`).split(CAMPAIGN_SEPARATOR)[2]).toHaveLength(MAX_UTM_LENGTH);
  });

  it("keeps only the referrer's host: direct without one, self for the site's own pages", () => {
    expect(referrerOf("https://www.Google.com/search?q=lawyer+vancouver", OWN)).toBe("google.com");
    expect(referrerOf(undefined, OWN)).toBe("direct");
    expect(referrerOf("not a url", OWN)).toBe("direct");
    expect(referrerOf("javascript:alert(1)", OWN)).toBe("direct");
    expect(referrerOf("https://lawfirm.example/fa/about", OWN)).toBe("self");
    expect(referrerOf("http://localhost:3000/", OWN)).toBe("self");
    const long = referrerOf(`https://${"a".repeat(60)}.${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(60)}.com/`, OWN);
    expect(long.length).toBeLessThanOrEqual(MAX_HOST_LENGTH);
    expect(sameOriginPath("https://lawfirm.example/practice-areas/family/?x=1", OWN)).toBe("/practice-areas/family");
    expect(sameOriginPath("https://elsewhere.example/contact", OWN)).toBeNull();
  });

  it("tells phones, tablets and desktops apart", () => {
    expect(deviceOf(CHROME)).toBe("desktop");
    expect(deviceOf(IPHONE)).toBe("phone");
    expect(deviceOf(ANDROID_PHONE)).toBe("phone");
    expect(deviceOf(IPAD)).toBe("tablet");
    expect(deviceOf(ANDROID_TABLET)).toBe("tablet");
    expect(deviceOf("")).toBe("desktop");
  });
});

describe("statistics: what is not counted", () => {
  it("counts a plain browser visit", () => {
    expect(exclusionOf({ "user-agent": CHROME })).toBeNull();
    expect(exclusionOf({ "user-agent": CHROME, cookie: "theme=dark", dnt: "0" })).toBeNull();
  });

  it("leaves out bots, prefetches and prerenders, Do Not Track, Global Privacy Control and staff sessions", () => {
    expect(exclusionOf({ "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).toBe("bot");
    expect(exclusionOf({ "user-agent": "curl/8.5.0" })).toBe("bot");
    expect(exclusionOf({})).toBe("bot");
    expect(exclusionOf({ "user-agent": CHROME, "sec-purpose": "prefetch" })).toBe("prefetch");
    expect(exclusionOf({ "user-agent": CHROME, "sec-purpose": "prefetch;prerender" })).toBe("prefetch");
    expect(exclusionOf({ "user-agent": CHROME, purpose: "prefetch" })).toBe("prefetch");
    expect(exclusionOf({ "user-agent": CHROME, dnt: "1" })).toBe("dnt");
    expect(exclusionOf({ "user-agent": CHROME, "sec-gpc": "1" })).toBe("dnt");
    expect(exclusionOf({ "user-agent": CHROME, cookie: "a=1; admin.session_token=abc" })).toBe("staff");
    expect(exclusionOf({ "user-agent": CHROME, cookie: "__Secure-admin.session_token=abc" })).toBe("staff");
  });
});

describe("statistics: the tab's date range", () => {
  const today = "2026-11-26";
  const parse = (query: string) => parseRange(new URLSearchParams(query), today);

  it("reads 7, 30 and 90 days ending today, with the period before for comparison", () => {
    expect(parse("range=7")).toEqual({ ok: true, range: { choice: "7", from: "2026-11-20", to: today, days: 7, previousFrom: "2026-11-13", previousTo: "2026-11-19" } });
    const thirty = parse("");
    expect(thirty.ok && thirty.range.from).toBe("2026-10-28");
    const custom = parse("range=custom&from=2026-11-01&to=2026-11-10");
    expect(custom.ok && [custom.range.days, custom.range.previousFrom, custom.range.previousTo]).toEqual([10, "2026-10-22", "2026-10-31"]);
  });

  it("refuses a bad range with a sentence", () => {
    expect(parse("range=8")).toMatchObject({ ok: false, message: "Range must be 7, 30 or 90 days, or custom." });
    expect(parse("range=custom&from=2026-02-30&to=2026-03-01")).toMatchObject({ ok: false, message: "From must be a date (YYYY-MM-DD)." });
    expect(parse("range=custom&from=2026-11-10&to=2026-11-01")).toMatchObject({ ok: false, message: "From must be on or before To." });
    expect(parse("range=custom&from=2026-11-10&to=2026-12-01")).toMatchObject({ ok: false, message: "To cannot be after today (2026-11-26)." });
    expect(parse("range=custom&from=2020-01-01&to=2026-11-01")).toMatchObject({ ok: false, message: expect.stringContaining("kept 25 months") });
  });

  it("takes days in Vancouver time", () => {
    // Midnight in Vancouver: 08:00 UTC under the yearly clock change (UTC-8 in November), 07:00
    // under permanent daylight time (Node 24's tzdata).
    const midnight = "2026-11-27T07:00:00Z";
    expect(vancouverDay(Date.parse(midnight) - 60_000)).toBe("2026-11-26");
    expect(vancouverDay(Date.parse(midnight))).toBe("2026-11-27");
  });
});

describe("statistics: STATS_MODE", () => {
  it("counts on the server by default, takes beacon or off, and names a wrong value", async () => {
    const { parseEnv, ConfigError } = await import("../../core/config");
    expect(parseEnv({}).STATS_MODE).toBe("server");
    expect(parseEnv({ STATS_MODE: "beacon" }).STATS_MODE).toBe("beacon");
    expect(parseEnv({ STATS_MODE: "off" }).STATS_MODE).toBe("off");
    expect(() => parseEnv({ STATS_MODE: "google" })).toThrow(ConfigError);
    expect(() => parseEnv({ STATS_MODE: "google" })).toThrow("Invalid STATS_MODE: must be server, beacon or off");
  });
});
