import { describe, expect, it } from "vitest";
import { interpolate, resolveText } from "~/i18n/lookup";

const builtIn = { en: "Default EN", fa: "پیش‌فرض", zh: "默认" };

describe("text lookup order", () => {
  it("uses the stored text in the language first", () => {
    expect(resolveText("k", "fa", { content: "Stored EN", contentFa: "ذخیره", contentZh: null }, builtIn)).toBe("ذخیره");
  });
  it("falls back to the stored English when the language's text is empty", () => {
    expect(resolveText("k", "zh", { content: "Stored EN", contentFa: null, contentZh: "  " }, builtIn)).toBe("Stored EN");
  });
  it("falls back to the built-in default when nothing is stored", () => {
    expect(resolveText("k", "zh", { content: "", contentFa: null, contentZh: null }, builtIn)).toBe("默认");
    expect(resolveText("k", "fa", undefined, builtIn)).toBe("پیش‌فرض");
    expect(resolveText("k", "fa", undefined, { en: "Only EN", fa: "", zh: "" })).toBe("Only EN");
  });
  it("shows the key itself as the last resort", () => {
    expect(resolveText("missing.key", "en", undefined, undefined)).toBe("missing.key");
  });
  it("fills placeholders and leaves unknown ones", () => {
    expect(interpolate("© {year} {firm} {other}", { year: 2026, firm: "F" })).toBe("© 2026 F {other}");
  });
});
