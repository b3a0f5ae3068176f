import {
  AlarmClockOff,
  Building2,
  Calculator,
  FileSearch,
  FileX2,
  FolderOpen,
  Gavel,
  GraduationCap,
  HandHeart,
  HeartHandshake,
  Landmark,
  Languages,
  MessageSquareWarning,
  Receipt,
  Scale,
  ShieldCheck,
  Target,
  Users,
  UserX,
  type LucideIcon,
} from "lucide-react";
import { PRACTICE_AREAS, type PracticeArea } from "./areas";
import type { FaqItem } from "./FaqAccordion";

/**
 * The extra sections a practice-area page shows after its services. Item keys are written
 * with `{n}` for the item number; each item has `-title` and `-description` keys unless the
 * kind says otherwise.
 */
export type ExtraSection =
  | { kind: "steps"; id: string; heading: string; item: string; count: number }
  | { kind: "cards"; id: string; heading: string; intro?: string; item: string; count: number; icons: LucideIcon[] }
  | {
      kind: "stories";
      id: string;
      heading: string;
      intro: string;
      /** Items have -title, -story and -outcome keys. */
      item: string;
      count: number;
      outcomeLabel: string;
      disclaimer: string;
    }
  | {
      kind: "claim-groups";
      id: string;
      heading: string;
      claimsLabel: string;
      /** Each group has {stem}-title, {stem}-description and {stem}-claim-{n}. */
      groups: { stem: string; count: number; icon: LucideIcon }[];
    }
  /** Items are single texts: the key is the item itself. */
  | { kind: "checklist"; id: string; heading: string; intro: string; item: string; count: number };

export interface AreaPage extends PracticeArea {
  overviewParagraphs: number;
  serviceCount: number;
  faqCount: number;
  extras: ExtraSection[];
}

const base = { serviceCount: 8, faqCount: 5 };
const area = (slug: PracticeArea["slug"]) => PRACTICE_AREAS.find((a) => a.slug === slug)!;

export const AREA_PAGES: readonly AreaPage[] = [
  {
    ...area("civil-litigation"),
    ...base,
    overviewParagraphs: 3,
    extras: [
      { kind: "steps", id: "process", heading: "civil-litigation-process-heading", item: "civil-litigation-process-step-{n}", count: 6 },
    ],
  },
  {
    ...area("immigration"),
    ...base,
    overviewParagraphs: 3,
    extras: [
      {
        kind: "cards",
        id: "insights",
        heading: "immigration-insights-heading",
        item: "immigration-insight-{n}",
        count: 4,
        icons: [Building2, Languages, GraduationCap, Landmark],
      },
      {
        kind: "stories",
        id: "success-stories",
        heading: "immigration-success-heading",
        intro: "immigration-success-intro",
        item: "immigration-success-{n}",
        count: 3,
        outcomeLabel: "immigration-success-outcome-label",
        disclaimer: "immigration-success-disclaimer",
      },
    ],
  },
  {
    ...area("family"),
    ...base,
    overviewParagraphs: 3,
    extras: [
      {
        kind: "cards",
        id: "approach",
        heading: "family-approach-heading",
        item: "family-approach-{n}",
        count: 4,
        icons: [HandHeart, HeartHandshake, Gavel, ShieldCheck],
      },
      {
        kind: "cards",
        id: "resources",
        heading: "family-resources-heading",
        intro: "family-resources-note",
        item: "family-resource-{n}",
        count: 4,
        icons: [Scale, Users, HeartHandshake, Calculator],
      },
    ],
  },
  {
    ...area("professional-negligence"),
    ...base,
    overviewParagraphs: 4,
    extras: [
      {
        kind: "cards",
        id: "common-errors",
        heading: "professional-negligence-errors-heading",
        item: "professional-negligence-error-{n}",
        count: 4,
        icons: [AlarmClockOff, FileX2, MessageSquareWarning, UserX],
      },
      {
        kind: "claim-groups",
        id: "malpractice-types",
        heading: "professional-negligence-malpractice-heading",
        claimsLabel: "professional-negligence-claims-label",
        groups: [
          { stem: "professional-negligence-consultant", count: 6, icon: FileSearch },
          { stem: "professional-negligence-lawyer", count: 6, icon: Scale },
          { stem: "professional-negligence-unauthorized", count: 4, icon: UserX },
        ],
      },
      {
        kind: "cards",
        id: "case-building",
        heading: "professional-negligence-case-building-heading",
        item: "professional-negligence-case-building-{n}",
        count: 4,
        icons: [FolderOpen, Target, Scale, Receipt],
      },
      {
        kind: "checklist",
        id: "damages",
        heading: "professional-negligence-damages-heading",
        intro: "professional-negligence-damages-intro",
        item: "professional-negligence-damages-{n}",
        count: 8,
      },
    ],
  },
];

/** The practice-area page a site path (without language prefix) shows, if any. */
export function areaPageForPath(path: string): AreaPage | undefined {
  const slug = path.replace(/\/+$/, "").match(/^\/practice-areas\/([a-z-]+)$/)?.[1];
  return AREA_PAGES.find((page) => page.slug === slug);
}

/** An item's key stem: "immigration-insight-{n}" and 2 give "immigration-insight-2". */
export const itemKey = (template: string, n: number) => template.replace("{n}", String(n));

/** The page's FAQ in the page's language: what the accordion shows and FAQPage structured data needs. */
export function faqItems(page: AreaPage, texts: Record<string, string>): FaqItem[] {
  return Array.from({ length: page.faqCount }, (_, i) => ({
    question: texts[`${page.prefix}-faq-${i + 1}-question`] ?? "",
    answer: texts[`${page.prefix}-faq-${i + 1}-answer`] ?? "",
  }));
}
