/**
 * The review's comparison (decision 0089): paragraph by paragraph, word marks only inside the
 * paragraphs that changed, a rewritten paragraph shown as replaced rather than as interleaved
 * words, and the marks made <ins>/<del> in rendered Markdown with words a screen reader reads.
 */
import { describe, expect, it } from "vitest";
import { diffParagraphs, paragraphsOf } from "~/review/paragraphs.server";
import { marksToHtml, renderChange } from "~/review/render.server";
import { postRevisions, type PostSnapshot } from "~/blog/revisions.server";
import { memberRevisions, type MemberSnapshot } from "~/team/revisions.server";

const words = (parts: Array<{ value: string; added?: boolean; removed?: boolean }>) => parts.map((p) => `${p.added ? "+" : p.removed ? "-" : "="}${p.value}`);

describe("diffParagraphs", () => {
  it("splits on blank lines, keeping a list or a heading as one block", () => {
    expect(paragraphsOf("## Title\n\nFirst line\nsame paragraph\n\n\n- one\n- two\r\n\r\nLast")).toEqual(["## Title", "First line\nsame paragraph", "- one\n- two", "Last"]);
  });

  it("marks words only inside the paragraph that changed; the others are left unmarked", () => {
    const before = "Study permits are refused often.\n\nWe can help with your appeal.\n\nCall us today.";
    const after = "Study permits are refused rarely.\n\nWe can help with your appeal.\n\nCall us today.";
    const rows = diffParagraphs(before, after, "en");
    expect(rows.map((r) => r.kind)).toEqual(["changed", "same", "same"]);
    const changed = rows[0] as Extract<(typeof rows)[number], { kind: "changed" }>;
    expect(words(changed.before)).toEqual(["=Study permits are refused ", "-often", "=."]);
    expect(words(changed.after)).toEqual(["=Study permits are refused ", "+rarely", "=."]);
  });

  it("a rewritten paragraph is replaced whole, not marked word by word", () => {
    const rows = diffParagraphs("The tribunal dismissed the claim last spring.", "Our lawyers won three appeals in a row this year!", "en");
    expect(rows).toEqual([
      { kind: "removed", text: "The tribunal dismissed the claim last spring." },
      { kind: "added", text: "Our lawyers won three appeals in a row this year!" },
    ]);
  });

  it("an added and a removed paragraph stand alone", () => {
    expect(diffParagraphs("One.\n\nTwo.", "One.\n\nTwo.\n\nThree.", "en").map((r) => r.kind)).toEqual(["same", "same", "added"]);
    expect(diffParagraphs("One.\n\nTwo.\n\nThree.", "One.\n\nThree.", "en").map((r) => r.kind)).toEqual(["same", "removed", "same"]);
  });

  it("Chinese paragraphs are compared word by word, not character by character", () => {
    const [row] = diffParagraphs("我们帮助学生申请学习许可。", "我们帮助学生申请工作许可。", "zh");
    expect(row.kind).toBe("changed");
    expect(words((row as Extract<typeof row, { kind: "changed" }>).after)).toEqual(["=我们帮助学生申请", "+工作", "=许可。"]);
  });
});

describe("rendered marks", () => {
  it("sentinels become <ins>/<del> with hidden words, closed and reopened around tags", () => {
    const html = marksToHtml("<p>keep \uE000new <strong>bold</strong> words\uE001 and \uE002old\uE003</p>");
    expect(html).toBe(
      '<p>keep <ins class="review-ins"><span class="sr-only">added: </span>new </ins><strong><ins class="review-ins">bold</ins></strong><ins class="review-ins"> words</ins> and <del class="review-del"><span class="sr-only">removed: </span>old</del></p>',
    );
  });

  it("a post renders its article as visitors see it, the image as a thumbnail, one view per language", () => {
    const base: PostSnapshot = {
      title: "Study permits",
      slug: "study-permits",
      author: "Jane",
      publishedAt: "2026-11-20",
      featuredImage: "/media/old.webp",
      excerpt: "Short.",
      content: "## What changed\n\nThe rules are [here](https://example.com/rules).\n\n- First point\n- Second point",
      metaDescription: null,
      imageAltText: null,
      titleFa: "مجوز تحصیل",
      excerptFa: null,
      contentFa: null,
      metaDescriptionFa: null,
      imageAltTextFa: null,
      titleZh: null,
      excerptZh: null,
      contentZh: null,
      metaDescriptionZh: null,
      imageAltTextZh: null,
    };
    const proposed = { ...base, featuredImage: "/media/new.webp", content: "## What changed\n\nThe new rules are [here](https://example.com/rules).\n\n- First point\n- Second point" };
    const view = renderChange("post", postRevisions, base, proposed);
    const image = view.details.find((f) => f.key === "featuredImage")!;
    expect(image.rows[0].live).toContain('<img class="review-thumb" src="/media/old.webp"');
    expect(image.rows[0].proposed).toContain('src="/media/new.webp"');
    const english = view.languages.find((l) => l.language === "en")!;
    expect(english.changed).toBe(1);
    const content = english.fields.find((f) => f.key === "content")!;
    expect(content.rows.map((r) => r.kind)).toEqual(["same", "changed", "same"]);
    expect(content.rows[0].proposed).toContain("<h2");
    expect(content.rows[2].proposed).toContain("<li");
    expect(content.rows[1].proposed).toContain('<ins class="review-ins"><span class="sr-only">added: </span>new </ins>');
    expect(content.rows[1].proposed).toContain('href="https://example.com/rules"');
    expect(content.rows[1].live).not.toContain("<ins");
    expect(view.languages.find((l) => l.language === "fa")!).toMatchObject({ dir: "rtl", changed: 0 });
  });

  it("a team member: the photo as a thumbnail, the Farsi bio in its own tab, an unsafe image address as text", () => {
    const texts = (bio: { en: string; fa: string; zh: string }) => ({ role: { en: "Lawyer", fa: "", zh: "" }, bio, education: { en: "", fa: "", zh: "" }, bar_admissions: { en: "", fa: "", zh: "" }, areas_of_practice: { en: "", fa: "", zh: "" } });
    const live: MemberSnapshot = { name: "Alex Morgan", email: null, phone: "604", orderIndex: 1, active: true, photoUrl: "/media/a.webp", photoBwUrl: null, texts: texts({ en: "Alex practises family law.", fa: "الکس وکیل خانواده است.", zh: "" }) };
    const proposed: MemberSnapshot = { ...live, photoUrl: "javascript:alert(1)", texts: texts({ en: "Alex practises family law.", fa: "الکس وکیل خانواده و مهاجرت است.", zh: "" }) };
    const view = renderChange("team_member", memberRevisions, live, proposed);
    const photo = view.details.find((f) => f.key === "photoUrl")!;
    expect(photo.rows[0].live).toContain('<img class="review-thumb" src="/media/a.webp"');
    expect(photo.rows[0].proposed).toBe("<p>javascript:alert(1)</p>");
    expect(view.languages.map((l) => [l.language, l.changed])).toEqual([["en", 0], ["fa", 1], ["zh", 0]]);
    const bio = view.languages[1].fields.find((f) => f.key === "bio.fa")!;
    expect(bio.rows[0].kind).toBe("changed");
    expect(bio.rows[0].proposed).toContain('<span class="sr-only">added: </span>');
  });
});
