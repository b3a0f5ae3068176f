import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, permissionsOf, refusal, ROLE_PERMISSIONS, type Permission } from "~/auth/roles";

describe("the role table (decision 0066)", () => {
  it("gives an admin everything, and an editor none of staff, settings, exports, audit or sign-off", () => {
    expect([...permissionsOf(["admin"])].sort()).toEqual(Object.keys(PERMISSIONS).sort());
    for (const denied of ["staff.manage", "automation.settings", "instagram.settings", "newsletter.settings", "inbox.export", "audit.read", "changes.publish"] as Permission[]) {
      expect(can(["editor"], denied), denied).toBe(false);
    }
    for (const allowed of ["posts.edit", "posts.publish", "content.edit", "team.edit", "topics.manage", "inbox.read"] as Permission[]) {
      expect(can(["editor"], allowed), allowed).toBe(true);
    }
  });

  it("makes a reviewer an editor plus the sign-off and the statistics, and a user with several roles gets the union", () => {
    expect([...permissionsOf(["reviewer"])].sort()).toEqual([...ROLE_PERMISSIONS.editor, "changes.publish", "stats.read"].sort());
    expect(can(["editor"], "stats.read")).toBe(false);
    expect(can(["admin"], "stats.read")).toBe(true);
    expect(can(["editor", "reviewer"], "changes.publish")).toBe(true);
    expect(can(["reviewer"], "instagram.settings")).toBe(false);
    expect(can(["reviewer"], "newsletter.settings")).toBe(false);
  });

  it("grants nothing for no role or a role name it does not know", () => {
    expect(permissionsOf([]).size).toBe(0);
    expect(permissionsOf(["owner", "constructor", "__proto__"]).size).toBe(0);
  });

  it("says which role cannot do what", () => {
    expect(refusal(["editor"], "inbox.export")).toBe("Your role (editor) cannot export the inbox.");
    expect(refusal(["editor", "reviewer"], "staff.manage")).toBe("Your roles (editor, reviewer) cannot manage staff accounts.");
  });
});
