import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { renderPostHtml } from "~/blog/markdown.server";
import { classifyHref, PostMarkdown } from "~/components/blog/Markdown";
import type { Lang } from "~/i18n/languages";

/** An article body as the post page's loader sends it to the browser. */
const render = (markdown: string, lang: Lang = "en"): string => renderPostHtml(markdown, lang);

/** Every href attribute in the HTML, decoded. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));

describe("renderPostHtml (the article HTML the post page injects)", () => {
  it("drops javascript:, data: and vbscript: links and never renders raw HTML as elements", () => {
    const html = render(
      [
        "[x](javascript:alert(1))",
        "[y](JAVASCRIPT:alert(2))",
        "[z](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "[w](vbscript:msgbox(1))",
        "",
        "<script>alert('raw')</script>",
        "",
        '<a href="javascript:alert(3)">raw link</a> <img src=x onerror="alert(4)">',
        "",
        "![pic](javascript:alert(5))",
      ].join("\n"),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<a [^>]*href="javascript/i);
    expect(html.toLowerCase()).not.toContain('href="javascript:');
    for (const href of hrefs(html)) expect(href).not.toMatch(/^(javascript|data|vbscript):/i);
    // The raw HTML is shown as harmless text, and the link texts survive without a link.
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain(">x</span>");
    expect(html).toContain(">z</span>");
  });

  it("keeps http, https, irc, ircs, mailto, xmpp and relative links", () => {
    const html = render(
      [
        "[a](http://example.com/a)",
        "[b](https://example.com/b)",
        "[c](irc://irc.example.com/chan)",
        "[d](ircs://irc.example.com/chan)",
        "[e](mailto:info@example.com)",
        "[f](xmpp:office@example.com)",
        "[g](/contact)",
        "[h](#section)",
        "[i](notes/page)",
      ].join(" "),
    );
    expect(hrefs(html)).toEqual([
      "http://example.com/a",
      "https://example.com/b",
      "irc://irc.example.com/chan",
      "ircs://irc.example.com/chan",
      "mailto:info@example.com",
      "xmpp:office@example.com",
      "/contact",
      "#section",
      "notes/page",
    ]);
  });

  it("marks links that leave the site with rel=noopener noreferrer, not internal ones", () => {
    const html = render("[out](https://www.canada.ca/en.html) [mail](mailto:a@b.ca) [in](/about) [proto](//evil.example)");
    expect(html).toMatch(/<a href="https:\/\/www\.canada\.ca\/en\.html"[^>]*rel="noopener noreferrer"/);
    expect(html).toMatch(/<a href="\/\/evil\.example"[^>]*rel="noopener noreferrer"/);
    expect(html).not.toMatch(/<a href="\/about"[^>]*rel=/);
    // A page link is a plain link: the browser follows it as a document (decision 0039).
    expect(html).toMatch(/<a href="\/about" class="[^"]*">in<\/a>/);
  });

  it("points internal page links into the reader's language, leaving files alone", () => {
    const html = render("[contact](/contact?x=1#form) [feed](/rss.xml) [photo](/media/0b8e4f9a-0000-4000-8000-000000000000) [fa](/fa/team)", "fa");
    expect(hrefs(html)).toEqual(["/fa/contact?x=1#form", "/rss.xml", "/media/0b8e4f9a-0000-4000-8000-000000000000", "/fa/team"]);
    expect(classifyHref("/", "zh")).toEqual({ kind: "page", to: "/zh" });
  });

  it("renders GitHub-flavoured Markdown, with '# ' demoted below the page's own h1", () => {
    const html = render("# Big\n\n## Section\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~ **bold**");
    expect(html).not.toContain("<h1");
    expect(html.match(/<h2/g)).toHaveLength(2);
    expect(html).toContain("<ul");
    expect(html).toContain("<table");
    expect(html).toContain("<del>old</del>");
    expect(html).toMatch(/<strong[^>]*>bold<\/strong>/);
  });
});

describe("PostMarkdown (the admin editor's live preview)", () => {
  it("applies the same safe defaults inside the router", () => {
    const html = renderToString(
      createElement(MemoryRouter, null, createElement(PostMarkdown, { lang: "fa", children: "# T\n\n[x](javascript:alert(1)) <script>alert(2)</script> [c](/contact) [o](https://example.com)" })),
    );
    expect(html).not.toContain("<h1");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(">x</span>");
    expect(hrefs(html)).toEqual(["/fa/contact", "https://example.com"]);
    expect(html).toMatch(/<a href="https:\/\/example\.com"[^>]*rel="noopener noreferrer"/);
  });
});
