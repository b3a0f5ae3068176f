/** One built-in text: the seed value and the fallback when the database has none. */
export interface DefaultText {
  /** Human label shown in the admin's Website Content tab. */
  label: string;
  en: string;
  fa: string;
  zh: string;
}

/** A file of defaults for one content category (the admin groups entries by it). */
export interface DefaultTextGroup {
  category: string;
  texts: Record<string, DefaultText>;
}
