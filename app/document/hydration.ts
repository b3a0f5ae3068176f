import { useMatches } from "react-router";

/**
 * A route that needs React in the browser says so: `export const handle = { hydrate: true }`
 * (decision 0039; a literal in each route, so no shared chunk carries it). The root renders React
 * Router's scripts only when a matched route does; every other page is server HTML with one small
 * script of its own (app/document/page-script.ts).
 */
export interface RouteHandle {
  hydrate?: boolean;
}

/** Whether any route of the page being rendered asks for React in the browser. */
export function useHydrates(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}
