/**
 * RFC 8058 one-click unsubscribe (decision 0081) on the site's own Express router: a POST with
 * `List-Unsubscribe=One-Click`, no session and another site's Origin, removes the address; the
 * answer is the same for an unknown token and a second POST; a GET changes nothing; any other
 * body is refused.
 */
import { createServer, type Server } from "node:http";
import express from "express";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../db/schema";
import { seedDatabase } from "../../server/seed";
import { oneClickUnsubscribe } from "../../server/one-click-unsubscribe";
import { newToken } from "~/newsletter/subscribers.server";
import type { Services } from "~/services";
import { openTestDatabase } from "../helpers/db";

let test: Awaited<ReturnType<typeof openTestDatabase>>;
let server: Server;
let base: string;

beforeAll(async () => {
  test = await openTestDatabase();
  await seedDatabase(test.database.db, { demo: false });
  const app = express();
  app.use(oneClickUnsubscribe({ db: test.database.db } as unknown as Services));
  server = createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await test?.drop();
});

const post = (token: string, body = "List-Unsubscribe=One-Click", type = "application/x-www-form-urlencoded") =>
  fetch(`${base}/newsletter/one-click?token=${token}`, { method: "POST", body, headers: { "Content-Type": type, Origin: "https://mail.example" }, redirect: "manual" });

describe("one-click unsubscribe", () => {
  it("unsubscribes with the one-click body, without a session, and answers unknown tokens and repeats the same", async () => {
    const token = newToken();
    await test.database.db.insert(newsletterSubscribers).values({ email: "one@example.com", language: "en", confirmToken: newToken(), unsubscribeToken: token, confirmedAt: new Date() });
    const onList = async () => (await test.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "one@example.com"))).length;

    // A GET (a client without one-click) only redirects to the page with the button.
    const got = await fetch(`${base}/newsletter/one-click?token=${token}`, { redirect: "manual" });
    expect(got.status).toBe(303);
    expect(got.headers.get("location")).toBe(`/newsletter/unsubscribe?token=${token}`);
    expect(await onList()).toBe(1);

    // Another body is not a one-click request.
    expect((await post(token, "List-Unsubscribe=Yes")).status).toBe(400);
    expect(await onList()).toBe(1);

    const first = await post(token);
    expect(first.status).toBe(200);
    const answer = await first.text();
    expect(await onList()).toBe(0);
    const again = await post(token);
    expect([again.status, await again.text()]).toEqual([200, answer]);
    const unknown = await post(newToken());
    expect([unknown.status, await unknown.text()]).toEqual([200, answer]);
    const malformed = await post("nope");
    expect([malformed.status, await malformed.text()]).toEqual([200, answer]);
  });

  it("takes the multipart form of the body too", async () => {
    const token = newToken();
    await test.database.db.insert(newsletterSubscribers).values({ email: "multi@example.com", language: "fa", confirmToken: newToken(), unsubscribeToken: token, confirmedAt: new Date() });
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const answer = await fetch(`${base}/newsletter/one-click?token=${token}`, { method: "POST", body: form });
    expect(answer.status).toBe(200);
    expect(await test.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "multi@example.com"))).toHaveLength(0);
  });
});
