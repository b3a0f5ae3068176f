import { useMatches } from "react-router";

/**
 * A route that needs React in the browser says so: `export const handle = HYDRATE;` (decision
 * 0039). The root renders React Router's scripts only when a matched route does; every other page
 * is server HTML with one small script of its own (app/document/page-script.ts).
 */
export const HYDRATE = { hydrate: true } as const;

/** Whether any route of the page being rendered asks for React in the browser. */
export function useHydrates(): boolean {
  return useMatches().some((match) => (match.handle as { hydrate?: unknown } | undefined)?.hydrate === true);
}
