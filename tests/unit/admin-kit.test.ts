import { describe, expect, it, vi } from "vitest";
import { redirect } from "react-router";
import { z } from "zod";

// The staff check itself is tested over HTTP (admin-access.test.ts, admin-roles.test.ts); here a
// request is an admin's unless a test makes it an editor's.
const signedIn = vi.hoisted(() => ({ roles: ["admin"] as string[] }));
// The guard's real permission check (userCan); only the request's user is made up.
vi.mock("../../app/auth/guard.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../app/auth/guard.server")>()),
  requireActionPermission: vi.fn(async () => ({ id: "admin-1", email: "admin@example.test", name: "Admin", roles: signedIn.roles })),
}));

const { adminAction, intent } = await import("~/admin/kit/action.server");
const { AdminError, NotFound, describeFailure, SERVER_FAILURE } = await import("~/changes/errors.server");
const { fieldErrors } = await import("~/changes/field-errors");
const { parseId } = await import("~/admin/kit/ids");
const { BadForm } = await import("~/form-data.server");
const { ImageRejected, TOO_LARGE } = await import("../../core/media");

const log = { error: vi.fn() };
const context = { services: { log } } as never;

function post(fields: Record<string, string>, type = "application/x-www-form-urlencoded"): Request {
  return new Request("http://localhost/admin/x", { method: "POST", body: type.startsWith("application/x-www") ? new URLSearchParams(fields) : JSON.stringify(fields), headers: { "Content-Type": type } });
}

/** What an action answered: its status and body (a data() answer or a Response). */
async function answer(result: unknown): Promise<{ status: number; body: unknown }> {
  if (result instanceof Response) return { status: result.status, body: null };
  const { data, init } = result as { data: unknown; init: { status?: number } | null };
  return { status: init?.status ?? 200, body: data };
}

const action = adminAction({
  rename: intent({
    failure: "Failed to rename",
    schema: z.object({ id: z.coerce.number().int().positive("Unknown item."), name: z.string().trim().min(1, "Name is required") }),
    run: async ({ input }) => {
      if (input.id === 404) throw new NotFound("This item no longer exists.");
      if (input.id === 409) throw new AdminError("Someone else changed it.", 409);
      if (input.id === 500) throw new Error("database on fire");
      return { id: input.id, name: input.name };
    },
  }),
  leave: intent({ failure: "Failed to leave", run: async () => redirect("/elsewhere") }),
  settle: intent({ failure: "Failed to settle", permission: "automation.settings", run: async () => ({ settled: true }) }),
}, { permission: "posts.edit" });
const run = (request: Request) => action({ request, context, params: {} }).then(answer);

describe("admin kit: one action helper and one result type", () => {
  it("checks each intent's permission (or the tab's) before anything runs, with the role's refusal", async () => {
    expect(await run(post({ intent: "settle" }))).toEqual({ status: 200, body: { ok: true, intent: "settle", settled: true } });
    signedIn.roles = ["editor"];
    try {
      expect(await run(post({ intent: "settle" }))).toEqual({
        status: 403,
        body: { ok: false, intent: "settle", error: "Failed to settle", reason: "Your role (editor) cannot change the automation settings." },
      });
      // The tab's permission applies to intents without their own: an editor may edit posts.
      expect(await run(post({ intent: "rename", id: "7", name: "x" }))).toMatchObject({ status: 200 });
    } finally {
      signedIn.roles = ["admin"];
    }
  });

  it("answers a success with its intent and the handler's data", async () => {
    expect(await run(post({ intent: "rename", id: "7", name: "  New name " }))).toEqual({ status: 200, body: { ok: true, intent: "rename", id: 7, name: "New name" } });
  });

  it("refuses fields with the intent's title, the first reason and each field's message, before the handler runs", async () => {
    expect(await run(post({ intent: "rename", id: "-3", name: " " }))).toEqual({
      status: 400,
      body: { ok: false, intent: "rename", error: "Failed to rename", reason: "Unknown item.", fieldErrors: { id: "Unknown item.", name: "Name is required" } },
    });
  });

  it("turns typed refusals into their status and message, and a fault into a logged 500", async () => {
    expect(await run(post({ intent: "rename", id: "404", name: "x" }))).toMatchObject({ status: 404, body: { ok: false, error: "Failed to rename", reason: "This item no longer exists." } });
    expect(await run(post({ intent: "rename", id: "409", name: "x" }))).toMatchObject({ status: 409, body: { reason: "Someone else changed it." } });
    log.error.mockClear();
    expect(await run(post({ intent: "rename", id: "500", name: "x" }))).toMatchObject({ status: 500, body: { ok: false, intent: "rename", reason: SERVER_FAILURE } });
    expect(log.error).toHaveBeenCalledOnce();
    expect(JSON.stringify(await run(post({ intent: "rename", id: "500", name: "x" })))).not.toContain("on fire");
  });

  it("answers an unknown intent and a body that is not a form without running anything", async () => {
    expect(await run(post({ intent: "explode" }))).toEqual({ status: 400, body: { ok: false, intent: "unknown", error: "The request was not understood.", reason: "Unknown action." } });
    expect(await run(post({ intent: "constructor" }))).toMatchObject({ status: 400, body: { intent: "unknown" } });
    expect(await run(post({ intent: "rename" }, "application/json"))).toMatchObject({ status: 415, body: { ok: false, intent: "unknown" } });
  });

  it("passes a handler's redirect through", async () => {
    const result = await action({ request: post({ intent: "leave" }), context, params: {} });
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe("/elsewhere");
  });
});

describe("admin kit: refusals mapped in one place", () => {
  it("keeps each refusal's status and message", () => {
    expect(describeFailure(new AdminError("No."))).toEqual({ status: 400, reason: "No.", fieldErrors: undefined });
    expect(describeFailure(new NotFound("Gone."))).toMatchObject({ status: 404, reason: "Gone." });
    expect(describeFailure(new BadForm(415, "Not a form."))).toEqual({ status: 415, reason: "Not a form." });
    expect(describeFailure(new ImageRejected("The file is not an image."))).toEqual({ status: 400, reason: "The file is not an image." });
    expect(describeFailure(new ImageRejected(TOO_LARGE, "too-large"))).toEqual({ status: 413, reason: "The image is larger than 8 MB." });
  });

  it("names a Zod error's fields, by the form's own names where they differ", () => {
    const error = z.object({ texts: z.object({ bio: z.object({ fa: z.string().max(2, "Too long") }) }) }).safeParse({ texts: { bio: { fa: "abc" } } }).error!;
    expect(describeFailure(error)).toEqual({ status: 400, reason: "Too long", fieldErrors: { texts: "Too long" } });
    expect(fieldErrors(error, (path) => `${String(path[1])}_${String(path[2])}`)).toEqual({ bio_fa: "Too long" });
  });

  it("leaves faults to the caller", () => {
    expect(describeFailure(new Error("boom"))).toBeNull();
    expect(describeFailure("text")).toBeNull();
  });

  it("reads ids one way", () => {
    expect(["12", "0012", "2147483647"].map(parseId)).toEqual([12, 12, 2147483647]);
    expect(["", "0", "-1", "1e3", "12abc", "2147483648", undefined, 5].map(parseId)).toEqual([null, null, null, null, null, null, null, null]);
  });
});
