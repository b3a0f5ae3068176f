import { describe, expect, it } from "vitest";
import { addedAddresses } from "~/ai/markdown-addresses";
import { checkPostTranslation, checkTextTranslation, clipAtWord, fitArticle, MachineTextRefused } from "~/ai/machine-text.server";
import { LIMITS } from "~/blog/post-schema";
import { ItemFailed } from "~/jobs/runner.server";

/** Machine text held to the editors' schemas (decision 0054): cutting at a word, and no address a translation adds. */

const SOURCE = `Read [our fees page](https://firm.example/fees) and [the guide](https://firm.example/guide) first.

![Our office](https://firm.example/office.jpg)

Call us at <https://firm.example/call>.`;

describe("addresses a translation adds", () => {
  it("passes links with the same address and translated text, in another order", () => {
    const fa = `![دفتر ما](https://firm.example/office.jpg)

اول [راهنما](https://firm.example/guide) و [صفحه هزینه‌ها](https://firm.example/fees) را بخوانید.

با ما تماس بگیرید: <https://firm.example/call>.`;
    expect(addedAddresses(SOURCE, fa)).toEqual([]);
  });

  it("fails a changed address", () => {
    const fa = SOURCE.replace("https://firm.example/fees", "https://pay.example/fees");
    expect(addedAddresses(SOURCE, fa)).toEqual(["https://pay.example/fees"]);
  });

  it("fails an added link, image or bare URL", () => {
    expect(addedAddresses(SOURCE, `${SOURCE}\n\n[pay](https://evil.example) ![](https://track.example/p.gif)`)).toEqual([
      "https://evil.example",
      "https://track.example/p.gif",
    ]);
    expect(addedAddresses("Call us today.", "امروز تماس بگیرید www.evil.example")).toEqual(["http://www.evil.example"]);
    expect(addedAddresses("Write to us.", "写信给 pay@evil.example")).toEqual(["mailto:pay@evil.example"]);
  });

  it("fails a reference-style definition added, even one no link uses", () => {
    expect(addedAddresses("See [the guide][g].\n\n[g]: https://firm.example/guide", "ببینید [راهنما][g].\n\n[g]: https://firm.example/guide\n[x]: https://evil.example")).toEqual([
      "https://evil.example",
    ]);
  });

  it("fails raw HTML added, an <img src> inline or an HTML block", () => {
    expect(addedAddresses("Our fees.", 'هزینه‌های ما. <img src="https://track.example/p.gif">')).toEqual(['html:<img src="https://track.example/p.gif">']);
    expect(addedAddresses("Our fees.", "<div>\n<a href='https://evil.example'>x</a>\n</div>")).toHaveLength(1);
    // Raw HTML that the English has may stay.
    expect(addedAddresses("Text <br> more", "متن <br> بیشتر")).toEqual([]);
  });

  it("keeps a bare URL followed by Chinese without a space (the words are not part of the address)", () => {
    expect(addedAddresses("See https://firm.example/fees for details.", "详情请见https://firm.example/fees了解更多。")).toEqual([]);
    expect(addedAddresses("See https://firm.example/fees for details.", "详情请见https://evil.example/fees了解更多。")).toEqual(["https://evil.example/fees"]);
  });
});

describe("clipAtWord", () => {
  it("cuts at a word end, never inside a word, with an ellipsis that fits", () => {
    const title = "Tenant rights ".repeat(30_000);
    const clipped = clipAtWord(title, 300);
    expect(clipped.length).toBeLessThanOrEqual(300);
    expect(clipped).toMatch(/^(Tenant rights )*Tenant( rights)?…$/);
  });

  it("keeps a text that fits, trimmed", () => {
    expect(clipAtWord("  Short title ", 300)).toBe("Short title");
  });

  it("leaves room for the ellipsis, and leaves it out only when a single whole word fits", () => {
    expect(clipAtWord("abcd efgh ijkl", 9)).toBe("abcd…");
    expect(clipAtWord("abcd efgh ijkl", 10)).toBe("abcd efgh…");
    expect(clipAtWord("abcd efgh", 4)).toBe("abcd");
  });

  it("cuts Chinese between words", () => {
    const text = "移民法律咨询服务".repeat(100);
    const clipped = clipAtWord(text, 50);
    expect(clipped.length).toBeLessThanOrEqual(50);
    expect(text.startsWith(clipped.replace(/…$/, ""))).toBe(true);
  });

  it("cuts one endless token hard rather than not at all", () => {
    expect(clipAtWord("x".repeat(1000), 300)).toBe(`${"x".repeat(299)}…`);
  });
});

describe("machine text against the editor's schema", () => {
  const article = { title: "t", excerpt: "e", content: "c", metaDescription: "m", imageAltText: "a" };

  it("fits an article's short texts to the editor's limits", () => {
    const fitted = fitArticle({ ...article, title: "word ".repeat(60_000), excerpt: "word ".repeat(60_000) });
    expect(fitted.title.length).toBeLessThanOrEqual(LIMITS.title);
    expect(fitted.excerpt.length).toBeLessThanOrEqual(LIMITS.excerpt);
    expect(fitted.title).toMatch(/^(word )+word…$/);
  });

  it("refuses content over the limit with the editor's message (a failed job item, nothing stored)", () => {
    const call = () => fitArticle({ ...article, content: "word ".repeat(LIMITS.content) });
    expect(call).toThrow(MachineTextRefused);
    expect(call).toThrow(ItemFailed);
    expect(call).toThrow("The AI's article was not saved: Content must be at most 100,000 characters.");
  });

  it("refuses one language of a post whose translation adds a link, with the field and the address", () => {
    const result = checkPostTranslation("fa", { title: "Fees", content: SOURCE }, { title: "هزینه‌ها", content: `${SOURCE}\n\n[pay](https://pay.example)` });
    expect(result).toEqual({
      ok: false,
      reason: "The Farsi translation of the content adds a link or image that is not in the English (https://pay.example); it was not saved.",
    });
  });

  it("refuses a link in a translated title whose English has none, and trims a long translated title", () => {
    expect(checkPostTranslation("zh", { title: "Fees" }, { title: "[费用](https://pay.example)" })).toMatchObject({ ok: false });
    const long = checkPostTranslation("zh", { title: "Fees" }, { title: "费用 ".repeat(1000) });
    expect(long.ok && long.fields.title.length).toBeLessThanOrEqual(LIMITS.title);
  });

  it("refuses a website text translation over the content limit, and one that adds HTML", () => {
    expect(checkTextTranslation("fa", "Hello", "سلام ".repeat(5000))).toEqual({
      ok: false,
      reason: "The Farsi translation was not saved: The Farsi text is longer than 20,000 characters.",
    });
    expect(checkTextTranslation("zh", "Hello", '你好 <img src="https://track.example/p.gif">')).toMatchObject({ ok: false, reason: expect.stringMatching(/adds HTML/) });
    expect(checkTextTranslation("zh", "Hello", "你好")).toEqual({ ok: true, fields: { text: "你好" } });
  });
});
