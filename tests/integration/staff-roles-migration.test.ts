import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { onDatabaseBefore } from "../helpers/migrations";

/**
 * The staff-roles migration (decision 0090) on a database with a reviewer, an account holding
 * both names, an editor and an open invitation as a reviewer: every stored "reviewer" becomes
 * "lawyer", nothing else changes.
 */
describe("migration staff_roles", () => {
  it("renames reviewer to lawyer in accounts and invitations", async () => {
    await onDatabaseBefore((tag) => tag.endsWith("_staff_roles"), async ({ client, db, index, migrateRest }) => {
      expect(index).toBeGreaterThan(0);
      await client.exec(`insert into users (id, name, email, email_verified) values
        ('u1', 'Rita', 'rita@example.test', true), ('u2', 'Both', 'both@example.test', true), ('u3', 'Ed', 'ed@example.test', true)`);
      await client.exec(`insert into user_roles (user_id, role) values ('u1', 'reviewer'), ('u2', 'reviewer'), ('u2', 'lawyer'), ('u3', 'editor')`);
      await client.exec(`insert into verifications (id, identifier, value, expires_at) values
        ('i1', 'staff-invite:new@example.test', '{"role":"reviewer","invitedById":"u1","invitedBy":"rita@example.test"}', now() + interval '1 day'),
        ('i2', 'staff-invite:ed2@example.test', '{"role":"editor","invitedById":"u1","invitedBy":"rita@example.test"}', now() + interval '1 day'),
        ('o1', 'something-else', 'reviewer', now() + interval '1 day')`);
      await migrateRest();
      const roles = await db.select({ userId: schema.userRoles.userId, role: schema.userRoles.role }).from(schema.userRoles);
      expect(roles.map((r) => `${r.userId}:${r.role}`).sort()).toEqual(["u1:lawyer", "u2:lawyer", "u3:editor"]);
      const rows = await db.select({ id: schema.verifications.id, value: schema.verifications.value }).from(schema.verifications);
      const byId = Object.fromEntries(rows.map((r) => [r.id, r.value]));
      expect(JSON.parse(byId.i1)).toEqual({ role: "lawyer", invitedById: "u1", invitedBy: "rita@example.test" });
      expect(JSON.parse(byId.i2).role).toBe("editor");
      expect(byId.o1).toBe("reviewer");
    });
  });
});
