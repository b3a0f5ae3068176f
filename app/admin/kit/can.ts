import { useRouteLoaderData } from "react-router";
import { can, type Permission } from "~/auth/roles";

/**
 * Whether the signed-in person's roles allow something, from the dashboard's loader data: only
 * to hide what they cannot do. The server checks every loader and action itself (decision 0066).
 */
export function useCan(permission: Permission): boolean {
  const data = useRouteLoaderData("routes/admin/dashboard") as { user?: { roles?: readonly string[] } } | undefined;
  return can(data?.user?.roles ?? [], permission);
}
