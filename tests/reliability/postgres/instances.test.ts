import { randomBytes } from "node:crypto";
import { createServer, request, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../../app/auth/admin-users.server";
import { openDatabase } from "../../../db/client";
import { get, signInHttp } from "../../helpers/admin-http";
import { createTestDatabaseUrl, dropTestDatabase } from "../../helpers/db";
import { freePort, startSite, type SiteServer } from "../../helpers/server";
import { startSmtpFake, type SmtpFake } from "../../fakes/smtp";
import { ADMIN, RELIABILITY_ENV, postContact, saveText, writeFigures } from "../traffic";

/** A load balancer for the test: each request to the next instance in turn, Host kept, X-Forwarded-For set. */
function roundRobin(port: number) {
  const targets: URL[] = [];
  const served: number[] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    const index = next++ % targets.length;
    served[index] = (served[index] ?? 0) + 1;
    const target = targets[index];
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "" } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    served,
    listen: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Work shared between the instances goes through the job runner, whose claims (FOR UPDATE SKIP
 * LOCKED and leases) make each job run once whichever instance queued it. The outside services
 * the instances reach are fakes on loopback, started here and named in `env`: the SMTP peer now;
 * the daily AI post (issue 19, a fake AI and the clock) and the Instagram post (issue 20, a fake
 * Graph API) join here as further `it` blocks asserting one post each between the two instances.
 */
describe("two instances on one PostgreSQL behind a round-robin proxy", () => {
  let url: string;
  let first: SiteServer;
  let second: SiteServer;
  let proxy: ReturnType<typeof roundRobin>;
  let smtp: SmtpFake;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    smtp = await startSmtpFake();
    url = (await createTestDatabaseUrl())!;
    const setup = await openDatabase({ databaseUrl: url });
    await createOrPromoteAdmin(setup.db, ADMIN, { via: "test" });
    await setup.close();
    proxy = roundRobin(await freePort());
    // Instances behind one address share its SITE_URL and one SESSION_SECRET (docs/operations.md).
    const env = {
      ...RELIABILITY_ENV,
      DATABASE_URL: url,
      SITE_URL: proxy.url,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SEED_DEMO: "true",
      SMTP_URL: smtp.url,
      MAIL_FROM: "website@firm.example",
      CONTACT_NOTIFY_TO: "intake@firm.example",
    };
    [first, second] = await Promise.all([startSite(env), startSite(env)]);
    proxy.targets.push(new URL(first.url), new URL(second.url));
    await proxy.listen();
  });
  afterAll(async () => {
    writeFigures("instances", { requestsPerInstance: proxy?.served, ...figures });
    await proxy?.close();
    await Promise.all([first?.stop(), second?.stop()]);
    await smtp?.stop();
    if (url) await dropTestDatabase(url);
  });

  it("keeps a session made on one instance valid on the other", async () => {
    const cookie = await signInHttp(proxy.url, ADMIN.email, ADMIN.password);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await get(`${proxy.url}/admin/dashboard`, cookie)).status);
    expect(answers).toEqual([200, 200, 200, 200]);
    expect(proxy.served.every((count) => count >= 2)).toBe(true);
    for (const site of [first, second]) expect((await get(`${site.url}/admin/dashboard`, cookie)).status).toBe(200);
  });

  it("brings an edit saved on one instance to a page open on the other", async () => {
    const cookie = await signInHttp(proxy.url, ADMIN.email, ADMIN.password);
    const controller = new AbortController();
    const events = await fetch(`${second.url}/events`, { signal: controller.signal });
    const reader = events.body!.getReader();
    const heard = (async () => {
      let text = "";
      while (!text.includes("data: content")) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      return text;
    })();
    const before = await (await fetch(`${second.url}/contact`)).text();
    const marker = `Open ${randomBytes(4).toString("hex")} to 17:00`;
    expect(before).not.toContain(marker);

    // Saved on the first instance, with the Host the proxy would pass.
    const saved = await saveText(first.url, cookie, "contact-hours-weekday", marker);
    expect(saved.ok).toBe(true);
    expect(await heard).toContain("event: change\ndata: content");
    controller.abort();
    // The other instance's next page already has it (its cached page was dropped).
    expect(await (await fetch(`${second.url}/contact`)).text()).toContain(marker);
  });

  it("sends each contact notification once, whichever instance stored the message", async () => {
    const COUNT = 12;
    const senders = Array.from({ length: COUNT }, (_, i) => `visitor-${i}@example.com`);
    // Through the proxy: the messages are stored, and their mail jobs queued, by both instances in turn.
    const stored = await Promise.all(senders.map((email) => postContact(proxy.url, email)));
    expect(stored.every(Boolean)).toBe(true);
    await smtp.waitFor(COUNT, 120_000);
    // Both runners poll for queued jobs: time for a second sending, if there were one.
    await new Promise((r) => setTimeout(r, 6_000));
    const replyTos = smtp.received.map((mail) => /<([^>]+)>/.exec(mail.header("Reply-To") ?? "")?.[1]);
    expect(replyTos.sort()).toEqual(senders.sort());
    figures.contactMails = { stored: COUNT, mailed: smtp.received.length };
  });
});
