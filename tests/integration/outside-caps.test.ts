import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createAiClient, type AiConfig } from "../../core/outside/ai";
import { OutsideServiceError } from "../../core/outside/errors";
import { createGraphClient, GraphError } from "../../core/outside/graph";
import { createTranslator } from "../../core/outside/translate";
import { listen, readBody, type Listening } from "../fakes/http";
import { startBigServer, streamBody, type BigServer } from "../fakes/big-answer";

/**
 * Outside answers are read with a cap (decision 0052): a huge answer from the AI service, DeepL,
 * LibreTranslate or the Graph API ends in a sentence for the admin, the process never holds more
 * than the cap, and nothing is retried. Every answer here is made on the fly by a loopback server
 * that counts what it could write before the client hung up.
 */

const MB = 1024 * 1024;

interface Next {
  total: number;
  declare: boolean;
  prefix: string;
  suffix: string;
}

let huge: Listening & { sent: number; requests: string[]; next: Next | null; json: unknown };
let images: BigServer;
let png: Buffer;

const completionPrefix = '{"id":"c1","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"';
const completionSuffix = '"}}]}';

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#224466" } }).png().toBuffer();
  const state = { sent: 0, requests: [] as string[], next: null as Next | null, json: null as unknown };
  const listening = await listen(async (req, res) => {
    await readBody(req);
    state.requests.push(new URL(req.url ?? "/", "http://x").pathname);
    if (state.next) return streamBody(res, state.next.total, state, { contentType: "application/json", ...state.next });
    const text = JSON.stringify(state.json);
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  });
  huge = Object.defineProperties(listening, {
    sent: { get: () => state.sent },
    requests: { get: () => state.requests },
    next: { get: () => state.next, set: (v: Next | null) => (state.next = v) },
    json: { get: () => state.json, set: (v: unknown) => (state.json = v) },
  }) as typeof huge;
  images = await startBigServer(png);
});
afterAll(async () => {
  await huge?.close();
  await images?.close();
});
beforeEach(() => {
  huge.requests.length = 0;
  huge.next = null;
  images.reset();
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(error).toBeInstanceOf(Error);
  return error!;
}

/** The largest growth of the heap while the promise runs, sampled every few milliseconds. */
async function peakHeapGrowth<T>(run: () => Promise<T>): Promise<number> {
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 2);
  try {
    await run();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage().heapUsed) - base;
}

const aiConfig = (extra: Partial<AiConfig> = {}): AiConfig => ({ AI_BASE_URL: `${huge.origin}/v1`, AI_API_KEY: "k", AI_MODEL: "m", AI_IMAGE_MODEL: "gpt-image-1", ...extra });
const schema = z.object({ title: z.string() });

describe("the AI service's answers", () => {
  it("a 40 MB chat answer is a clear error at 2 MB: heap bounded, asked once, no unhandled rejection", async () => {
    huge.next = { total: 40 * MB, declare: false, prefix: completionPrefix, suffix: completionSuffix };
    const ai = createAiClient(aiConfig(), { maxRetries: 2, timeoutMs: 20_000 });
    let error: Error | null = null;
    const growth = await peakHeapGrowth(async () => {
      error = await failure(ai.generateJson({ name: "article", system: "s", user: "u", schema }));
    });
    expect(error).toBeInstanceOf(OutsideServiceError);
    expect(error!).toMatchObject({ service: "ai", kind: "bad-answer", retryable: false });
    expect(error!.message).toBe("The AI service's answer is larger than 2 MB, so it was not read. Try again; if it happens again, check AI_BASE_URL and AI_MODEL.");
    expect(huge.requests).toEqual(["/v1/chat/completions"]);
    expect(huge.sent).toBeLessThan(12 * MB);
    expect(growth).toBeLessThan(20 * MB);
  });

  it("a declared Content-Length over 2 MB is refused before the body is read", async () => {
    huge.next = { total: 40 * MB, declare: true, prefix: completionPrefix, suffix: completionSuffix };
    const error = await failure(createAiClient(aiConfig(), { maxRetries: 0 }).generateJson({ name: "article", system: "s", user: "u", schema }));
    expect(error.message).toMatch(/^The AI service's answer is larger than 2 MB/);
    expect(huge.sent).toBeLessThan(10 * MB);
  });

  it("a chat answer under the cap still works", async () => {
    huge.json = JSON.parse(`${completionPrefix}{\\"title\\":\\"Wills\\"}${completionSuffix}`);
    await expect(createAiClient(aiConfig(), { maxRetries: 0 }).generateJson({ name: "article", system: "s", user: "u", schema })).resolves.toEqual({ title: "Wills" });
  });

  it("a 300 MB b64_json image answer stops at the size of a 20 MB image", async () => {
    huge.next = { total: 300 * MB, declare: false, prefix: '{"created":1,"data":[{"b64_json":"', suffix: '"}]}' };
    const error = await failure(createAiClient(aiConfig(), { maxRetries: 0 }).generateImage({ prompt: "p" }));
    expect(error).toMatchObject({ kind: "not-image", retryable: false });
    expect(error.message).toBe("The AI service's image is larger than 20 MB; the post is saved without one.");
    expect(huge.sent).toBeLessThan(40 * MB);
  });

  it("an image URL of 300 MB, streamed, is refused at 20 MB (loopback allowed by the tests' flag)", async () => {
    huge.json = { created: 1, data: [{ url: `${images.origin}/undeclared/${300 * MB}` }] };
    const error = await failure(createAiClient(aiConfig({ OUTSIDE_FETCH_ALLOW_LOOPBACK: true }), { maxRetries: 0 }).generateImage({ prompt: "p" }));
    expect(error).toMatchObject({ kind: "not-image", retryable: false });
    expect(error.message).toBe("The AI service's image is larger than 20 MB; the post is saved without one.");
    expect(images.sent).toBeLessThan(32 * MB);
  });

  it("an image URL on this machine, in any spelling or behind a redirect, is one message and never fetched", async () => {
    const port = new URL(images.origin).port;
    const ai = createAiClient(aiConfig(), { maxRetries: 0 });
    for (const url of [`${images.origin}/png`, `http://2130706433:${port}/png`, `https://[::1]:${port}/png`, "https://169.254.169.254/latest/meta-data/", "https://10.0.0.1/a.png"]) {
      huge.json = { created: 1, data: [{ url }] };
      const error = await failure(ai.generateImage({ prompt: "p" }));
      expect(error, url).toMatchObject({ kind: "unavailable" });
      expect(error.message).toBe("The AI service's image could not be downloaded from the address it gave. Try again later; the post is saved without one.");
    }
    expect(images.connections).toBe(0);
  });
});

describe("translators and the Graph API", () => {
  it("DeepL: a 40 MB answer is an error at 2 MB", async () => {
    huge.next = { total: 40 * MB, declare: false, prefix: '{"translations":[{"text":"', suffix: '"}]}' };
    const translator = createTranslator({ TRANSLATE_PROVIDER: "deepl", DEEPL_API_KEY: "k:fx", DEEPL_API_URL: huge.origin }, createAiClient({ AI_MODEL: "m", AI_IMAGE_MODEL: "i" }));
    const error = await failure(translator.translate(["Hello"], "fa", { format: "text" }));
    expect(error).toMatchObject({ service: "deepl", kind: "bad-answer", retryable: false });
    expect(error.message).toBe("DeepL's answer is larger than 2 MB, so it was not read. Check DEEPL_API_URL.");
    expect(huge.sent).toBeLessThan(12 * MB);
  });

  it("LibreTranslate: a 40 MB answer (declared) is an error before reading", async () => {
    huge.next = { total: 40 * MB, declare: true, prefix: "[", suffix: "]" };
    const translator = createTranslator({ TRANSLATE_PROVIDER: "libretranslate", LIBRETRANSLATE_URL: huge.origin }, createAiClient({ AI_MODEL: "m", AI_IMAGE_MODEL: "i" }));
    const error = await failure(translator.translate(["Hello"], "zh", { format: "text" }));
    expect(error.message).toBe("LibreTranslate's answer is larger than 2 MB, so it was not read. Check LIBRETRANSLATE_URL.");
    expect(huge.sent).toBeLessThan(10 * MB);
  });

  it("Graph API: a 40 MB answer is a retry with a sentence, not a process out of memory", async () => {
    huge.next = { total: 40 * MB, declare: false, prefix: '{"id":"', suffix: '"}' };
    const graph = createGraphClient({ baseUrl: huge.origin, accessToken: "t" });
    const error = await failure(graph.account("17841400000000000"));
    expect(error).toBeInstanceOf(GraphError);
    expect(error).toMatchObject({ outcome: "retry" });
    expect(error.message).toBe("Instagram's answer is larger than 2 MB, so it was not read. Check GRAPH_API_URL; the post will be tried again automatically.");
    expect(huge.sent).toBeLessThan(12 * MB);
  });
});
