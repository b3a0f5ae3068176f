import { describe, expect, it } from "vitest";
import { langFromPath, langFromUrl, localizePath, stripLangPrefix, switchLanguageUrl } from "~/i18n/languages";

describe("language prefixes", () => {
  it("reads the language from the first path segment only", () => {
    expect(langFromPath("/")).toBe("en");
    expect(langFromPath("/fa")).toBe("fa");
    expect(langFromPath("/zh/blog/x")).toBe("zh");
    expect(langFromPath("/blog/fa")).toBe("en");
    expect(langFromPath("/faq")).toBe("en");
  });

  it("lets ?lang= choose only on an unprefixed path", () => {
    expect(langFromUrl(new URL("http://x/about?lang=fa"))).toBe("fa");
    expect(langFromUrl(new URL("http://x/about?lang=de"))).toBe("en");
    expect(langFromUrl(new URL("http://x/zh/about?lang=fa"))).toBe("zh");
  });

  it("adds and removes prefixes", () => {
    expect(localizePath("/", "en")).toBe("/");
    expect(localizePath("/", "fa")).toBe("/fa");
    expect(localizePath("/team", "zh")).toBe("/zh/team");
    expect(stripLangPrefix("/fa")).toBe("/");
    expect(stripLangPrefix("/fa/team")).toBe("/team");
    expect(stripLangPrefix("/team")).toBe("/team");
  });

  it("rewrites the prefix when switching, keeping query and hash", () => {
    const at = { pathname: "/fa/practice-areas/family", search: "?a=1", hash: "#x" };
    expect(switchLanguageUrl(at, "en")).toBe("/practice-areas/family?a=1#x");
    expect(switchLanguageUrl(at, "zh")).toBe("/zh/practice-areas/family?a=1#x");
    expect(switchLanguageUrl({ pathname: "/", search: "?a=1", hash: "#x" }, "fa")).toBe("/fa?a=1#x");
    expect(switchLanguageUrl({ pathname: "/zh", search: "", hash: "" }, "en")).toBe("/");
  });

  it("drops a lang query parameter once the prefix carries the language", () => {
    expect(switchLanguageUrl({ pathname: "/about", search: "?lang=fa&a=1", hash: "" }, "fa")).toBe("/fa/about?a=1");
  });
});
