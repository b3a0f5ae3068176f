import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { makeFeaturedImage, translateFields, writeArticle, createSiteTranslator } from "../../app/ai/writing.server";
import { countWords } from "../../app/ai/words";
import { createAiClient, strictJsonSchema, type AiClientOptions } from "../../core/outside/ai";
import { OutsideServiceError } from "../../core/outside/errors";
import { refusedUrl } from "../fakes/http";
import { startFakeAi, type FakeAi } from "../fakes/openai";
import { rejectionOf } from "../helpers/rejection";

/**
 * The AI adapter against a fake OpenAI-compatible server on loopback: structured answers,
 * the step down from json_schema, one repair, every fault as an error a person can act on with
 * the right retryable flag, and images checked to be images.
 */

let fake: FakeAi;
// Short enough for quick stall tests, long enough for a busy machine.
const FAST: AiClientOptions = { timeoutMs: 2_000, maxRetries: 0 };

function client(options: AiClientOptions = FAST, extra: { AI_IMAGE_MODEL?: string; AI_BASE_URL?: string } = {}) {
  return createAiClient(
    // The fake serves url images on loopback: the tests' flag lets the guarded fetcher go there.
    { AI_BASE_URL: extra.AI_BASE_URL ?? fake.url, AI_API_KEY: "sk-test", AI_MODEL: "gpt-test", AI_IMAGE_MODEL: extra.AI_IMAGE_MODEL ?? "gpt-image-1", OUTSIDE_FETCH_ALLOW_LOOPBACK: true },
    options,
  );
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, OutsideServiceError);

beforeAll(async () => {
  fake = await startFakeAi({ apiKey: "sk-test" });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

describe("writing an article", () => {
  it("asks for a strict json_schema answer and returns a 600-800 word article from the title", async () => {
    const article = await writeArticle(client(), { title: "Spousal Support in British Columbia" });
    expect(article.title).toBe("Spousal Support in British Columbia");
    expect(countWords(article.content)).toBeGreaterThanOrEqual(600);
    expect(countWords(article.content)).toBeLessThanOrEqual(800);
    expect(article.excerpt).not.toBe("");
    expect(article.metaDescription.length).toBeLessThanOrEqual(160);
    const [call] = fake.chatCalls();
    expect(call.model).toBe("gpt-test");
    const format = call.response_format as { type: string; json_schema: { name: string; strict: boolean; schema: Record<string, unknown> } };
    expect(format.type).toBe("json_schema");
    expect(format.json_schema.strict).toBe(true);
    expect(format.json_schema.schema.additionalProperties).toBe(false);
    expect(format.json_schema.schema.required).toEqual(["title", "excerpt", "content", "metaDescription", "imageAltText"]);
    const messages = call.messages as Array<{ role: string; content: string }>;
    expect(messages[0].content).toMatch(/British Columbia and Canada/);
    expect(messages[0].content).toMatch(/Never promise/);
    expect(messages[1].content).toContain("Spousal Support in British Columbia");
  });

  it("a 450-word article gets one repair attempt that names the problem, then fails with the word count", async () => {
    fake.script({ type: "short-article" });
    const repaired = await writeArticle(client(), { title: "Wills" });
    expect(countWords(repaired.content)).toBeGreaterThanOrEqual(600);
    const repair = fake.chatCalls()[1].messages as Array<{ role: string; content: string }>;
    expect(repair.at(-2)?.role).toBe("assistant");
    expect(repair.at(-1)?.content).toMatch(/has 45\d words; it must have 600 to 800/);

    fake.reset();
    fake.script({ type: "short-article" }, { type: "short-article" });
    const error = await failure(writeArticle(client(), { title: "Wills" }));
    expect(error.kind).toBe("bad-answer");
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/^The AI service's answer could not be used: the article has 45\d words; it must have 600 to 800\.$/);
    expect(fake.chatCalls()).toHaveLength(2);
  });

  it("invalid JSON twice fails as a bad answer", async () => {
    fake.script({ type: "invalid-json" }, { type: "invalid-json" });
    const error = await failure(writeArticle(client(), { title: "Wills" }));
    expect(error.kind).toBe("bad-answer");
    expect(error.message).toBe("The AI service's answer could not be used: the answer is not valid JSON.");
  });

  it("a missing field is repaired once, then named", async () => {
    fake.script({ type: "missing-field" });
    await expect(writeArticle(client(), { title: "Wills" })).resolves.toMatchObject({ title: "Wills" });
    fake.script({ type: "missing-field" }, { type: "missing-field", field: "excerpt" });
    const error = await failure(writeArticle(client(), { title: "Wills" }));
    expect(error.message).toBe('The AI service\'s answer could not be used: "excerpt" is missing.');
  });

  it("a refusal fails at once as refused, with the model's words", async () => {
    fake.script({ type: "refusal", text: "I can't write that." });
    const error = await failure(writeArticle(client(), { title: "Wills" }));
    expect(error.kind).toBe("refused");
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('The AI service declined to answer: "I can\'t write that.". Change the wording and try again.');
    expect(fake.chatCalls()).toHaveLength(1);
  });
});

describe("servers without json_schema", () => {
  it("a 400 for json_schema repeats the request with json_object, and the client remembers", async () => {
    const ai = client();
    fake.script({ type: "reject-json-schema" });
    await writeArticle(ai, { title: "Wills" });
    await writeArticle(ai, { title: "Estates" });
    const formats = fake.chatCalls().map((c) => (c.response_format as { type: string } | undefined)?.type);
    expect(formats).toEqual(["json_schema", "json_object", "json_object"]);
    expect(ai.jsonMode).toBe("json_object");
    // json_object needs the schema in words: the instruction names it.
    expect(String((fake.chatCalls()[1].messages as Array<{ content: string }>)[0].content)).toMatch(/Answer only with one JSON object[\s\S]*"metaDescription"/);
  });

  it("a server that takes neither gets a plain JSON instruction, and its fenced answer is read", async () => {
    const old = await startFakeAi({ jsonSchema: false, jsonObject: false });
    try {
      const ai = client(FAST, { AI_BASE_URL: old.url });
      const article = await writeArticle(ai, { title: "Wills" });
      expect(article.title).toBe("Wills");
      expect(old.chatCalls().map((c) => (c.response_format as { type: string } | undefined)?.type)).toEqual([
        "json_schema",
        "json_object",
        undefined,
      ]);
      expect(ai.jsonMode).toBe("plain");
    } finally {
      await old.close();
    }
  });
});

describe("faults", () => {
  it("connection refused: unavailable, retryable, says what to check", async () => {
    const error = await failure(writeArticle(client(FAST, { AI_BASE_URL: await refusedUrl("/v1") }), { title: "Wills" }));
    expect(error).toMatchObject({ service: "ai", kind: "unavailable", retryable: true });
    expect(error.message).toBe("The AI service could not be reached. Check AI_BASE_URL and that the server is running, then try again.");
  });

  it("a 500 is retried by the client; when it persists it is unavailable and retryable", async () => {
    fake.script({ type: "status", status: 500 });
    await expect(writeArticle(client({ ...FAST, maxRetries: 1 }), { title: "Wills" })).resolves.toMatchObject({ title: "Wills" });
    expect(fake.chatCalls()).toHaveLength(2);

    fake.script({ type: "status", status: 500 }, { type: "status", status: 503 });
    const error = await failure(writeArticle(client({ ...FAST, maxRetries: 1 }), { title: "Wills" }));
    expect(error).toMatchObject({ kind: "unavailable", retryable: true });
    expect(error.message).toBe("The AI service had an error (503). Try again later.");
  });

  it("429 with Retry-After: waited for in place when short, handed to the job runner when long", async () => {
    fake.script({ type: "status", status: 429, retryAfter: "1" });
    const started = Date.now();
    await writeArticle(client({ ...FAST, maxRetries: 2 }), { title: "Wills" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.chatCalls()).toHaveLength(2);

    fake.reset();
    fake.script({ type: "status", status: 429, retryAfter: "120" });
    const error = await failure(writeArticle(client({ ...FAST, maxRetries: 2 }), { title: "Wills" }));
    expect(error).toMatchObject({ kind: "rate-limited", retryable: true, retryAfterMs: 120_000 });
    expect(error.message).toBe("The AI service is receiving too many requests (429) and asks to wait 2 min.");
    // Not retried in place: the job runner comes back in two minutes.
    expect(fake.chatCalls()).toHaveLength(1);
  });

  it("a used-up quota (429 insufficient_quota) is not retryable", async () => {
    fake.script({ type: "status", status: 429, code: "insufficient_quota", message: "You exceeded your current quota." });
    const error = await failure(writeArticle(client(), { title: "Wills" }));
    expect(error).toMatchObject({ kind: "quota", retryable: false });
    expect(error.message).toMatch(/^The AI service's quota or credit is used up \(429: You exceeded your current quota\.\)/);
  });

  it("a wrong key: auth, not retryable, names AI_API_KEY", async () => {
    const ai = createAiClient({ AI_BASE_URL: fake.url, AI_API_KEY: "wrong", AI_MODEL: "m", AI_IMAGE_MODEL: "i" }, FAST);
    const error = await failure(writeArticle(ai, { title: "Wills" }));
    expect(error).toMatchObject({ kind: "auth", retryable: false });
    expect(error.message).toBe("The AI service refused the key (401). Check AI_API_KEY.");
  });

  it("a stalled answer past the timeout: timeout, retryable, with the time limit in words", async () => {
    fake.script({ type: "stall", ms: 5_000 });
    const error = await failure(writeArticle(client({ timeoutMs: 300, maxRetries: 0 }), { title: "Wills" }));
    expect(error).toMatchObject({ kind: "timeout", retryable: true });
    expect(error.message).toBe("The AI service did not answer within 1 s. Try again later.");
  });

  it("an abort stops the call with the abort's reason, not an outside-service error", async () => {
    fake.script({ type: "stall", ms: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("cancelled by the admin")), 100);
    await expect(writeArticle(client({ timeoutMs: 3_000, maxRetries: 0 }), { title: "Wills", signal: controller.signal })).rejects.toThrow(
      "cancelled by the admin",
    );
  });

  it("a web page instead of the API (AI_BASE_URL without /v1) says what to check", async () => {
    const error = await failure(writeArticle(client(FAST, { AI_BASE_URL: `${fake.origin}/web` }), { title: "Wills" }));
    expect(error).toMatchObject({ kind: "bad-answer", retryable: false });
    expect(error.message).toBe("The AI service's answer is not an OpenAI-compatible answer. Check AI_BASE_URL (it usually ends in /v1).");
  });

  it("not configured is a state with the variable to set", async () => {
    const ai = createAiClient({ AI_BASE_URL: undefined, AI_API_KEY: undefined, AI_MODEL: "m", AI_IMAGE_MODEL: "i" });
    expect(ai.configured).toBe(false);
    expect(ai.imageConfigured).toBe(false);
    expect(ai.notConfiguredMessage).toBe("Set AI_BASE_URL (and AI_API_KEY) to use AI writing.");
    const error = await failure(writeArticle(ai, { title: "Wills" }));
    expect(error).toMatchObject({ kind: "not-configured", retryable: false, message: ai.notConfiguredMessage });
  });
});

describe("featured images", () => {
  it("b64_json and url answers both give image bytes", async () => {
    const ai = client();
    fake.scriptImages({ type: "image", as: "b64" }, { type: "image", as: "url" });
    for (let i = 0; i < 2; i++) {
      const bytes = await makeFeaturedImage(ai, { title: "Wills" });
      expect((await sharp(bytes!).metadata()).format).toBe("png");
    }
    const [call] = fake.imageCalls();
    expect(call.model).toBe("gpt-image-1");
    expect(String(call.prompt)).toContain('"Wills"');
  });

  it("an answer that is not an image fails as not-image (the post is saved without one)", async () => {
    for (const as of ["b64", "url"] as const) {
      fake.scriptImages({ type: "not-image", as });
      const error = await failure(makeFeaturedImage(client(), { title: "Wills" }));
      expect(error).toMatchObject({ kind: "not-image", retryable: false });
      expect(error.message).toBe("The AI service's image answer is not an image; the post is saved without one.");
    }
  });

  it("an image url larger than the cap is refused while downloading", async () => {
    fake.scriptImages({ type: "image", as: "url" });
    const error = await failure(makeFeaturedImage(client({ ...FAST, maxImageBytes: 100 }), { title: "Wills" }));
    expect(error).toMatchObject({ kind: "not-image", retryable: false });
    expect(error.message).toMatch(/larger than/);
  });

  it("no image model (AI_IMAGE_MODEL=none): no image and no request", async () => {
    const ai = client(FAST, { AI_IMAGE_MODEL: "none" });
    expect(ai.imageConfigured).toBe(false);
    await expect(makeFeaturedImage(ai, { title: "Wills" })).resolves.toBeNull();
    expect(fake.imageCalls()).toHaveLength(0);
  });
});

describe("translating fields with the AI", () => {
  it("sends the non-empty fields in one call per format and keeps Markdown, links and code", async () => {
    const translator = createSiteTranslator({ TRANSLATE_PROVIDER: "ai" }, client());
    const content = "## Costs\n\n- See [the fees page](https://example.com/fees) and run `npm test`.\n\n```\ncode stays\n```";
    const result = await translateFields(translator, { title: "Wills", excerpt: "", content }, "fa");
    expect(result).toEqual({
      title: "[fa] Wills",
      content: "## [fa] Costs\n\n- [fa] See [the fees page](https://example.com/fees) and run `npm test`.\n\n```\ncode stays\n```",
    });
    const calls = fake.chatCalls();
    expect(calls).toHaveLength(2);
    expect(JSON.parse((calls[0].messages as Array<{ content: string }>)[1].content)).toEqual({ target: "fa", texts: ["Wills"] });
    expect((calls[1].messages as Array<{ content: string }>)[0].content).toMatch(/Persian \(Farsi\)[\s\S]*never its address/);
  });

  it("many or long texts go in several calls, each answer in its place", async () => {
    const translator = createSiteTranslator({ TRANSLATE_PROVIDER: "ai" }, client());
    const texts = [...Array.from({ length: 25 }, (_, i) => `Text ${i}`), "Long ".repeat(3_000).trim()];
    const result = await translator.translate(texts, "zh", { format: "text" });
    expect(result[0]).toBe("[zh] Text 0");
    expect(result[24]).toBe("[zh] Text 24");
    expect(result[25]).toMatch(/^\[zh\] Long Long/);
    const sent = fake.chatCalls().map((c) => (JSON.parse((c.messages as Array<{ content: string }>)[1].content) as { texts: string[] }).texts.length);
    expect(sent).toEqual([20, 5, 1]);
  });

  it("a wrong number of translations is repaired once, then fails with the counts", async () => {
    const translator = createSiteTranslator({ TRANSLATE_PROVIDER: "ai" }, client());
    fake.script({ type: "wrong-count" }, { type: "wrong-count" });
    const error = await failure(translator.translate(["One", "Two"], "zh", { format: "text" }));
    expect(error.message).toBe(
      "The AI service's answer could not be used: there are 1 translations for 2 texts; give exactly one per text, in order.",
    );
  });

  it("a translation that changes a link address is repaired", async () => {
    const translator = createSiteTranslator({ TRANSLATE_PROVIDER: "ai" }, client());
    fake.script({ type: "content", content: JSON.stringify({ translations: ["[fa] [page](https://example.org/changed)"] }) });
    const [text] = await translator.translate(["[page](https://example.com/a)"], "fa", { format: "markdown" });
    expect(text).toBe("[fa] [page](https://example.com/a)");
    const repair = fake.chatCalls()[1].messages as Array<{ content: string }>;
    expect(repair.at(-1)?.content).toMatch(/changed or dropped the link address https:\/\/example\.com\/a/);
  });
});

describe("the fake's controls over HTTP (for tests in another process)", () => {
  it("scripts a fault, reports the calls and resets", async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${fake.origin}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await post("/__script", { chat: [{ type: "status", status: 503 }] })).status).toBe(200);
    const error = await failure(writeArticle(client(), { title: "Wills" }));
    expect(error.message).toBe("The AI service had an error (503). Try again later.");
    const calls = (await (await fetch(`${fake.origin}/__calls`)).json()) as Array<{ path: string }>;
    expect(calls.map((c) => c.path)).toEqual(["/v1/chat/completions"]);
    await post("/__reset", {});
    expect(fake.calls).toHaveLength(0);
  });
});

describe("strict schemas", () => {
  it("closes every object and requires every property, nested ones too", () => {
    const schema = strictJsonSchema(z.object({ a: z.string(), b: z.object({ c: z.number().optional() }), d: z.array(z.object({ e: z.string() })) }));
    expect(schema).toMatchObject({
      type: "object",
      additionalProperties: false,
      required: ["a", "b", "d"],
      properties: {
        b: { additionalProperties: false, required: ["c"] },
        d: { items: { additionalProperties: false, required: ["e"] } },
      },
    });
    expect(schema.$schema).toBeUndefined();
  });
});
