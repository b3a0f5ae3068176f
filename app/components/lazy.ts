import { lazy, type ComponentType } from "react";

/**
 * A component whose code the browser fetches after the first paint (its HTML is already there
 * from the server). On the server it is resolved at start-up, so no render ever suspends on it:
 * every visitor and crawler, with or without JavaScript, gets the whole page inline.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyAfterPaint<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const component = lazy(load);
  if (import.meta.env.SSR) {
    // React.lazy starts loading on its first initialisation; do that now rather than mid-render.
    const handle = component as unknown as { _init: (payload: unknown) => unknown; _payload: unknown };
    try {
      handle._init(handle._payload);
    } catch {
      // The pending import is thrown as a promise; it settles long before the first request.
    }
  }
  return component;
}
