import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import { SECOND_FACTOR_OPTIONAL_WARNING } from "../../app/auth/second-factor-policy.server";
import { CONFIRM_BY_NAME } from "../../app/staff/staff.server";
import { conflictMatches, consultationBookings, contactSubmissions, jobs, newsletterSubscribers } from "../../db/schema";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp";
import { formPost, get, openDataDir, signInHttp } from "../helpers/admin-http";
import { copyPgliteTemplate } from "../helpers/pglite-template";
import { startSite, tempDir, type SiteServer } from "../helpers/server";
import { textOf } from "../helpers/html-text";

/**
 * Client confidentiality (issue 43, decisions 0090 and 0091) against one built server: every look
 * at a client record is an access entry the Audit tab finds by record, by client address and by
 * person; sensitive staff changes name the person and mail them; the Staff tab says who sees what;
 * and a production start with ADMIN_SECOND_FACTOR=optional says what it risks.
 */
const PASSWORD = "confidentiality passphrase";
const email = (who: string) => `conf-${who}@example.test`;
const ALICE = { name: "Alice Marchetti", email: "alice.client@example.test" };
const BRUNO = { name: "Bruno Okafor", email: "bruno.client@example.test" };

describe("client confidentiality: access entries, confirmed staff changes, who sees what", () => {
  const dataDir = tempDir("confidentiality-");
  let site: SiteServer | null = null;
  let smtp: SmtpFake;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number | string> = {};
  const url = (p: string) => `${site!.url}${p}`;
  /** The audit log as the admin exports it, filtered; one array of cells per entry (the CSV's own quoting undone). */
  const auditRows = async (query: string) => {
    const response = await get(url(`/admin/dashboard/audit/export?${query}`), cookies.admin);
    expect(response.status, query).toBe(200);
    const lines = (await response.text()).replace(/^\uFEFF/, "").trim().split("\r\n").slice(1);
    return lines.filter(Boolean).map((line) => {
      const cells: string[] = [];
      for (const match of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
        cells.push(match[1].startsWith('"') ? match[1].slice(1, -1).replaceAll('""', '"') : match[1]);
        if (match[2] === "") break;
      }
      return { person: cells[1], action: cells[2], entity: cells[3], entityId: cells[4], details: cells[5], session: cells[6] };
    });
  };

  beforeAll(async () => {
    smtp = await startSmtpFake();
    await copyPgliteTemplate(path.join(dataDir, "pglite"));
    const store = await openDataDir(dataDir);
    for (const role of ["admin", "lawyer", "intake", "editor"] as const) await createOrPromoteAdmin(store.db, { email: email(role), password: PASSWORD }, { via: "test", role });
    ids.target = (await createOrPromoteAdmin(store.db, { email: email("target"), password: PASSWORD, name: "Tara Target" }, { via: "test", role: "editor" })).userId;
    const [bruno] = await store.db.insert(contactSubmissions).values({ name: BRUNO.name, email: BRUNO.email, message: "Subject: Contract\n\nAbout my supplier." }).returning();
    const [alice] = await store.db.insert(contactSubmissions).values({ name: ALICE.name, email: ALICE.email, message: "Subject: Lease\n\nMy landlord, Bruno Okafor, kept the deposit." }).returning();
    // Alice names Bruno, who wrote before: her message carries the conflict hit on his.
    await store.db.insert(conflictMatches).values({ contactId: alice.id, name: BRUNO.name, source: "contact", recordId: bruno.id, matched: BRUNO.name, similarity: 1, reason: "same" });
    const start = new Date(Date.now() + 2 * 86_400_000);
    const [booking] = await store.db.insert(consultationBookings).values({ startsAt: start, endsAt: new Date(start.getTime() + 1_800_000), kind: "phone", name: ALICE.name, email: ALICE.email, description: "The deposit." }).returning();
    const [subscriber] = await store.db.insert(newsletterSubscribers).values({ email: ALICE.email, confirmedAt: new Date() }).returning();
    // A failed notification of Alice's message, whose error names her address (as a mail server's may).
    const [job] = await store.db.insert(jobs).values({ kind: "contact-notify", status: "failed", total: 1, failed: 1, message: `550 mailbox ${ALICE.email} unavailable` }).returning();
    Object.assign(ids, { alice: alice.id, bruno: bruno.id, booking: booking.id, subscriber: subscriber.id, job: job.id });
    await store.close();
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false", SMTP_URL: smtp.url, MAIL_FROM: "Firm Website <website@firm.example>" });
    for (const role of ["admin", "lawyer", "intake", "editor"]) cookies[role] = await signInHttp(site.url, email(role), PASSWORD);
  });

  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("warns at a production start with ADMIN_SECOND_FACTOR=optional, naming the risk", () => {
    // The test servers run with NODE_ENV=production and the opt-out (tests/helpers/server.ts).
    const line = site!.output().split("\n").find((l) => l.includes("ADMIN_SECOND_FACTOR=optional"));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 40, msg: SECOND_FACTOR_OPTIONAL_WARNING });
    expect(SECOND_FACTOR_OPTIONAL_WARNING).toContain("client");
  });

  it("records each look: the inbox, the consultations and an export, with who, which records, the conflict hit and the session", async () => {
    expect((await get(url("/admin/dashboard/inbox"), cookies.intake)).status).toBe(200);
    expect((await get(url("/admin/dashboard/consultations.data"), cookies.lawyer)).status).toBe(200);
    const csv = await get(url("/admin/dashboard/inbox/export/submissions"), cookies.admin);
    expect(await csv.text()).toContain(ALICE.email);
    // The editor is refused and so looks at nothing.
    expect((await get(url("/admin/dashboard/inbox"), cookies.editor)).status).toBe(403);

    const looks = await auditRows("entity=client_records");
    const inbox = looks.find((row) => row.person === email("intake") && row.action === "view");
    expect(inbox?.details).toBeDefined();
    const inboxDetails = JSON.parse(inbox!.details);
    expect(inboxDetails.where).toBe("inbox");
    expect(inboxDetails.records.contact).toEqual([ids.bruno, ids.alice].sort((a, b) => Number(a) - Number(b)));
    expect(inboxDetails.records.subscriber).toEqual([ids.subscriber]);
    expect(inboxDetails.conflictHits).toBe(1);
    expect(inbox!.session).toMatch(/^[0-9a-f]{8}$/);
    const consultations = looks.find((row) => row.person === email("lawyer"));
    expect(JSON.parse(consultations!.details).records).toEqual({ booking: [ids.booking] });
    // One record looked at: it is the entry's item.
    expect(consultations!.entityId).toBe(`booking:${ids.booking}`);
    const exported = looks.find((row) => row.person === email("admin") && row.action === "export");
    expect(JSON.parse(exported!.details)).toMatchObject({ rows: 2, records: { contact: expect.arrayContaining([ids.alice, ids.bruno]) } });
    expect(looks.some((row) => row.person === email("editor"))).toBe(false);
    // Names and addresses stay out of the log: ids only.
    expect(JSON.stringify(looks)).not.toContain(ALICE.email);
    expect(JSON.stringify(looks)).not.toContain(ALICE.name);
  });

  it("answers 'who has seen this person's message?' by record, by the client's address and by person", async () => {
    // Bruno's message was seen in the inbox (directly, and as Alice's conflict hit) and exported.
    const bruno = await auditRows(`record=contact:${ids.bruno}`);
    expect(new Set(bruno.map((row) => row.person))).toEqual(new Set([email("intake"), email("admin")]));
    // Alice's records: the message, the booking and the subscription, whoever saw any of them.
    const alice = await auditRows(`client=${encodeURIComponent(ALICE.email.toUpperCase())}`);
    expect(new Set(alice.map((row) => row.person))).toEqual(new Set([email("intake"), email("lawyer"), email("admin")]));
    // By person too: the lawyer saw the booking, not the messages.
    const [lawyer] = await get(url("/admin/dashboard/audit"), cookies.admin).then(async (r) => [await r.text()]);
    const lawyerId = new RegExp(`<option value="([^"]+)">${email("lawyer").replace(/\./g, "\\.")}</option>`).exec(lawyer)?.[1];
    expect(lawyerId).toBeDefined();
    expect(await auditRows(`person=${lawyerId}&record=contact:${ids.alice}`)).toEqual([]);
    expect((await auditRows(`person=${lawyerId}&record=booking:${ids.booking}`)).length).toBeGreaterThan(0);
    // An address with no record finds nothing; a malformed record is refused with a sentence.
    expect(await auditRows("client=nobody%40example.test")).toEqual([]);
    const bad = await get(url("/admin/dashboard/audit?record=contact:abc"), cookies.admin);
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain("Record must be contact:, booking: or subscriber: followed by its number");
    // The page shows the filters and the entries it found.
    const page = await (await get(url(`/admin/dashboard/audit?record=contact:${ids.bruno}`), cookies.admin)).text();
    expect(textOf(page)).toContain("Client record (e.g. contact:12)");
    const personCell = (who: string) => new RegExp(`<td[^>]*>${email(who).replace(/\./g, "\\.")}</td>`);
    expect(page).toMatch(personCell("intake"));
    expect(page).not.toMatch(personCell("lawyer"));
  });

  it("shows a job working on client records only to roles that see them (an editor: 403, nothing of the client)", async () => {
    const jobUrl = url(`/admin/jobs/${ids.job}`);
    const refused = await get(jobUrl, cookies.editor);
    expect(refused.status).toBe(403);
    const body = await refused.text();
    expect(body).toBe("Your role (editor) cannot read the inbox.");
    const dismissed = await formPost(jobUrl, { intent: "dismiss" }, { cookie: cookies.editor });
    expect(dismissed.status).toBe(403);
    expect(await dismissed.text()).not.toContain(ALICE.email);
    const lawyer = await get(`${jobUrl}`, cookies.lawyer);
    expect(lawyer.status).toBe(200);
    expect(await lawyer.text()).toContain(ALICE.email);
    const denied = await auditRows("action=access_denied");
    expect(denied.some((row) => row.person === email("editor") && row.entityId === `/admin/jobs/${ids.job}`)).toBe(true);
  });

  it("shows on the Staff tab, from the role table, who sees what", async () => {
    const html = await (await get(url("/admin/dashboard/staff"), cookies.admin)).text();
    expect(textOf(html)).toContain("Who sees what");
    const row = (permission: string) => {
      const found = new RegExp(`<tr data-permission="${permission.replace(".", "\\.")}"[^>]*>(.*?)</tr>`).exec(html);
      expect(found, permission).not.toBeNull();
      return [...found![1].matchAll(/<td[^>]*><span[^>]*>(Yes|No)<\/span><\/td>/g)].map((m) => m[1]);
    };
    // Columns: admin, lawyer, intake, editor.
    expect(row("inbox.read")).toEqual(["Yes", "Yes", "Yes", "No"]);
    expect(row("inbox.export")).toEqual(["Yes", "No", "No", "No"]);
    expect(row("posts.edit")).toEqual(["Yes", "Yes", "No", "Yes"]);
    expect(row("changes.publish")).toEqual(["Yes", "Yes", "No", "No"]);
  });

  it("refuses a sensitive staff change that does not name the person (400, nothing changed, no mail)", async () => {
    const before = smtp.received.length;
    for (const confirm of [undefined, "someone.else@example.test"]) {
      for (const fields of [{ intent: "change-role", role: "lawyer" }, { intent: "disable" }, { intent: "reset-second-factor" }] as Array<Record<string, string>>) {
        const response = await formPost(url("/admin/dashboard/staff.data"), { ...fields, userId: String(ids.target), ...(confirm ? { confirm } : {}) }, { cookie: cookies.admin });
        expect(response.status, `${fields.intent} confirm=${confirm}`).toBe(400);
        expect(await response.text()).toContain(CONFIRM_BY_NAME);
      }
    }
    // Nothing changed, as the Staff tab shows it: still an enabled editor.
    const html = await (await get(url("/admin/dashboard/staff"), cookies.admin)).text();
    const row = html.slice(html.indexOf("Tara Target"), html.indexOf("</tr>", html.indexOf("Tara Target")));
    expect(row).toMatch(/<option value="editor" selected="">editor<\/option>/);
    expect(textOf(row)).toContain("Enabled");
    await new Promise((r) => setTimeout(r, 1_500));
    expect(smtp.received.length).toBe(before);
  });

  it("mails the person what was done and by whom: a role change, disable, enable and a second factor's reset", async () => {
    const before = smtp.received.length;
    const act = (fields: Record<string, string>) => formPost(url("/admin/dashboard/staff.data"), { userId: String(ids.target), confirm: ` ${email("target").toUpperCase()} `, ...fields }, { cookie: cookies.admin });
    for (const fields of [{ intent: "change-role", role: "intake" }, { intent: "disable" }, { intent: "enable" }, { intent: "reset-second-factor" }] as Array<Record<string, string>>) {
      expect((await act(fields)).status, fields.intent).toBe(200);
    }
    const mails = (await smtp.waitFor(before + 4)).slice(before);
    expect(mails.every((mail) => mail.rcptTo.join() === email("target"))).toBe(true);
    const bySubject = Object.fromEntries(mails.map((mail) => [mail.header("Subject"), mail.text]));
    expect(Object.keys(bySubject).sort()).toEqual(["Your admin account was disabled", "Your admin account was enabled", "Your admin role was changed", "Your second factor was reset"]);
    expect(bySubject["Your admin role was changed"]).toContain(`${email("admin")} changed your role`);
    expect(bySubject["Your admin role was changed"]).toContain('from "editor" to "intake"');
    expect(bySubject["Your admin account was disabled"]).toContain(`${email("admin")} disabled your account`);
    expect(bySubject["Your second factor was reset"]).toContain(`${email("admin")} reset the second factor`);
  });
});
