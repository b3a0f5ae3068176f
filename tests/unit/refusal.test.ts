import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ImageRejected, TOO_LARGE } from "../../core/media";
import { AdminError, describeFailure, refuse } from "../../app/changes/errors.server";
import { defineMessages, REFUSAL_STATUS, refusal, renderRefusal, sentence, type MessageKey } from "../../app/changes/refusal";
import { refusal as roleRefusal } from "../../app/auth/roles";
import { STAFF_MESSAGES } from "../../app/staff/staff.server";

/** Refusals as data (decision 0101): one mapping from kinds to statuses, one renderer of sentences. */

const M = defineMessages("refusal-test", {
  plain: "That cannot be done.",
  withValues: "Consultation #{id} on {day} is still ahead.",
});

describe("refusals as data", () => {
  it("maps every kind to its one HTTP status", () => {
    expect(REFUSAL_STATUS).toEqual({
      invalid: 400,
      forbidden: 403,
      "not-found": 404,
      conflict: 409,
      "too-large": 413,
      "unsupported-type": 415,
      "rate-limited": 429,
      "outside-failed": 502,
      unavailable: 503,
    });
    for (const [kind, status] of Object.entries(REFUSAL_STATUS)) {
      expect(renderRefusal(refusal(kind as keyof typeof REFUSAL_STATUS, M.plain)).status).toBe(status);
    }
  });

  it("renders a key's sentence with its values, and shows it beside the fields it names", () => {
    expect(renderRefusal(refusal("conflict", M.withValues, { id: 12, day: "2026-12-01" }, ["confirm"]))).toEqual({
      status: 409,
      reason: "Consultation #12 on 2026-12-01 is still ahead.",
      fieldErrors: { confirm: "Consultation #12 on 2026-12-01 is still ahead." },
    });
    expect(renderRefusal(refusal("invalid", M.plain))).toEqual({ status: 400, reason: "That cannot be done." });
  });

  it("a refusal may give a field a sentence of its own, rendered with the same values", () => {
    const F = defineMessages("refusal-test-fields", { many: "At most {max} dates; remove past ones first.", manyField: "At most {max} dates." });
    expect(renderRefusal(refusal("invalid", F.many, { max: 3 }, { day: F.manyField }))).toEqual({
      status: 400,
      reason: "At most 3 dates; remove past ones first.",
      fieldErrors: { day: "At most 3 dates." },
    });
  });

  it("refuses to render an undeclared key or a sentence without its values, and a key declared twice differently", () => {
    expect(() => sentence("refusal-test.nothing" as MessageKey)).toThrow(/No sentence/);
    expect(() => sentence(M.withValues, { id: 1 })).toThrow(/needs the value day/);
    expect(() => defineMessages("refusal-test", { plain: "Another sentence." })).toThrow(/declared twice/);
    expect(defineMessages("refusal-test", { plain: "That cannot be done." }).plain).toBe(M.plain);
  });

  it("an admin action answers a thrown refusal with its kind's status and its sentence", () => {
    const error = refuse("not-found", M.plain);
    expect(error).toBeInstanceOf(AdminError);
    expect(error.refusal).toEqual({ kind: "not-found", key: M.plain });
    expect(describeFailure(error)).toEqual({ status: 404, reason: "That cannot be done.", fieldErrors: undefined });
    // The older form still answers as before, for the modules not converted yet.
    expect(describeFailure(new AdminError("Old sentence.", 409, { title: "Old sentence." }))).toEqual({ status: 409, reason: "Old sentence.", fieldErrors: { title: "Old sentence." } });
  });

  it("an image refused as too large answers 413 by its kind, never by its sentence", () => {
    expect(describeFailure(new ImageRejected(TOO_LARGE, "too-large"))?.status).toBe(413);
    expect(describeFailure(new ImageRejected("The file is empty."))?.status).toBe(400);
    // The same sentence with another kind is not taken for "too large".
    expect(describeFailure(new ImageRejected(TOO_LARGE))?.status).toBe(400);
  });

  it("converted modules' sentences are the ones they always were", () => {
    expect(sentence(STAFF_MESSAGES.chooseRole, { roles: "admin, lawyer" })).toBe("Choose one of: admin, lawyer.");
    expect(roleRefusal(["editor"], "inbox.read")).toMatch(/^Your role \(editor\) cannot .+\.$/);
  });

  it("no module builds an AdminError from a sentence and a status: every one refuses by kind and key", () => {
    // Every folder of app/ (all are converted); a new one is held to it without being listed here.
    const converted = readdirSync("app", { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(converted).toEqual(expect.arrayContaining(["auth", "staff", "revisions", "blog", "team", "content", "booking", "instagram", "automation", "review", "publishing", "admin"]));
    const offenders: string[] = [];
    for (const folder of converted) {
      const dir = path.join("app", folder);
      for (const file of readdirSync(dir, { recursive: true }) as string[]) {
        if (!/\.tsx?$/.test(file) || `${folder}/${file}` === "changes/errors.server.ts") continue;
        const source = readFileSync(path.join(dir, file), "utf8");
        if (/new (AdminError|NotFound)\(/.test(source)) offenders.push(`${folder}/${file}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
