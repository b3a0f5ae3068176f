import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createSecretBox, SealBroken } from "../../core/secrets";
import { classifyGraphError, GRAPH_API_VERSION, isInstagramsOwnGraph, RECONNECT_MESSAGE } from "../../core/outside/graph";
import { loadConfig, parseEnv } from "../../core/config";
import { buildCaption, checkSiteUrl, makeInstagramImage, PreflightFailed } from "~/instagram/prepare.server";
import { settingsSchema } from "~/instagram/schema";

const KEY = "an encryption key of at least 32 characters";

describe("sealed secrets", () => {
  it("opens what it sealed, with a fresh nonce each time; never holds the plain text", () => {
    const box = createSecretBox(KEY);
    const a = box.seal("IGQVJ-secret-token", "instagram_settings.access_token");
    const b = box.seal("IGQVJ-secret-token", "instagram_settings.access_token");
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("secret-token");
    expect(box.open(a, "instagram_settings.access_token")).toBe("IGQVJ-secret-token");
  });

  it("refuses another key, another column, a changed byte and a short value", () => {
    const sealed = createSecretBox(KEY).seal("token", "instagram_settings.access_token");
    expect(() => createSecretBox(`${KEY} (another)`).open(sealed, "instagram_settings.access_token")).toThrow(SealBroken);
    expect(() => createSecretBox(KEY).open(sealed, "other.column")).toThrow(SealBroken);
    const bytes = Buffer.from(sealed.slice(3), "base64url");
    bytes[bytes.length - 1] ^= 1;
    expect(() => createSecretBox(KEY).open(`v1.${bytes.toString("base64url")}`, "instagram_settings.access_token")).toThrow(SealBroken);
    expect(() => createSecretBox(KEY).open("v1.AAAA", "instagram_settings.access_token")).toThrow(SealBroken);
    expect(() => createSecretBox(KEY).open("token-in-clear", "instagram_settings.access_token")).toThrow(SealBroken);
  });

  it("ENCRYPTION_KEY: at least 32 characters; generated once into DATA_DIR when unset, like the session secret", () => {
    expect(() => parseEnv({ ENCRYPTION_KEY: "short" })).toThrow("Invalid ENCRYPTION_KEY: must be at least 32 characters");
    const dir = mkdtempSync(path.join(tmpdir(), "enc-key-"));
    try {
      const dataDir = path.join(dir, "data");
      const notices: string[] = [];
      const first = loadConfig({ DATA_DIR: dataDir }, (m) => notices.push(m));
      const second = loadConfig({ DATA_DIR: dataDir });
      expect(first.ENCRYPTION_KEY.length).toBeGreaterThanOrEqual(32);
      expect(second.ENCRYPTION_KEY).toBe(first.ENCRYPTION_KEY);
      expect(first.ENCRYPTION_KEY).not.toBe(first.SESSION_SECRET);
      expect(readFileSync(path.join(dataDir, "encryption-key"), "utf8")).toBe(first.ENCRYPTION_KEY);
      expect(notices.some((n) => n.startsWith("ENCRYPTION_KEY is not set"))).toBe(true);
      expect(loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: KEY }).ENCRYPTION_KEY).toBe(KEY);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("Graph API errors: three outcomes", () => {
  const outcome = (status: number, code: number, subcode?: number, extra: object = {}) =>
    classifyGraphError(status, { code, error_subcode: subcode, message: "m", ...extra }).outcome;

  it("reconnect: 190 and the permission codes 10 and 200-299", () => {
    expect(outcome(400, 190, 463)).toBe("reconnect");
    expect(classifyGraphError(400, { code: 190 }).message).toBe(RECONNECT_MESSAGE);
    expect(outcome(403, 10)).toBe("reconnect");
    expect(outcome(403, 200)).toBe("reconnect");
    expect(outcome(403, 299)).toBe("reconnect");
  });

  it("retry: throttling, the daily limit, transient codes, 5xx and a media fetch failure", () => {
    for (const code of [4, 17, 32, 613]) expect(outcome(403, code)).toBe("retry");
    expect(outcome(400, 9, 2207042)).toBe("retry");
    expect(outcome(400, 2)).toBe("retry");
    expect(outcome(400, -1, 2207001)).toBe("retry");
    expect(outcome(500, 1)).toBe("retry");
    expect(outcome(503, 100)).toBe("retry");
    expect(outcome(400, 100, undefined, { is_transient: true })).toBe("retry");
    expect(outcome(400, 9004, 2207052)).toBe("retry");
    const throttled = classifyGraphError(403, { code: 4 });
    expect(throttled.retryable).toBe(true);
    expect(throttled.retryAfterMs).toBeGreaterThan(0);
  });

  it("permanent: the aspect ratio, the size and other refusals, each with what to do and Instagram's words", () => {
    const ratio = classifyGraphError(400, { code: 36003, error_subcode: 2207009, message: "The aspect ratio is not supported." });
    expect(ratio.outcome).toBe("permanent");
    expect(ratio.retryable).toBe(false);
    expect(ratio.message).toBe('Instagram refused the image\'s shape: it takes aspect ratios from 4:5 to 1.91:1. Choose another featured image and post again. Instagram said: "The aspect ratio is not supported."');
    expect(outcome(400, 36000, 2207004)).toBe("permanent");
    expect(outcome(400, 100)).toBe("permanent");
  });

  it("speaks v21.0, and knows Instagram's own hosts", () => {
    expect(GRAPH_API_VERSION).toBe("v21.0");
    expect(isInstagramsOwnGraph("https://graph.facebook.com")).toBe(true);
    expect(isInstagramsOwnGraph("https://graph.instagram.com/")).toBe(true);
    expect(isInstagramsOwnGraph("http://127.0.0.1:4444")).toBe(false);
  });
});

describe("Instagram pre-flight", () => {
  const instagram = "https://graph.facebook.com";

  it("SITE_URL must be public https against Instagram's host; any other Graph endpoint skips the check", () => {
    expect(() => checkSiteUrl("http://localhost:3000", instagram)).toThrow(/is not https/);
    for (const url of ["https://localhost", "https://127.0.0.1", "https://10.0.0.5", "https://192.168.1.20", "https://172.20.0.3", "https://lawsite", "https://office.local", "https://[::1]"]) {
      expect(() => checkSiteUrl(url, instagram), url).toThrow(PreflightFailed);
    }
    expect(() => checkSiteUrl("https://www.example-law.ca", instagram)).not.toThrow();
    expect(() => checkSiteUrl("http://127.0.0.1:3000", "http://127.0.0.1:4444")).not.toThrow();
  });

  it("a caption: title, excerpt and the post's link in its language; a long excerpt is shortened to 2,200 characters", () => {
    const post = { slug: "study-permits", title: "Study permits", excerpt: "What changed." };
    expect(buildCaption(post, "https://law.example")).toBe("Study permits\n\nWhat changed.\n\nRead more: https://law.example/blog/study-permits");
    expect(buildCaption(post, "https://law.example", "fa")).toContain("https://law.example/fa/blog/study-permits");
    const long = buildCaption({ ...post, excerpt: "word ".repeat(1000) }, "https://law.example");
    expect(long.length).toBeLessThanOrEqual(2200);
    expect(long).toMatch(/…\n\nRead more: https:\/\/law\.example\/blog\/study-permits$/);
  });

  it("refuses a caption whose title alone is over the limit, and more than 30 hashtags", () => {
    expect(() => buildCaption({ slug: "s", title: "T".repeat(2300), excerpt: "" }, "https://law.example")).toThrow(/Instagram allows 2200. Shorten the title/);
    const tags = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(" ");
    expect(() => buildCaption({ slug: "s", title: "Title", excerpt: tags }, "https://law.example")).toThrow("The caption has 31 hashtags; Instagram allows 30. Remove some from the title or excerpt and post again.");
  });

  const png = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: { r: 10, g: 80, b: 160, alpha: 0.5 } } }).png().toBuffer();

  it("makes a 1080 px sRGB JPEG, padding 3:1 to 1.91:1 and 1:3 to 4:5; keeps a ratio within range", async () => {
    for (const [w, h, outHeight] of [
      [1500, 500, 566],
      [500, 1500, 1350],
      [1200, 1200, 1080],
      [400, 300, 810],
    ] as const) {
      const made = await makeInstagramImage(await png(w, h));
      const meta = await sharp(made.bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.space, meta.hasAlpha], `${w}x${h}`).toEqual(["jpeg", 1080, outHeight, "srgb", false]);
      expect(made.bytes.byteLength).toBeLessThan(8 * 1024 * 1024);
      const ratio = 1080 / outHeight;
      expect(ratio).toBeGreaterThanOrEqual(0.8);
      expect(ratio).toBeLessThanOrEqual(1.91);
    }
  });

  it("refuses an image narrower than 320 px, and bytes that are not an image", async () => {
    await expect(makeInstagramImage(await png(300, 300))).rejects.toThrow("The featured image is 300 px wide; Instagram needs at least 320 px.");
    await expect(makeInstagramImage(Buffer.from("<html>not an image</html>"))).rejects.toThrow(PreflightFailed);
  });
});

describe("the settings form", () => {
  it("reads the switches, keeps an empty token empty, and says what is wrong with a field", () => {
    expect(settingsSchema.parse({ accessToken: "", accountId: " 17841400000000001 ", enabled: "on" })).toEqual({ accessToken: "", accountId: "17841400000000001", enabled: true, autoPost: false });
    expect(settingsSchema.safeParse({ accountId: "my-account" }).error?.issues[0].message).toBe("The Business Account ID is a number, such as 17841400000000000.");
    expect(settingsSchema.safeParse({ accessToken: "two words" }).error?.issues[0].message).toBe("The access token has spaces in it. Paste it again without spaces.");
  });
});
