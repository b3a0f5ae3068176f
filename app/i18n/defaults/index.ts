import type { DefaultText, DefaultTextGroup } from "./types";
import { isTeamMemberKey } from "../team-member-keys";
import navigation from "./navigation";
import footer from "./footer";
import common from "./common";
import home from "./home";
import whyChooseUs from "./why-choose-us";
import about from "./about";
import contact from "./contact";
import team from "./team";
import blog from "./blog";
import newsletter from "./newsletter";
import videoConsultation from "./video-consultation";
import virtualConsultation from "./virtual-consultation";
import privacy from "./privacy";
import practiceAreas from "./practice-areas";
import civilLitigation from "./civil-litigation";
import immigrationLaw from "./immigration-law";
import familyLaw from "./family-law";
import professionalNegligence from "./professional-negligence";
import bookingMail from "./booking-mail";
import bookingManage from "./booking-manage";

export const defaultGroups: DefaultTextGroup[] = [
  navigation,
  footer,
  common,
  home,
  whyChooseUs,
  about,
  contact,
  team,
  blog,
  newsletter,
  videoConsultation,
  virtualConsultation,
  privacy,
  practiceAreas,
  civilLitigation,
  immigrationLaw,
  familyLaw,
  professionalNegligence,
  bookingMail,
  bookingManage,
];

export interface DefaultEntry extends DefaultText {
  key: string;
  category: string;
}

const allEntries: DefaultEntry[] = defaultGroups.flatMap((group) =>
  Object.entries(group.texts).map(([key, text]) => ({ ...text, key, category: group.category })),
);
// The demo members' texts (their fields and keys: ../team-member-keys.ts).
const isDemoMemberText = isTeamMemberKey;

/**
 * Every built-in text keyed by its content key. The demo members' texts are not among
 * them: a real member with the same id must never fall back to a demo biography.
 */
export const defaultTexts: ReadonlyMap<string, DefaultEntry> = new Map(
  allEntries.filter((e) => !isDemoMemberText(e.key)).map((e) => [e.key, e]),
);

/** The demo members' texts, keyed by `teamMemberKey(demo number, field)`; used by the demo seed only. */
export const demoTeamTexts: ReadonlyMap<string, DefaultEntry> = new Map(
  allEntries.filter((e) => isDemoMemberText(e.key)).map((e) => [e.key, e]),
);

export type { DefaultText, DefaultTextGroup };
