import { contentText } from "../../db/schema";
import type { Db } from "../../db/client";
import { defaultTexts } from "../i18n/defaults";
import type { Lang } from "../i18n/languages";
import { resolveText } from "../i18n/lookup";

interface ResolvedText {
  category: string;
  text: string;
}

export interface TextSelection {
  categories?: readonly string[];
  keys?: readonly string[];
  prefixes?: readonly string[];
  /** Left out of the categories and prefixes above (not of `keys`). */
  exceptPrefixes?: readonly string[];
}

/**
 * Every site text per language, resolved once (database row, then built-in default) and
 * kept in memory until a content change event drops it.
 */
export class TextStore {
  private cache = new Map<Lang, Promise<Map<string, ResolvedText>>>();

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.cache.clear();
  }

  private load(lang: Lang): Promise<Map<string, ResolvedText>> {
    let pending = this.cache.get(lang);
    if (!pending) {
      pending = this.resolveAll(lang);
      this.cache.set(lang, pending);
      pending.catch(() => this.cache.delete(lang));
    }
    return pending;
  }

  private async resolveAll(lang: Lang): Promise<Map<string, ResolvedText>> {
    const rows = await this.db
      .select({
        key: contentText.key,
        content: contentText.content,
        contentFa: contentText.contentFa,
        contentZh: contentText.contentZh,
        category: contentText.category,
      })
      .from(contentText);
    const resolved = new Map<string, ResolvedText>();
    for (const [key, entry] of defaultTexts) {
      resolved.set(key, { category: entry.category, text: resolveText(key, lang, undefined, entry) });
    }
    for (const row of rows) {
      const fallback = defaultTexts.get(row.key);
      resolved.set(row.key, { category: row.category, text: resolveText(row.key, lang, row, fallback) });
    }
    return resolved;
  }

  /** One text, resolved. */
  async get(lang: Lang, key: string): Promise<string> {
    return (await this.load(lang)).get(key)?.text ?? key;
  }

  /** The texts a page needs, as a plain object to send with its loader data. */
  async pick(lang: Lang, selection: TextSelection): Promise<Record<string, string>> {
    const all = await this.load(lang);
    const picked: Record<string, string> = {};
    const categories = new Set(selection.categories ?? []);
    const prefixes = selection.prefixes ?? [];
    const except = selection.exceptPrefixes ?? [];
    for (const [key, { category, text }] of all) {
      if (except.some((p) => key.startsWith(p))) continue;
      if (categories.has(category) || prefixes.some((p) => key.startsWith(p))) picked[key] = text;
    }
    for (const key of selection.keys ?? []) picked[key] = all.get(key)?.text ?? key;
    return picked;
  }
}
