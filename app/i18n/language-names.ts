import type { Lang } from "./languages";

/**
 * The languages' names as the admin (in English) writes them. A module of its own: the public
 * pages' shared chunk holds languages.ts, and these names are the admin's alone.
 */
export const LANGUAGE_NAMES: Record<Lang, string> = { en: "English", fa: "Farsi", zh: "Chinese" };
