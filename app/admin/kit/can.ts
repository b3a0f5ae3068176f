import { useRouteLoaderData } from "react-router";
import { can, type Permission } from "~/auth/roles";

/**
 * Whether the signed-in person's roles (under the staff policy) allow something, from the dashboard's loader data: only
 * to hide what they cannot do. The server checks every loader and action itself (decision 0066).
 */
export function useCan(permission: Permission): boolean {
  const data = useRouteLoaderData("routes/admin/dashboard") as { user?: { roles?: readonly string[]; permissions?: readonly string[] } } | undefined;
  // The guard's set, which follows the staff policy (decision 0070); the roles' table otherwise.
  const permissions = data?.user?.permissions;
  return permissions ? permissions.includes(permission) : can(data?.user?.roles ?? [], permission);
}
