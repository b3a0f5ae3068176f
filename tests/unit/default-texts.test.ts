import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultGroups, defaultTexts, demoTeamTexts } from "~/i18n/defaults";
import { PRACTICE_AREAS } from "~/components/practice/areas";

const appDir = path.resolve(import.meta.dirname, "../../app");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "defaults" ? [] : sourceFiles(full);
    return /\.(tsx?|mts)$/.test(name) ? [full] : [];
  });
}

describe("built-in texts", () => {
  it("have an English, Farsi and Chinese text for every key", () => {
    const missing: string[] = [];
    for (const entry of [...defaultTexts.values(), ...demoTeamTexts.values()]) {
      for (const lang of ["en", "fa", "zh"] as const) if (!entry[lang]?.trim()) missing.push(`${entry.key}.${lang}`);
      if (!entry.label.trim()) missing.push(`${entry.key}.label`);
    }
    expect(missing).toEqual([]);
  });

  it("never define one key twice", () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const group of defaultGroups) {
      for (const key of Object.keys(group.texts)) {
        if (seen.has(key)) duplicates.push(`${key} (${seen.get(key)} and ${group.category})`);
        seen.set(key, group.category);
      }
    }
    expect(duplicates).toEqual([]);
  });

  it("write Farsi with Persian letters, not Arabic yeh and kaf", () => {
    const arabic = [...defaultTexts.values()].filter((e) => /[يك]/.test(e.fa)).map((e) => e.key);
    expect(arabic).toEqual([]);
  });

  it("cover every key that the pages look up by name", () => {
    const used = new Set<string>();
    for (const file of sourceFiles(appDir)) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/\bt\(\s*"([^"]+)"/g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((key) => !defaultTexts.has(key));
    expect(missing).toEqual([]);
  });

  it("cover every key the site's link lists and page meta build from a page's name", () => {
    const used = new Set<string>();
    for (const file of sourceFiles(appDir)) {
      const source = readFileSync(file, "utf8");
      // pageLinks(["team", …], "nav-"): "nav-team"; practiceAreaLinks("footer-link-"): one per area.
      for (const [, pages, prefix] of source.matchAll(/\bpageLinks\(\s*\[([^\]]*)\],\s*"([^"]+)"/g)) {
        for (const [, page] of pages!.matchAll(/"([^"]+)"/g)) used.add(`${prefix}${page}`);
      }
      for (const [, prefix] of source.matchAll(/\bpracticeAreaLinks\(\s*"([^"]+)"/g)) for (const area of PRACTICE_AREAS) used.add(`${prefix}${area.slug}`);
      // textsPageMeta(matches, texts, "/privacy", { … }): its own keys, else "privacy-page-title" and "privacy-meta-description"; and its breadcrumb's.
      for (const [, path, options = ""] of source.matchAll(/\btextsPageMeta\([^"]*"(\/[^"]*)"\s*(?:,\s*(\{[^;]*\}))?\s*\)/g)) {
        const page = path === "/" ? "home" : path!.slice(1);
        const own = /keys:\s*\{\s*title:\s*"([^"]+)",\s*description:\s*"([^"]+)"/.exec(options);
        for (const key of own ? [own[1]!, own[2]!] : [`${page}-page-title`, `${page}-meta-description`]) used.add(key);
        const crumb = /breadcrumb:\s*"([^"]+)"/.exec(options);
        if (crumb) used.add(crumb[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((key) => !defaultTexts.has(key))).toEqual([]);
  });
});
