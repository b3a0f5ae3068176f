import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isCalendarDay } from "./clock";
import { prepareDataDir, SharedDataDir } from "./data-dir";

const optionalUrl = z.url({ message: "must be a URL such as https://example.com" }).optional();
const flag = z
  .enum(["true", "false", "1", "0"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce
    .number({ message: "must be a port number between 1 and 65535" })
    .int({ message: "must be a port number between 1 and 65535" })
    .min(0, { message: "must be a port number between 1 and 65535" })
    .max(65535, { message: "must be a port number between 1 and 65535" })
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: "must start with postgres:// or postgresql://" })
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  SITE_URL: optionalUrl,
  SESSION_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  // Seals secrets stored in the database (the Instagram access token); never stored there itself.
  ENCRYPTION_KEY: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default("gpt-4o-mini"),
  AI_IMAGE_MODEL: z.string().default("gpt-image-1"),
  TRANSLATE_PROVIDER: z.enum(["ai", "deepl", "libretranslate"], { message: "must be ai, deepl or libretranslate" }).default("ai"),
  DEEPL_API_KEY: z.string().optional(),
  DEEPL_API_URL: optionalUrl,
  LIBRETRANSLATE_URL: optionalUrl,
  LIBRETRANSLATE_API_KEY: z.string().optional(),
  TRANSLATE_DELAY_MS: z.coerce.number({ message: "must be a whole number of milliseconds" }).int().min(0).max(60_000).default(500),
  /** Revisions older than this many days are pruned (each item keeps its newest); unset keeps everything. */
  REVISIONS_KEEP_DAYS: z.coerce.number({ message: "must be a whole number of days" }).int().min(1, { message: "must be at least 1 day" }).max(36_500).optional(),
  /**
   * Whether staff must use a second factor (decision 0068): `required` (admins always; every role
   * when the Staff policy says so) or `optional` (an installation behind its own single sign-on).
   */
  ADMIN_SECOND_FACTOR: z.enum(["required", "optional"], { message: "must be required or optional" }).default("required"),
  GRAPH_API_URL: z.url({ message: "must be a URL" }).default("https://graph.facebook.com"),
  MEET_HOST: z
    .string()
    // A bare host means https; a full http(s) origin serves a local Jitsi or the tests' loopback fake (decision 0001).
    .regex(/^(https?:\/\/)?[a-z0-9.-]+(:\d+)?\/?$/i, {
      message: "must be a host name such as meet.example.com, or an origin such as http://127.0.0.1:8443 (no path)",
    })
    .default("meet.jit.si"),
  /** The firm's own scheduler; unset = the site's built-in booking form (decision 0078). */
  BOOKING_URL: z.url({ message: "must be a URL" }).optional(),
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^\+?\d{6,15}$/, { message: "must be a phone number in international form, digits only, such as 16045550100" })
    .default("16045550100"),
  MAP_EMBED_URL: z
    .url({ message: "must be a URL" })
    .default("https://www.openstreetmap.org/export/embed.html?bbox=-123.1245%2C49.2805%2C-123.1125%2C49.2865&layer=mapnik&marker=49.2835%2C-123.1185"),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { message: "must start with smtp:// or smtps://" }).optional(),
  MAIL_FROM: z.string().optional(),
  CONTACT_NOTIFY_TO: z.string().optional(),
  CONTACT_RATE_LIMIT: z.coerce.number({ message: "must be a whole number" }).int().min(1).default(10),
  // Newsletter mails a minute, all instances together (decision 0081): a shared SMTP relay is not flooded.
  MAIL_RATE_PER_MINUTE: z.coerce.number({ message: "must be a whole number of mails a minute" }).int().min(1, { message: "must be at least 1" }).max(6000, { message: "must be at most 6000" }).default(60),
  /** Consultations booked per address per hour (decision 0078). */
  BOOKING_RATE_LIMIT: z.coerce.number({ message: "must be a whole number" }).int().min(1).default(5),
  /** Requests to GET /api/consultations/slots per address per minute (decision 0076; the load bench raises it). */
  SLOTS_RATE_LIMIT: z.coerce.number({ message: "must be a whole number" }).int().min(1).default(60),
  SEED_DEMO: flag.default(true),
  // Stored pages answered before the framework; false sends them through Express as well (to compare the two).
  PAGE_CACHE_FAST_PATH: flag.default(true),
  // Tests only (decision 0031): the schedule's clock starts at this instant instead of the machine's time.
  TEST_CLOCK_START: z
    .string()
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)) && isCalendarDay(v.slice(0, 10)), {
      message: "must be a date and time with its zone, such as 2025-03-04T08:59:55Z",
    })
    .optional(),
  // Tests only (decision 0052): downloads of addresses from data (featured images, the AI's image
  // URL) may use http and loopback addresses, where the tests' fake servers listen. Refused in production.
  OUTSIDE_FETCH_ALLOW_LOOPBACK: flag.default(false),
  // Visit statistics (decision 0082): counted by the server (default), by a beacon from the page
  // script (behind a CDN that answers cached pages itself), or not at all.
  STATS_MODE: z.enum(["server", "beacon", "off"], { message: "must be server, beacon or off" }).default("server"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, "SITE_URL" | "SESSION_SECRET" | "DATA_DIR" | "ENCRYPTION_KEY"> {
  DATA_DIR: string;
  SITE_URL: string;
  SESSION_SECRET: string;
  /** The key that seals stored secrets (core/secrets.ts): ENCRYPTION_KEY, or generated once into DATA_DIR. */
  ENCRYPTION_KEY: string;
  /** Whether cookies must be Secure (SITE_URL is https). */
  secureCookies: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

/** Parse the environment; every problem becomes one line naming its variable. */
export function parseEnv(env: Record<string, string | undefined>): Env {
  // An empty string means "unset" (as in an .env file with KEY=).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `Invalid ${String(issue.path[0])}: ${issue.message}`));
  }
  if (result.data.OUTSIDE_FETCH_ALLOW_LOOPBACK && result.data.NODE_ENV === "production") {
    throw new ConfigError([
      "Invalid OUTSIDE_FETCH_ALLOW_LOOPBACK: it is for tests only and cannot be set with NODE_ENV=production (it would let the server download from its own machine). Remove it.",
    ]);
  }
  return result.data;
}

/**
 * The whole configuration: the environment plus what is derived from it. DATA_DIR is created
 * (or tightened) owner-only, see data-dir.ts. A missing SESSION_SECRET is generated once into
 * DATA_DIR so restarts keep sessions valid.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  notice: (message: string) => void = () => {},
): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  // Owner-only (0700 folders, 0600 files), also for what the embedded database writes later.
  try {
    prepareDataDir(dataDir);
  } catch (error) {
    if (error instanceof SharedDataDir) throw new ConfigError([error.message]);
    throw error;
  }
  const siteUrl = (parsed.SITE_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, "");
  const secret =
    parsed.SESSION_SECRET ??
    generatedSecret(dataDir, "session-secret", (file) =>
      notice(`SESSION_SECRET is not set: generated one into ${file}. Several instances must share an explicit SESSION_SECRET.`),
    );
  // Beside the session secret, never in the database: a stolen database or backup holds only sealed tokens.
  const encryptionKey =
    parsed.ENCRYPTION_KEY ??
    generatedSecret(dataDir, "encryption-key", (file) =>
      notice(`ENCRYPTION_KEY is not set: generated one into ${file}. Keep it with SESSION_SECRET; several instances must share an explicit ENCRYPTION_KEY.`),
    );
  return {
    ...parsed,
    DATA_DIR: dataDir,
    SITE_URL: siteUrl,
    SESSION_SECRET: secret,
    ENCRYPTION_KEY: encryptionKey,
    secureCookies: siteUrl.startsWith("https://"),
  };
}

/** A secret kept in a file of DATA_DIR (0600): read when there, else generated once and written. */
function generatedSecret(dataDir: string, name: string, onGenerated: (file: string) => void): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  onGenerated(file);
  return secret;
}
