import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatPostDate } from "~/blog/dates";
import { localizePost, type BlogPostRow } from "~/blog/posts.server";
import { pickTranslation as pickVariant } from "~/i18n/translated";
import { subscribeSchema } from "~/newsletter/subscribe-schema";
import { Paragraphs } from "~/components/blog/RichText";

describe("formatPostDate", () => {
  it("formats in the page's language, long form, on the stored day whatever the time zone", () => {
    expect(formatPostDate("2026-09-15", "en")).toBe("September 15, 2026");
    expect(formatPostDate("2026-11-10", "en")).toBe("November 10, 2026");
    expect(formatPostDate("2026-01-01", "en")).toBe("January 1, 2026");
    expect(formatPostDate("2026-09-15", "zh")).toBe("2026年9月15日");
    // Farsi: the Gregorian calendar (decision 0083) in Persian digits and month names.
    expect(formatPostDate("2026-09-15", "fa")).toBe("۱۵ سپتامبر ۲۰۲۶");
    expect(formatPostDate("2027-01-05", "fa")).toBe("۵ ژانویهٔ ۲۰۲۷");
    expect(formatPostDate(null, "en")).toBe("");
    expect(formatPostDate("not a date", "en")).toBe("");
  });
});

describe("localizing a post", () => {
  const row = {
    id: 1,
    slug: "a",
    title: "English title",
    titleFa: "عنوان فارسی",
    titleZh: "   ",
    excerpt: "English excerpt",
    excerptFa: null,
    excerptZh: "中文摘要",
    content: "English body",
    contentFa: "",
    contentZh: "中文正文",
    metaDescription: "English meta",
    metaDescriptionFa: "توضیح",
    metaDescriptionZh: null,
    imageAltText: "English alt",
    imageAltTextFa: null,
    imageAltTextZh: "中文替代文本",
    featuredImage: "",
    author: "Firm",
    published: true,
    publishedAt: "2026-09-15",
  } as unknown as BlogPostRow;

  it("takes the page language's variant when it has text, else the English field", () => {
    const fa = localizePost(row, "fa");
    expect(fa.title).toEqual({ text: "عنوان فارسی", lang: "fa" });
    expect(fa.excerpt).toEqual({ text: "English excerpt", lang: "en" });
    expect(fa.content).toEqual({ text: "English body", lang: "en" });
    expect(fa.metaDescription).toEqual({ text: "توضیح", lang: "fa" });
    expect(fa.imageAlt).toEqual({ text: "English alt", lang: "en" });
    expect(fa.featuredImage).toBeNull();

    const zh = localizePost(row, "zh");
    expect(zh.title).toEqual({ text: "English title", lang: "en" });
    expect(zh.excerpt.text).toBe("中文摘要");
    expect(zh.content.text).toBe("中文正文");
    expect(zh.imageAlt.text).toBe("中文替代文本");

    const en = localizePost(row, "en");
    expect(en.title.text).toBe("English title");
    expect(en.content.text).toBe("English body");
  });

  it("never uses another translation for English", () => {
    expect(pickVariant("en", "", "فارسی", "中文")).toEqual({ text: "", lang: "en" });
    expect(pickVariant("fa", null, null, null)).toEqual({ text: "", lang: "en" });
  });
});

describe("subscribeSchema", () => {
  it("trims and lower-cases a valid address", () => {
    expect(subscribeSchema.parse({ email: "  Client@Example.COM " })).toEqual({ email: "client@example.com" });
  });

  it("counts the 255-character limit after trimming", () => {
    const longest = `${"a".repeat(243)}@example.com`;
    expect(longest).toHaveLength(255);
    expect(subscribeSchema.parse({ email: `  ${longest.toUpperCase()}  ` })).toEqual({ email: longest });
    expect(subscribeSchema.safeParse({ email: `a${longest}` }).success).toBe(false);
  });

  it("rejects missing, malformed and over-long addresses with the invalid-email key", () => {
    for (const email of [undefined, "", "   ", "no-at-sign", "a@b", "two@@example.com", `${"a".repeat(250)}@example.com`]) {
      const result = subscribeSchema.safeParse({ email });
      expect(result.success, String(email)).toBe(false);
      expect(result.error?.issues[0].message).toBe("blog-newsletter-invalid-email");
    }
  });
});

describe("Paragraphs", () => {
  it("splits on blank lines and links email and web addresses, kept left-to-right", () => {
    const html = renderToString(
      createElement(Paragraphs, { text: "Write to info@example.com today.\n\nOr visit www.oipc.bc.ca. Thanks" }),
    );
    expect(html.match(/<p/g)).toHaveLength(2);
    expect(html).toContain('<a href="mailto:info@example.com"');
    expect(html).toContain('<bdi dir="ltr">info@example.com</bdi>');
    // The sentence's full stop is not part of the address.
    expect(html).toContain('href="https://www.oipc.bc.ca"');
    expect(html).toContain('<bdi dir="ltr">www.oipc.bc.ca</bdi></a>. Thanks');
  });
});
