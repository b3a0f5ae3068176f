import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { translateFields } from "../../app/ai/writing.server";
import { createAiClient } from "../../core/outside/ai";
import { OutsideServiceError } from "../../core/outside/errors";
import { createTranslator, deeplBaseUrl, type TranslateConfig } from "../../core/outside/translate";
import { startFakeDeepl, type FakeDeepl } from "../fakes/deepl";
import { refusedUrl } from "../fakes/http";
import { startFakeLibre, type FakeLibre } from "../fakes/libretranslate";
import { rejectionOf } from "../helpers/rejection";

/**
 * DeepL and LibreTranslate against loopback fakes: the request each service expects, Markdown
 * that comes back with the same structure, link addresses and code never sent, and every fault
 * as an error a person can act on with the right retryable flag.
 */

const noAi = createAiClient({ AI_MODEL: "m", AI_IMAGE_MODEL: "i" });
// Short enough for quick stall tests, long enough for a busy machine.
const FAST = { timeoutMs: 2_000 };

const ARTICLE = `# Costs of a *family* claim

Read **the guide** at [our fees page](https://example.com/fees?a=1&b=2 "Fees") before you call.
Use \`npm test\` and see <https://example.com/auto>.

- First item with _emphasis_ and ~~old~~ text
- Second item
  continued lazily

1. One
2. Two

> A quote that spans
> two lines.

\`\`\`js
const code = "stays";
\`\`\`

| Column | Other |
| --- | --- |
| cell one | cell \`two\` |

![A lawyer's desk](https://example.com/a.png)

Line one  
line two

Ref [link text][ref] here.

[ref]: https://example.com/ref
`;

/** The Markdown tree without its prose: what a translation must not change. */
function shape(markdown: string): unknown {
  const strip = (node: Nodes): unknown => {
    const { position: _position, value, children, ...rest } = node as Nodes & { value?: string; children?: Nodes[] };
    const kept = node.type === "code" || node.type === "inlineCode" || node.type === "html" ? { value } : {};
    return { ...rest, ...kept, ...(children ? { children: children.filter((c) => c.type !== "text").map(strip) } : {}) };
  };
  return strip(fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }));
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, OutsideServiceError);

describe("DeepL", () => {
  let deepl: FakeDeepl;
  let config: TranslateConfig;
  beforeAll(async () => {
    deepl = await startFakeDeepl({ apiKey: "abc:fx" });
    config = { TRANSLATE_PROVIDER: "deepl", DEEPL_API_KEY: "abc:fx", DEEPL_API_URL: deepl.url };
  });
  afterAll(() => deepl.close());
  beforeEach(() => deepl.reset());

  it("a free key (:fx) goes to the free endpoint, others to the paid one, DEEPL_API_URL to itself", () => {
    expect(deeplBaseUrl({ DEEPL_API_KEY: "abc:fx", DEEPL_API_URL: undefined })).toBe("https://api-free.deepl.com");
    expect(deeplBaseUrl({ DEEPL_API_KEY: "abc", DEEPL_API_URL: undefined })).toBe("https://api.deepl.com");
    expect(deeplBaseUrl({ DEEPL_API_KEY: "abc:fx", DEEPL_API_URL: "http://127.0.0.1:9/" })).toBe("http://127.0.0.1:9");
  });

  it("sends the texts with the key header, EN to FA and ZH-HANS; empty texts are not sent and stay empty", async () => {
    const translator = createTranslator(config, noAi, FAST);
    expect(translator).toMatchObject({ provider: "deepl", configured: true });
    await expect(translator.translate(["Hello world", "", "Contact us"], "fa", { format: "text" })).resolves.toEqual([
      "FA: HELLO WORLD",
      "",
      "FA: CONTACT US",
    ]);
    await expect(translator.translate(["Hello"], "zh", { format: "text" })).resolves.toEqual(["ZH-HANS: HELLO"]);
    expect(deepl.calls.map((c) => c.path)).toEqual(["/v2/translate", "/v2/translate"]);
    expect(deepl.calls[0].headers.authorization).toBe("DeepL-Auth-Key abc:fx");
    expect(deepl.calls[0].params).toEqual({ text: ["Hello world", "Contact us"], source_lang: "EN", target_lang: "FA" });
    expect(deepl.calls[1].params.target_lang).toBe("ZH-HANS");
  });

  it("Markdown keeps its structure; link addresses, code and images are never sent", async () => {
    const translator = createTranslator(config, noAi, FAST);
    const [farsi] = await translator.translate([ARTICLE], "fa", { format: "markdown" });
    expect(shape(farsi)).toEqual(shape(ARTICLE));
    expect(farsi).toContain("# FA: COSTS OF A *FAMILY* CLAIM\n");
    expect(farsi).toContain('FA: READ **THE GUIDE** AT [OUR FEES PAGE](https://example.com/fees?a=1&b=2 "Fees") BEFORE YOU CALL.');
    expect(farsi).toContain("USE `npm test` AND SEE <https://example.com/auto>.");
    expect(farsi).toContain("- FA: SECOND ITEM CONTINUED LAZILY\n");
    expect(farsi).toContain('```js\nconst code = "stays";\n```');
    expect(farsi).toContain("| FA: CELL ONE | FA: CELL `two` |");
    expect(farsi).toContain("FA: LINE ONE  \nLINE TWO");
    expect(farsi).toContain("FA: REF [LINK TEXT][ref] HERE.");
    const sent = JSON.stringify(deepl.calls.map((c) => c.params));
    for (const secret of ["https://example.com/fees", "https://example.com/a.png", "const code", "https://example.com/ref"]) {
      expect(sent).not.toContain(secret);
    }
    expect(deepl.calls[0].params.tag_handling).toBe("html");
    // One request for all the prose of the text.
    expect(deepl.calls).toHaveLength(1);
  });

  it("translator markup such as stray spaces inside emphasis still gives valid Markdown", async () => {
    const { toMarkdown } = await import("../../core/outside/markdown-segments");
    expect(toMarkdown("Read<strong> the guide </strong>now &amp; <em></em>later", new Map())).toBe("Read **the guide** now & later");
    // Punctuation at the edge goes outside the markers: CommonMark would not close "**重要：**做".
    expect(toMarkdown("<strong>重要：</strong>做这个。", new Map())).toBe("**重要**：做这个。");
    expect(fromMarkdown("**重要**：做这个。").children[0]).toMatchObject({ children: [{ type: "strong" }, { type: "text" }] });
    expect(toMarkdown("<em>(see below)</em>", new Map())).toBe("(*see below*)");
    // A link at the edge of emphasis keeps its closing parenthesis inside.
    expect(toMarkdown('<strong><a id="m0">Fees</a></strong>.', new Map([["m0", "](https://example.com/a)"]]))).toBe(
      "**[Fees](https://example.com/a)**.",
    );
    // A dropped code element is not lost.
    expect(toMarkdown("Run it", new Map([["m0", "`npm test`"]]))).toBe("Run it `npm test`");
  });

  it("more than 50 texts go in several requests", async () => {
    const translator = createTranslator(config, noAi, FAST);
    const texts = Array.from({ length: 60 }, (_, i) => `Text ${i}`);
    const result = await translator.translate(texts, "fa", { format: "text" });
    expect(result[59]).toBe("FA: TEXT 59");
    expect(deepl.calls.map((c) => (c.params.text as string[]).length)).toEqual([50, 10]);
  });

  it("translateFields: the body as Markdown, the other fields as text, empty fields left out", async () => {
    const translator = createTranslator(config, noAi, FAST);
    const result = await translateFields(translator, { title: "Wills", excerpt: "", content: "## Why\n\nSee [here](https://x.example/a)." }, "zh");
    expect(result).toEqual({ title: "ZH-HANS: WILLS", content: "## ZH-HANS: WHY\n\nZH-HANS: SEE [HERE](https://x.example/a)." });
  });

  it("quota used up (456): not retryable, says what to do", async () => {
    deepl.script({ type: "status", status: 456, body: { message: "Quota exceeded" } });
    const error = await failure(createTranslator(config, noAi, FAST).translate(["Hi"], "fa", { format: "text" }));
    expect(error).toMatchObject({ service: "deepl", kind: "quota", retryable: false });
    expect(error.message).toBe("DeepL's monthly quota is used up (456). Raise the limit in the DeepL account or wait for the next billing period.");
  });

  it("429 with Retry-After: retryable after that time", async () => {
    deepl.script({ type: "status", status: 429, retryAfter: "30", body: { message: "Too many requests" } });
    const error = await failure(createTranslator(config, noAi, FAST).translate(["Hi"], "fa", { format: "text" }));
    expect(error).toMatchObject({ kind: "rate-limited", retryable: true, retryAfterMs: 30_000 });
    expect(error.message).toBe("DeepL is receiving too many requests (429) and asks to wait 30 s.");
  });

  it("a wrong key: auth, not retryable, names DEEPL_API_KEY", async () => {
    const error = await failure(createTranslator({ ...config, DEEPL_API_KEY: "wrong" }, noAi, FAST).translate(["Hi"], "fa", { format: "text" }));
    expect(error).toMatchObject({ kind: "auth", retryable: false });
    expect(error.message).toBe("DeepL refused the key (403). Check DEEPL_API_KEY.");
  });

  it("500, a stall, a hang-up, a non-JSON answer and a refused connection", async () => {
    const translator = createTranslator(config, noAi, FAST);
    const run = () => failure(translator.translate(["Hi"], "fa", { format: "text" }));

    deepl.script({ type: "status", status: 500 });
    expect(await run()).toMatchObject({ kind: "unavailable", retryable: true, message: "DeepL had an error (500). Try again later." });

    deepl.script({ type: "stall", ms: 6_000 });
    expect(await run()).toMatchObject({ kind: "timeout", retryable: true, message: "DeepL did not answer within 2 s. Try again later." });

    deepl.script({ type: "hang-up" });
    expect(await run()).toMatchObject({ kind: "unavailable", retryable: true });

    deepl.script({ type: "not-json" });
    expect(await run()).toMatchObject({ kind: "bad-answer", retryable: false, message: "DeepL's answer is not JSON. Check DEEPL_API_URL." });

    const refused = createTranslator({ ...config, DEEPL_API_URL: await refusedUrl() }, noAi, FAST);
    expect(await failure(refused.translate(["Hi"], "fa", { format: "text" }))).toMatchObject({
      kind: "unavailable",
      retryable: true,
      message: "DeepL could not be reached. Check DEEPL_API_URL and the network, then try again.",
    });
  });

  it("an abort stops the request with the abort's reason", async () => {
    deepl.script({ type: "stall", ms: 6_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("cancelled")), 50);
    await expect(
      createTranslator(config, noAi, { timeoutMs: 5_000 }).translate(["Hi"], "fa", { format: "text", signal: controller.signal }),
    ).rejects.toThrow("cancelled");
  });

  it("without a key it is not configured, and says which variable to set", async () => {
    const translator = createTranslator({ TRANSLATE_PROVIDER: "deepl" }, noAi);
    expect(translator.configured).toBe(false);
    expect(translator.notConfiguredMessage).toBe("Set DEEPL_API_KEY to translate with DeepL (TRANSLATE_PROVIDER is deepl).");
    expect(await failure(translator.translate(["Hi"], "fa", { format: "text" }))).toMatchObject({ kind: "not-configured", retryable: false });
  });
});

describe("LibreTranslate", () => {
  let libre: FakeLibre;
  beforeAll(async () => {
    libre = await startFakeLibre({ chineseCode: "zh", apiKey: "lt-key" });
  });
  afterAll(() => libre.close());
  beforeEach(() => libre.reset());
  const config = (): TranslateConfig => ({ TRANSLATE_PROVIDER: "libretranslate", LIBRETRANSLATE_URL: libre.url, LIBRETRANSLATE_API_KEY: "lt-key" });

  it("takes the Chinese code from /languages once: zh on this server", async () => {
    const translator = createTranslator(config(), noAi, FAST);
    await expect(translator.translate(["Hello"], "zh", { format: "text" })).resolves.toEqual(["zh: HELLO"]);
    await expect(translator.translate(["Bye"], "zh", { format: "text" })).resolves.toEqual(["zh: BYE"]);
    await expect(translator.translate(["Bye"], "fa", { format: "text" })).resolves.toEqual(["fa: BYE"]);
    expect(libre.languageCalls()).toBe(1);
    expect(libre.calls.filter((c) => c.path === "/translate").map((c) => c.params)).toEqual([
      { q: ["Hello"], source: "en", target: "zh", format: "text", api_key: "lt-key" },
      { q: ["Bye"], source: "en", target: "zh", format: "text", api_key: "lt-key" },
      { q: ["Bye"], source: "en", target: "fa", format: "text", api_key: "lt-key" },
    ]);
  });

  it("and zh-Hans on a newer server", async () => {
    const newer = await startFakeLibre({ chineseCode: "zh-Hans" });
    try {
      const translator = createTranslator({ TRANSLATE_PROVIDER: "libretranslate", LIBRETRANSLATE_URL: newer.url }, noAi, FAST);
      await expect(translator.translate(["Hello"], "zh", { format: "text" })).resolves.toEqual(["zh-Hans: HELLO"]);
      expect(newer.calls.at(-1)?.params).toEqual({ q: ["Hello"], source: "en", target: "zh-Hans", format: "text" });
    } finally {
      await newer.close();
    }
  });

  it("Markdown goes as html and keeps its structure", async () => {
    const [farsi] = await createTranslator(config(), noAi, FAST).translate([ARTICLE], "fa", { format: "markdown" });
    expect(shape(farsi)).toEqual(shape(ARTICLE));
    expect(farsi).toContain('[OUR FEES PAGE](https://example.com/fees?a=1&b=2 "Fees")');
    expect(libre.calls.at(-1)?.params.format).toBe("html");
    expect(JSON.stringify(libre.calls.at(-1)?.params)).not.toContain("https://example.com/fees");
  });

  it("a server without Chinese says so; a failed /languages is asked again next time", async () => {
    const farsiOnly = await startFakeLibre({ chineseCode: null });
    try {
      const translator = createTranslator({ TRANSLATE_PROVIDER: "libretranslate", LIBRETRANSLATE_URL: farsiOnly.url }, noAi, FAST);
      const error = await failure(translator.translate(["Hi"], "zh", { format: "text" }));
      expect(error).toMatchObject({ kind: "unavailable", retryable: false });
      expect(error.message).toBe("This LibreTranslate server has no Chinese language installed. Install the Chinese model on it.");
      await failure(translator.translate(["Hi"], "zh", { format: "text" }));
      expect(farsiOnly.languageCalls()).toBe(2);
      await expect(translator.translate(["Hi"], "fa", { format: "text" })).resolves.toEqual(["fa: HI"]);
    } finally {
      await farsiOnly.close();
    }
  });

  it("a missing or wrong API key: auth, names LIBRETRANSLATE_API_KEY", async () => {
    const translator = createTranslator({ ...config(), LIBRETRANSLATE_API_KEY: undefined }, noAi, FAST);
    const error = await failure(translator.translate(["Hi"], "fa", { format: "text" }));
    expect(error).toMatchObject({ service: "libretranslate", kind: "auth", retryable: false });
    expect(error.message).toBe("LibreTranslate refused the key (403). Check LIBRETRANSLATE_API_KEY.");
  });

  it("429 with Retry-After, 500 and a stall", async () => {
    const translator = createTranslator(config(), noAi, FAST);
    const run = () => failure(translator.translate(["Hi"], "fa", { format: "text" }));
    libre.script({ type: "status", status: 429, retryAfter: "5", body: { error: "Too many request limits violations" } });
    expect(await run()).toMatchObject({ kind: "rate-limited", retryable: true, retryAfterMs: 5_000 });
    libre.script({ type: "status", status: 500, body: { error: "boom" } });
    expect(await run()).toMatchObject({ kind: "unavailable", retryable: true, message: "LibreTranslate had an error (500). Try again later." });
    libre.script({ type: "stall", ms: 6_000 });
    expect(await run()).toMatchObject({ kind: "timeout", retryable: true });
  });

  it("without a URL it is not configured", () => {
    const translator = createTranslator({ TRANSLATE_PROVIDER: "libretranslate" }, noAi);
    expect(translator.configured).toBe(false);
    expect(translator.notConfiguredMessage).toBe("Set LIBRETRANSLATE_URL to translate with LibreTranslate (TRANSLATE_PROVIDER is libretranslate).");
  });
});

describe("the AI as translator", () => {
  it("is configured exactly when the AI is, and says what to set", () => {
    const translator = createTranslator({ TRANSLATE_PROVIDER: "ai" }, noAi);
    expect(translator.configured).toBe(false);
    expect(translator.notConfiguredMessage).toBe(
      "Set AI_BASE_URL (and AI_API_KEY) to translate with AI, or set TRANSLATE_PROVIDER to deepl or libretranslate.",
    );
  });
});
