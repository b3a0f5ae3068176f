import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseEnv } from "../../core/config";

const problemsOf = (env: Record<string, string>) => {
  try {
    parseEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe("configuration", () => {
  it("works with nothing set", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.SEED_DEMO).toBe(true);
    expect(env.TRANSLATE_PROVIDER).toBe("ai");
  });
  it("paces the newsletter at 60 mails a minute unless told, and refuses a rate that is not a whole number from 1 to 6000", () => {
    expect(parseEnv({}).MAIL_RATE_PER_MINUTE).toBe(60);
    expect(parseEnv({ MAIL_RATE_PER_MINUTE: "120" }).MAIL_RATE_PER_MINUTE).toBe(120);
    expect(problemsOf({ MAIL_RATE_PER_MINUTE: "0" })).toEqual(["Invalid MAIL_RATE_PER_MINUTE: must be at least 1"]);
    expect(problemsOf({ MAIL_RATE_PER_MINUTE: "lots" })).toEqual(["Invalid MAIL_RATE_PER_MINUTE: must be a whole number of mails a minute"]);
    expect(problemsOf({ MAIL_RATE_PER_MINUTE: "10000" })).toEqual(["Invalid MAIL_RATE_PER_MINUTE: must be at most 6000"]);
  });
  it("names each wrong variable on its own line", () => {
    expect(problemsOf({ PORT: "abc" })).toEqual(["Invalid PORT: must be a port number between 1 and 65535"]);
    expect(problemsOf({ DATABASE_URL: "mysql://x" })).toEqual(["Invalid DATABASE_URL: must start with postgres:// or postgresql://"]);
    expect(problemsOf({ SESSION_SECRET: "short", SEED_DEMO: "maybe" })).toEqual([
      "Invalid SESSION_SECRET: must be at least 32 characters",
      "Invalid SEED_DEMO: must be true or false",
    ]);
  });
  it("generates a session secret once and reuses it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cfg-"));
    const notices: string[] = [];
    const first = loadConfig({ DATA_DIR: dir }, (m) => notices.push(m));
    const second = loadConfig({ DATA_DIR: dir }, (m) => notices.push(m));
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first.SESSION_SECRET);
    // Once each: the session secret and the encryption key (decision 0032), and not again.
    expect(notices.map((n) => n.split(" ")[0])).toEqual(["SESSION_SECRET", "ENCRYPTION_KEY"]);
    expect(first.SITE_URL).toBe("http://localhost:3000");
  });
});
