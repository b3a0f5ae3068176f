import { useMemo } from "react";
import { useMatches, useRouteLoaderData } from "react-router";
import { interpolate } from "./lookup";
import { localizePath, type Lang } from "./languages";

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The page's language, from the root loader (which reads the URL). */
export function useLang(): Lang {
  const data = useRouteLoaderData("root") as { lang: Lang } | undefined;
  return data?.lang ?? "en";
}

/**
 * Text lookup for components: every matched route's loader may send `texts` (the layout
 * sends the chrome's, a page its own), and they merge here. A key nobody sent shows itself.
 */
export function useT(): Translate {
  const matches = useMatches();
  return useMemo(() => {
    const texts: Record<string, string> = {};
    for (const match of matches) {
      const data = match.loaderData as { texts?: Record<string, string> } | undefined;
      if (data?.texts) Object.assign(texts, data.texts);
    }
    return (key, vars) => interpolate(texts[key] ?? key, vars);
  }, [matches]);
}

/** Make an unprefixed site path point into the current language. */
export function useLocalizePath(): (path: string) => string {
  const lang = useLang();
  return (path) => localizePath(path, lang);
}
