import { FileWarning, Globe2, Scale, Users, type LucideIcon } from "lucide-react";

/** The four practice areas: URL slug, content-key prefix of its page, content category, card texts. */
export interface PracticeArea {
  slug: "civil-litigation" | "immigration" | "family" | "professional-negligence";
  /** Prefix of the area page's own keys, e.g. "immigration-hero-title". */
  prefix: string;
  /** The content category holding the page's texts. */
  category: string;
  /** Card description (home and overview), category practice-areas. */
  descriptionKey: string;
  icon: LucideIcon;
}

export const PRACTICE_AREAS: readonly PracticeArea[] = [
  { slug: "civil-litigation", prefix: "civil-litigation", category: "civil-litigation", descriptionKey: "civil-litigation-description", icon: Scale },
  { slug: "immigration", prefix: "immigration", category: "immigration-law", descriptionKey: "immigration-law-description", icon: Globe2 },
  { slug: "family", prefix: "family", category: "family-law", descriptionKey: "family-law-description", icon: Users },
  {
    slug: "professional-negligence",
    prefix: "professional-negligence",
    category: "professional-negligence",
    descriptionKey: "professional-negligence-description",
    icon: FileWarning,
  },
];

export const areaPath = (area: Pick<PracticeArea, "slug">) => `/practice-areas/${area.slug}`;
export const areaTitleKey = (area: Pick<PracticeArea, "slug">) => `practice-areas-${area.slug}-title`;
export const areaImageAltKey = (area: Pick<PracticeArea, "slug">) => `practice-areas-${area.slug}-image-alt`;
export const areaCardServiceKey = (area: Pick<PracticeArea, "slug">, n: number) => `practice-areas-${area.slug}-service-${n}`;
export const CARD_SERVICE_COUNT = 5;

/** The card keys the home page needs from the practice-areas category. */
export const areaCardKeys = PRACTICE_AREAS.flatMap((area) => [areaTitleKey(area), area.descriptionKey]);

/** `[1, 2, ..., count]`, for numbered content keys. */
export const numbered = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
