import { describe, expect, it } from "vitest";
import { adminHome } from "~/auth/tabs";
import { can, canonicalRole, CLIENT_RECORD_PERMISSIONS, PERMISSIONS, permissionsOf, refusal, ROLE_PERMISSIONS, ROLES, seesClientRecords, type Permission } from "~/auth/roles";

describe("the role table (decisions 0066, 0090)", () => {
  it("has the four roles, admin first", () => {
    expect(ROLES).toEqual(["admin", "lawyer", "intake", "editor"]);
  });

  it("gives an admin everything, and an editor no client record, staff, settings, exports, audit or sign-off", () => {
    expect([...permissionsOf(["admin"])].sort()).toEqual(Object.keys(PERMISSIONS).sort());
    for (const denied of ["staff.manage", "automation.settings", "instagram.settings", "newsletter.settings", "inbox.export", "audit.read", "changes.publish", ...CLIENT_RECORD_PERMISSIONS] as Permission[]) {
      expect(can(["editor"], denied), denied).toBe(false);
    }
    for (const allowed of ["posts.edit", "posts.publish", "content.edit", "team.edit", "topics.manage", "media.upload"] as Permission[]) {
      expect(can(["editor"], allowed), allowed).toBe(true);
    }
    expect(seesClientRecords(["editor"])).toBe(false);
  });

  it("makes a lawyer an editor plus the sign-off, the statistics and the clients (no exports, no settings)", () => {
    expect([...permissionsOf(["lawyer"])].sort()).toEqual(
      [...ROLE_PERMISSIONS.editor, "changes.publish", "stats.read", "inbox.read", "inbox.handle", "consultations.read", "consultations.handle"].sort(),
    );
    expect(can(["lawyer"], "inbox.export")).toBe(false);
    expect(can(["lawyer"], "consultations.settings")).toBe(false);
    expect(can(["lawyer"], "instagram.settings")).toBe(false);
    expect(can(["lawyer"], "newsletter.settings")).toBe(false);
    expect(seesClientRecords(["lawyer"])).toBe(true);
  });

  it("lets intake read and handle enquiries and bookings, and nothing of content, publishing or exports", () => {
    expect([...permissionsOf(["intake"])].sort()).toEqual(["consultations.handle", "consultations.read", "dashboard.open", "inbox.handle", "inbox.read"]);
    for (const denied of ["posts.edit", "posts.publish", "changes.publish", "content.edit", "team.edit", "topics.manage", "media.upload", "inbox.export", "stats.read"] as Permission[]) {
      expect(can(["intake"], denied), denied).toBe(false);
    }
    expect(seesClientRecords(["intake"])).toBe(true);
    expect(seesClientRecords(["admin"])).toBe(true);
  });

  it("gives a user with several roles the union", () => {
    expect(can(["editor", "lawyer"], "changes.publish")).toBe(true);
    expect(can(["editor", "intake"], "inbox.read")).toBe(true);
    expect(can(["editor", "intake"], "posts.edit")).toBe(true);
    expect(seesClientRecords(["editor", "intake"])).toBe(true);
  });

  it("grants nothing for no role or a role name it does not know", () => {
    expect(permissionsOf([]).size).toBe(0);
    expect(permissionsOf(["owner", "constructor", "__proto__", "toString"]).size).toBe(0);
    expect(seesClientRecords([])).toBe(false);
  });

  it("says which role cannot do what", () => {
    expect(refusal(["editor"], "inbox.read")).toBe("Your role (editor) cannot read the inbox.");
    expect(refusal(["editor", "intake"], "staff.manage")).toBe("Your roles (editor, intake) cannot manage staff accounts.");
  });

  it("lands each role on the first tab it may open: intake on the inbox, the others on the blog posts", () => {
    expect(adminHome(["admin"])).toBe("/admin/dashboard");
    expect(adminHome(["lawyer"])).toBe("/admin/dashboard");
    expect(adminHome(["editor"])).toBe("/admin/dashboard");
    expect(adminHome(["intake"])).toBe("/admin/dashboard/inbox");
    expect(adminHome([])).toBe("/admin/dashboard/account");
  });
});

describe("the old role name", () => {
  it("takes reviewer as the lawyer's alias, as ARCHITECTURE.md promises, and nothing else as an alias", () => {
    expect(canonicalRole("reviewer")).toBe("lawyer");
    expect(canonicalRole("editor")).toBe("editor");
    expect(canonicalRole("constructor")).toBe("constructor");
    expect([...permissionsOf(["reviewer"])].sort()).toEqual([...permissionsOf(["lawyer"])].sort());
    expect(seesClientRecords(["reviewer"])).toBe(true);
  });
});
