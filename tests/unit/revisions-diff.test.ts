/**
 * The history's word-level diff (jsdiff's diffWords, Chinese split into words by Intl.Segmenter),
 * the conflict message's moment, and the edit forms' hidden version field.
 */
import { describe, expect, it } from "vitest";
import { diffFields, type FieldText } from "~/revisions/review.server";
import { firmClock } from "../../core/firm-clock.server";

const formatWhen = (at: string | Date) => firmClock.firmTime(at);
import { versionFromForm } from "~/revisions/version";

const field = (key: string, language: FieldText["language"], text: string): FieldText => ({ key, label: key, language, text });
const marked = (parts: Array<{ value: string; added?: boolean; removed?: boolean }>) => parts.map((p) => `${p.added ? "+" : p.removed ? "-" : "="}${p.value}`);

describe("diffFields", () => {
  it("English: only the changed words are marked, and unchanged fields are left out", () => {
    const diff = diffFields(
      [field("title", "en", "Study permits refused"), field("author", "en", "Jane Doe")],
      [field("title", "en", "Work permits refused"), field("author", "en", "Jane Doe")],
    );
    expect(diff).toEqual([{ key: "title", label: "title", parts: [{ value: "Study", removed: true }, { value: "Work", added: true }, { value: " permits refused" }] }]);
  });

  it("Chinese is split into words, not one part for the whole sentence, and no word is cut in two", () => {
    const [diff] = diffFields([field("contentZh", "zh", "您的学习计划")], [field("contentZh", "zh", "您的学生签证")]);
    // Character by character, "您的学" would be kept and "习计划" removed.
    expect(marked(diff.parts)).toEqual(["=您的", "-学习计划", "+学生签证"]);
    const [sentence] = diffFields([field("titleZh", "zh", "我们帮助学生申请学习许可。")], [field("titleZh", "zh", "我们帮助学生申请工作许可。")]);
    expect(marked(sentence.parts)).toEqual(["=我们帮助学生申请", "-学习", "+工作", "=许可。"]);
  });

  it("Farsi: word by word", () => {
    const [diff] = diffFields([field("titleFa", "fa", "مجوز تحصیل رد شد")], [field("titleFa", "fa", "مجوز کار رد شد")]);
    expect(marked(diff.parts)).toEqual(["=مجوز ", "-تحصیل", "+کار", "= رد شد"]);
  });

  it("a field on one side only is all added (or all removed)", () => {
    expect(diffFields([], [field("titleFa", "fa", "عنوان")])).toEqual([{ key: "titleFa", label: "titleFa", parts: [{ value: "عنوان", added: true }] }]);
    expect(diffFields([field("phone", "en", "604 555 0101")], [field("phone", "en", "")])[0].parts).toEqual([{ value: "604 555 0101", removed: true }]);
    expect(diffFields([field("a", "en", "same")], [field("a", "en", "same")])).toEqual([]);
  });
});

describe("the conflict's moment", () => {
  it("in Vancouver time with UTC beside it", () => {
    // Winter: UTC-8 under the yearly rules, UTC-7 under BC's permanent daylight time (tzdata 2026a+).
    expect(formatWhen("2026-11-26T17:05:00Z")).toBe("Nov 26, 2026, 10:05 Vancouver time (17:05 UTC)");
    // Summer: UTC-7.
    expect(formatWhen(new Date("2026-07-01T00:30:00Z"))).toMatch(/^Jun 30, 2026, 17:30 Vancouver time \(00:30 UTC\)$/);
  });
});

describe("the hidden version field", () => {
  it("reads a whole number, and anything else as none (the save goes ahead unchecked)", () => {
    const form = (value?: string) => {
      const data = new FormData();
      if (value !== undefined) data.set("version", value);
      return data;
    };
    expect(versionFromForm(form("7"))).toBe(7);
    expect(versionFromForm(form(" 12 "))).toBe(12);
    for (const bad of [undefined, "", "-1", "1.5", "abc", "1e3", "1234567890"]) expect(versionFromForm(form(bad))).toBeNull();
  });
});
