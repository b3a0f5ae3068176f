import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { formPost, get } from "../helpers/admin-http";

/** Contact messages are limited per address; the suite sends many from one. */
export const RELIABILITY_ENV = { CONTACT_RATE_LIMIT: "1000000", LOG_LEVEL: "warn" };

export const ADMIN = { email: "reliability@example.test", password: "reliability passphrase 1" };

/** Texts the admin writers overwrite, one per writer, so the last acknowledged save of each is known. */
export const SAVED_KEYS = ["contact-hours-weekday", "contact-hours-weekend", "contact-hours-emergency"];

export async function postContact(base: string, email: string): Promise<boolean> {
  const answer = await formPost(`${base}/contact`, { name: "Reliability Visitor", email, phone: "", subject: "Reliability", message: `Message from ${email}.` });
  await answer.arrayBuffer();
  return answer.status === 200;
}

/** One save of the Website Content tab, as its form posts it; true when the server acknowledged it. */
export async function saveText(base: string, cookie: string, key: string, value: string): Promise<{ ok: boolean; status: number }> {
  const answer = await formPost(`${base}/admin/dashboard/content`, { key, content: value, content_fa: `${value} fa`, content_zh: `${value} zh` }, { cookie });
  await answer.arrayBuffer();
  return { ok: answer.status === 200, status: answer.status };
}

export const PUBLIC_PAGES = ["/", "/fa", "/zh", "/about", "/fa/about", "/zh/team", "/team", "/fa/blog", "/blog", "/zh/contact", "/contact", "/practice-areas"];

/** Resident set size of a process in bytes (Linux), or 0 when it is gone. */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export interface LatencyStats {
  requests: number;
  errors: number;
  serverErrors: number;
  p50: number;
  p99: number;
  byKind: Record<string, number>;
}

/**
 * A query string no public page reads, as links from campaigns, social sites and probes carry:
 * ?q=<random>, utm_* with random values, click ids, or a random unknown key (decision 0053).
 */
export function randomQuery(n: number): string {
  const value = () => Math.random().toString(36).slice(2, 12);
  switch (n % 4) {
    case 0:
      return `q=${value()}`;
    case 1:
      return `utm_source=${value()}&utm_medium=email&utm_campaign=${value()}`;
    case 2:
      return `fbclid=${value()}&gclid=${value()}`;
    default:
      return `${value()}=${value()}`;
  }
}

/**
 * Mixed traffic from `workers` concurrent loops until `until` (ms epoch): public pages in three
 * languages (most of it), contact posts and admin saves (`pagesOnly`: pages alone). With
 * `randomQueries`, one request in five is a public page with a random query string
 * (randomQuery). Latencies in ms.
 */
export async function mixedTraffic(
  base: string,
  cookie: string,
  until: number,
  workers = 6,
  onStatus?: (status: number, path: string) => void,
  options: { randomQueries?: boolean; pagesOnly?: boolean } = {},
): Promise<LatencyStats> {
  const latencies: number[] = [];
  let errors = 0;
  let serverErrors = 0;
  const byKind: Record<string, number> = { page: 0, contact: 0, save: 0, query: 0 };
  let n = 0;
  const worker = async (w: number) => {
    while (Date.now() < until) {
      n += 1;
      const roll = n % 20;
      const started = performance.now();
      let status = 0;
      let path = "";
      try {
        if (roll === 0 && !options.pagesOnly) {
          path = "/contact";
          const answer = await formPost(`${base}${path}`, { name: "Load Visitor", email: `load-${w}-${n}@example.test`, phone: "", subject: "Load", message: "Mixed traffic message." });
          await answer.arrayBuffer();
          status = answer.status;
          byKind.contact += 1;
        } else if (roll === 10 && !options.pagesOnly) {
          path = "/admin/dashboard/content";
          status = (await saveText(base, cookie, SAVED_KEYS[w % SAVED_KEYS.length], `Load save ${n}`)).status;
          byKind.save += 1;
        } else if (options.randomQueries && roll % 5 === 1) {
          // Rolls 1, 6, 11 and 16: a fifth of all requests.
          path = `${PUBLIC_PAGES[n % PUBLIC_PAGES.length]}?${randomQuery(n)}`;
          const answer = await get(`${base}${path}`, undefined, { "Accept-Encoding": "br, gzip" });
          await answer.arrayBuffer();
          status = answer.status;
          byKind.query += 1;
        } else {
          path = PUBLIC_PAGES[n % PUBLIC_PAGES.length];
          const answer = await get(`${base}${path}`, undefined, { "Accept-Encoding": "br, gzip" });
          await answer.arrayBuffer();
          status = answer.status;
          byKind.page += 1;
        }
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
      if (status >= 500) serverErrors += 1;
      else if (status !== 200) errors += 1;
      onStatus?.(status, path);
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 10) / 10;
  return { requests: latencies.length, errors, serverErrors, p50: at(0.5), p99: at(0.99), byKind };
}

/** Where the suite writes its figures (docs/reliability.md quotes them). */
export function writeFigures(name: string, figures: unknown): void {
  const dir = process.env.RELIABILITY_OUT ?? "reliability-results";
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/${name}.json`, JSON.stringify(figures, null, 2) + "\n");
  console.log(`${name}: ${JSON.stringify(figures)}`);
}
