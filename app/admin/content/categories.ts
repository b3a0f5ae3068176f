/** How the Website Content tab groups and names content categories (SPEC 2.17). */

export interface CategoryGroup {
  id: string;
  title: string;
  categories: string[];
  /** Open when the tab loads. */
  defaultOpen: boolean;
}

const BASE_GROUPS: CategoryGroup[] = [
  { id: "general", title: "General Pages", categories: ["home", "about", "contact", "team"], defaultOpen: true },
  {
    id: "practice",
    title: "Practice Areas",
    categories: ["practice-areas", "professional-negligence", "family-law", "immigration-law", "civil-litigation"],
    defaultOpen: true,
  },
  { id: "chrome", title: "Navigation & Footer", categories: ["navigation", "footer"], defaultOpen: false },
  {
    id: "other",
    title: "Other Pages",
    categories: ["video-consultation", "why-choose-us", "blog", "common", "privacy", "virtual-consultation"],
    defaultOpen: false,
  },
];

/** The spec's groups, with any category not named there (e.g. 'uncategorized') added to Other Pages. */
export function categoryGroups(present: Iterable<string>): CategoryGroup[] {
  const known = new Set(BASE_GROUPS.flatMap((g) => g.categories));
  const extra = [...new Set(present)].filter((c) => !known.has(c)).sort();
  return BASE_GROUPS.map((g) => (g.id === "other" ? { ...g, categories: [...g.categories, ...extra] } : g));
}

/** The public page that shows a category's texts (for the 'View page' link). */
export const CATEGORY_PAGES: Readonly<Record<string, string>> = {
  home: "/",
  about: "/about",
  contact: "/contact",
  team: "/team",
  "practice-areas": "/practice-areas",
  "professional-negligence": "/practice-areas/professional-negligence",
  "family-law": "/practice-areas/family",
  "immigration-law": "/practice-areas/immigration",
  "civil-litigation": "/practice-areas/civil-litigation",
  "video-consultation": "/video-consultation",
  blog: "/blog",
};

const SPECIAL_NAMES: Readonly<Record<string, string>> = {
  "why-choose-us": "Why Choose Us",
  common: "Common (shared texts)",
};

/** 'family-law' -> 'Family Law'. */
export function categoryName(category: string): string {
  return (
    SPECIAL_NAMES[category] ??
    category
      .split(/[-_.\s]+/)
      .filter(Boolean)
      .map((word) => word[0].toUpperCase() + word.slice(1))
      .join(" ")
  );
}
