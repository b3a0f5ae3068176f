import { effectivePermissions, type Role } from "~/auth/roles";
import type { AdminUser } from "~/auth/guard.server";

/** A staff member of one role as the admin's guard hands it to an action, with sign-off required. */
export const staffUser = (id: string, name: string, role: Role): AdminUser => ({
  id,
  email: `${id}@example.com`,
  name,
  roles: [role],
  permissions: [...effectivePermissions([role], { signOffRequired: true })],
});
