/**
 * Which paths are the admin area, in one place without the auth stack: the admin gate, the
 * security headers, the page cache and the body limits all ask this.
 */

/**
 * The route path a request is for: React Router's data requests add ".data" to the page's path
 * ("/contact.data" for a form posted with JavaScript, "/_root.data" for "/"), and a trailing
 * slash reaches the same route.
 */
export function routePathOf(pathname: string): string {
  let path = pathname;
  if (path.endsWith(".data")) {
    path = path.slice(0, -".data".length);
    if (path === "/_root") return "/";
    if (path.endsWith("/_")) path = path.slice(0, -1);
  }
  return path.length > 1 && path.endsWith("/") ? path.replace(/\/+$/, "") || "/" : path;
}

/** The private admin area: "/admin", "/admin/..." and their data requests ("/admin.data"); not "/administrator". */
export function isAdminPath(pathname: string): boolean {
  const path = routePathOf(pathname);
  return path === "/admin" || path.startsWith("/admin/");
}
