import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { hasText, pickTranslation, postColumn, postText, postTranslationColumns, POST_TRANSLATED_FIELDS } from "~/i18n/translated";
import { mediaSources, mediaSrcSet, sourceProps, staticSrcSet } from "~/media/sources";

describe("translated post fields", () => {
  it("name the English column and its _fa and _zh columns", () => {
    expect(POST_TRANSLATED_FIELDS).toEqual(["title", "excerpt", "content", "metaDescription", "imageAltText"]);
    expect(postColumn("title", "en")).toBe("title");
    expect(postColumn("metaDescription", "fa")).toBe("metaDescriptionFa");
    expect(postTranslationColumns("zh")).toEqual({
      title: "titleZh",
      excerpt: "excerptZh",
      content: "contentZh",
      metaDescription: "metaDescriptionZh",
      imageAltText: "imageAltTextZh",
    });
  });

  it("fall back to English when the language's text is empty or white space", () => {
    const row = { title: "English", titleFa: "  ", titleZh: "中文" };
    expect(postText(row, "title", "fa")).toEqual({ text: "English", lang: "en" });
    expect(postText(row, "title", "zh")).toEqual({ text: "中文", lang: "zh" });
    expect(pickTranslation("fa", null, null, null)).toEqual({ text: "", lang: "en" });
    expect(hasText(" \n")).toBe(false);
    expect(hasText("x")).toBe(true);
  });
});

describe("image sources", () => {
  const variants = [
    { format: "webp", width: 320, height: 128 },
    { format: "avif", width: 320, height: 128 },
    { format: "webp", width: 640, height: 256 },
  ];

  it("list an upload's widths per format, the widest as src", () => {
    expect(mediaSrcSet("abc", variants, "webp")).toBe("/media/abc/320.webp 320w, /media/abc/640.webp 640w");
    expect(mediaSrcSet("abc", [], "avif")).toBeNull();
    expect(mediaSources("abc", variants, "webp")).toEqual({ src: "/media/abc/640.webp", srcSet: "/media/abc/320.webp 320w, /media/abc/640.webp 640w", width: 640, height: 256 });
    expect(mediaSources("abc", variants, "avif")?.src).toBe("/media/abc/320.avif");
  });

  it("list a static image's widths", () => {
    expect(staticSrcSet("/images/team/group", [600, 1200], "avif")).toBe("/images/team/group-600.avif 600w, /images/team/group-1200.avif 1200w");
  });

  it("render a <source> with its attributes in the usual order", () => {
    expect(renderToStaticMarkup(createElement("source", sourceProps("avif", "a.avif 1w", "100vw")))).toBe('<source type="image/avif" srcSet="a.avif 1w" sizes="100vw"/>');
    expect(renderToStaticMarkup(createElement("source", sourceProps("webp", "a.webp 1w", "50vw", "(hover: hover)")))).toBe(
      '<source type="image/webp" media="(hover: hover)" srcSet="a.webp 1w" sizes="50vw"/>',
    );
  });
});
