import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/seo/meta";

type Matches = Parameters<typeof pageMeta>[0];

/** How a public page's meta reads its texts (the content keys its loader returned). */
export interface TextsPageOptions {
  /** The title's and description's keys, where they are not `<page>-page-title` and `<page>-meta-description`. */
  keys?: { title: string; description: string };
  /** The key of the page's name in the breadcrumb trail (none: no BreadcrumbList). */
  breadcrumb?: string;
  /** What the title and breadcrumb read when the loader gave no texts (an error render). */
  fallback?: { title?: string; breadcrumb?: string };
}

/**
 * The meta of a public page at `path` (unprefixed) from its texts. The page's keys are named after
 * its path ("/privacy": privacy-page-title, privacy-meta-description; "/": home-...), as the
 * practice areas' are after their prefix.
 */
export function textsPageMeta(matches: Matches, texts: Record<string, string> | undefined, path: string, options: TextsPageOptions = {}): MetaDescriptor[] {
  const page = path === "/" ? "home" : path.slice(1);
  const keys = options.keys ?? { title: `${page}-page-title`, description: `${page}-meta-description` };
  const text = (key: string, fallback = "") => texts?.[key] ?? fallback;
  return pageMeta(matches, {
    title: text(keys.title, options.fallback?.title),
    description: text(keys.description),
    path,
    breadcrumbs: options.breadcrumb ? [{ name: text(options.breadcrumb, options.fallback?.breadcrumb), path }] : undefined,
  });
}
