import { z } from "zod";
import type { Config } from "../config";
import type { AiClient } from "./ai";
import { capResponse, formatBytes, MAX_ANSWER_BYTES } from "./capped-body";
import { abortError, formatDuration, OutsideServiceError, parseRetryAfter, type OutsideService } from "./errors";
import { fromTagged, toTagged } from "./markdown-segments";

/**
 * Machine translation from English by TRANSLATE_PROVIDER: the AI service (default), DeepL v2 or
 * LibreTranslate. Markdown keeps its structure: the AI is told to keep it and checked; for DeepL
 * and LibreTranslate only the text of paragraphs, headings and table cells is sent, with inline
 * markup as HTML tags and code and link addresses left out (markdown-segments.ts, decision 0029).
 */

export type TargetLanguage = "fa" | "zh";
export type TextFormat = "markdown" | "text";
export type TranslateProvider = Config["TRANSLATE_PROVIDER"];

export interface TranslateOptions {
  format: TextFormat;
  signal?: AbortSignal;
}

export interface Translator {
  readonly provider: TranslateProvider;
  readonly configured: boolean;
  readonly notConfiguredMessage: string;
  /** One translation per text, in order; an empty text stays empty and is not sent. */
  translate(texts: string[], target: TargetLanguage, options: TranslateOptions): Promise<string[]>;
}

export type TranslateConfig = Pick<
  Config,
  "TRANSLATE_PROVIDER" | "DEEPL_API_KEY" | "DEEPL_API_URL" | "LIBRETRANSLATE_URL" | "LIBRETRANSLATE_API_KEY"
>;

export interface TranslatorOptions {
  /** The AI's system message (the site's own lives in app/ai/prompts.ts). */
  instructions?: (target: TargetLanguage, format: TextFormat) => string;
  /** One request's time limit for DeepL and LibreTranslate. Default 60 s. */
  timeoutMs?: number;
  /** Largest answer read from DeepL or LibreTranslate; the rest is never downloaded. Default 2 MB. */
  maxAnswerBytes?: number;
}

export const TRANSLATE_NOT_CONFIGURED: Record<TranslateProvider, string> = {
  ai: "Set AI_BASE_URL (and AI_API_KEY) to translate with AI, or set TRANSLATE_PROVIDER to deepl or libretranslate.",
  deepl: "Set DEEPL_API_KEY to translate with DeepL (TRANSLATE_PROVIDER is deepl).",
  libretranslate: "Set LIBRETRANSLATE_URL to translate with LibreTranslate (TRANSLATE_PROVIDER is libretranslate).",
};

export function createTranslator(config: TranslateConfig, ai: AiClient, options: TranslatorOptions = {}): Translator {
  const provider = config.TRANSLATE_PROVIDER;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const limits = { timeoutMs, maxAnswerBytes: options.maxAnswerBytes ?? MAX_ANSWER_BYTES };
  const send =
    provider === "deepl"
      ? deeplSender(config, limits)
      : provider === "libretranslate"
        ? libreSender(config, limits)
        : null;
  const configured = provider === "ai" ? ai.configured : send !== null && send.configured;
  const notConfiguredMessage = TRANSLATE_NOT_CONFIGURED[provider];

  async function translate(texts: string[], target: TargetLanguage, { format, signal }: TranslateOptions): Promise<string[]> {
    if (!configured) throw new OutsideServiceError(provider === "ai" ? "ai" : provider, "not-configured", notConfiguredMessage);
    const result = texts.map(() => "");
    const todo = texts.map((text, index) => ({ text, index })).filter(({ text }) => text.trim() !== "");
    if (todo.length === 0) return result;
    let translated: string[];
    if (provider === "ai") {
      translated = await translateWithAi(ai, todo.map((t) => t.text), target, format, options.instructions ?? defaultInstructions, signal);
    } else if (format === "markdown") {
      // Only the prose is sent, as HTML; structure, code and addresses stay here.
      const tagged = todo.map((t) => toTagged(t.text));
      const flat = tagged.flatMap((t) => t.segments);
      const answers = flat.length ? await send!.translate(flat, target, "html", signal) : [];
      let at = 0;
      translated = tagged.map((t) => fromTagged(t, answers.slice(at, (at += t.segments.length))));
    } else {
      translated = await send!.translate(todo.map((t) => t.text), target, "text", signal);
    }
    todo.forEach(({ index }, i) => (result[index] = translated[i]));
    return result;
  }

  return { provider, configured, notConfiguredMessage, translate };
}

function defaultInstructions(target: TargetLanguage, format: TextFormat): string {
  const language = target === "fa" ? "Persian (Farsi)" : "Simplified Chinese";
  return `Translate each English text into ${language}. ${
    format === "markdown" ? "Keep the Markdown exactly; never change link addresses or code." : "Keep line breaks."
  } Answer with a JSON object with "translations": one translation per text, in the same order.`;
}

// --- AI ---------------------------------------------------------------------------------------

const translationsSchema = z.object({ translations: z.array(z.string()) });

async function translateWithAi(
  ai: AiClient,
  texts: string[],
  target: TargetLanguage,
  format: TextFormat,
  instructions: (target: TargetLanguage, format: TextFormat) => string,
  signal?: AbortSignal,
): Promise<string[]> {
  const out: string[] = [];
  for (const chunk of chunks(texts)) {
    const answer = await ai.generateJson({
      name: "translations",
      system: instructions(target, format),
      user: JSON.stringify({ target, texts: chunk }),
      schema: translationsSchema,
      check: ({ translations }) => checkTranslations(chunk, translations, format),
      signal,
    });
    out.push(...answer.translations);
  }
  return out;
}

/** A model's answer has a length limit: at most 20 texts or about 12,000 characters per call. */
const AI_BATCH_TEXTS = 20;
const AI_BATCH_CHARS = 12_000;

function chunks(texts: string[]): string[][] {
  const result: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const text of texts) {
    if (current.length && (current.length >= AI_BATCH_TEXTS || size + text.length > AI_BATCH_CHARS)) {
      result.push(current);
      current = [];
      size = 0;
    }
    current.push(text);
    size += text.length;
  }
  if (current.length) result.push(current);
  return result;
}

/** What the model must not get wrong: one answer per text, none empty, addresses and code kept. */
export function checkTranslations(texts: string[], translations: string[], format: TextFormat): string | null {
  if (translations.length !== texts.length) {
    return `there are ${translations.length} translations for ${texts.length} texts; give exactly one per text, in order`;
  }
  for (let i = 0; i < texts.length; i++) {
    if (!translations[i].trim()) return `translation ${i + 1} is empty`;
    if (format !== "markdown") continue;
    const kept = new Set(untranslatable(translations[i]));
    const lost = untranslatable(texts[i]).find((piece) => !kept.has(piece));
    if (lost) return `translation ${i + 1} changed or dropped ${lost}; keep it exactly as in the English text`;
  }
  return null;
}

/** Link addresses and code in a markdown text, which a translation keeps character for character. */
function untranslatable(markdown: string): string[] {
  const pieces: string[] = [];
  for (const match of markdown.matchAll(/```[\s\S]*?```|`[^`\n]+`/g)) pieces.push(`the code ${match[0].split("\n")[0]}`);
  for (const match of markdown.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) pieces.push(`the link address ${match[1]}`);
  return pieces;
}

// --- DeepL and LibreTranslate -------------------------------------------------------------------

interface Sender {
  configured: boolean;
  translate(texts: string[], target: TargetLanguage, format: "html" | "text", signal?: AbortSignal): Promise<string[]>;
}

/** DeepL takes up to 50 texts per request. */
const DEEPL_BATCH = 50;

/** DEEPL_API_URL when set; else free keys (ending ":fx"), which only work there, the free endpoint. */
export function deeplBaseUrl(config: Pick<TranslateConfig, "DEEPL_API_KEY" | "DEEPL_API_URL">): string {
  const url = config.DEEPL_API_URL ?? (config.DEEPL_API_KEY?.endsWith(":fx") ? "https://api-free.deepl.com" : "https://api.deepl.com");
  return url.replace(/\/+$/, "");
}

interface Limits {
  timeoutMs: number;
  maxAnswerBytes: number;
}

function deeplSender(config: TranslateConfig, limits: Limits): Sender {
  const key = config.DEEPL_API_KEY;
  const base = deeplBaseUrl(config);
  return {
    configured: Boolean(key),
    async translate(texts, target, format, signal) {
      const out: string[] = [];
      for (let start = 0; start < texts.length; start += DEEPL_BATCH) {
        const body = {
          text: texts.slice(start, start + DEEPL_BATCH),
          source_lang: "EN",
          target_lang: target === "fa" ? "FA" : "ZH-HANS",
          ...(format === "html" ? { tag_handling: "html" } : {}),
        };
        const response = await call("deepl", `${base}/v2/translate`, {
          method: "POST",
          headers: { Authorization: `DeepL-Auth-Key ${key}`, "Content-Type": "application/json" },
          body: JSON.stringify(body),
          ...limits,
          signal,
        });
        const parsed = z.object({ translations: z.array(z.object({ text: z.string() })) }).safeParse(await readJson("deepl", response));
        if (!parsed.success || parsed.data.translations.length !== body.text.length) {
          throw new OutsideServiceError("deepl", "bad-answer", "DeepL's answer could not be read (it did not hold one translation per text).", {
            retryable: false,
          });
        }
        out.push(...parsed.data.translations.map((t) => t.text));
      }
      return out;
    },
  };
}

function libreSender(config: TranslateConfig, limits: Limits): Sender {
  const base = config.LIBRETRANSLATE_URL?.replace(/\/+$/, "");
  let chinese: Promise<string> | null = null;

  /** "zh" on older servers, "zh-Hans" on newer ones: asked once, from /languages. */
  function chineseCode(signal?: AbortSignal): Promise<string> {
    chinese ??= (async () => {
      const response = await call("libretranslate", `${base}/languages`, { method: "GET", ...limits, signal });
      const parsed = z.array(z.object({ code: z.string() })).safeParse(await readJson("libretranslate", response));
      const codes = parsed.success ? parsed.data.map((l) => l.code) : [];
      const code = ["zh-Hans", "zh", "zh-CN"].find((c) => codes.includes(c));
      if (!code) {
        throw new OutsideServiceError("libretranslate", "unavailable", "This LibreTranslate server has no Chinese language installed. Install the Chinese model on it.", {
          retryable: false,
        });
      }
      return code;
    })();
    chinese.catch(() => (chinese = null));
    return chinese;
  }

  return {
    configured: Boolean(base),
    async translate(texts, target, format, signal) {
      const targetCode = target === "fa" ? "fa" : await chineseCode(signal);
      const response = await call("libretranslate", `${base}/translate`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          q: texts,
          source: "en",
          target: targetCode,
          format,
          ...(config.LIBRETRANSLATE_API_KEY ? { api_key: config.LIBRETRANSLATE_API_KEY } : {}),
        }),
        ...limits,
        signal,
      });
      const parsed = z.object({ translatedText: z.array(z.string()) }).safeParse(await readJson("libretranslate", response));
      if (!parsed.success || parsed.data.translatedText.length !== texts.length) {
        throw new OutsideServiceError("libretranslate", "bad-answer", "LibreTranslate's answer could not be read (it did not hold one translation per text).", {
          retryable: false,
        });
      }
      return parsed.data.translatedText;
    },
  };
}

type HttpService = Extract<OutsideService, "deepl" | "libretranslate">;
const NAMES: Record<HttpService, string> = { deepl: "DeepL", libretranslate: "LibreTranslate" };
const KEY_VARIABLE: Record<HttpService, string> = { deepl: "DEEPL_API_KEY", libretranslate: "LIBRETRANSLATE_API_KEY" };
const URL_VARIABLE: Record<HttpService, string> = { deepl: "DEEPL_API_URL", libretranslate: "LIBRETRANSLATE_URL" };

/** One HTTP request with a time limit; every failure becomes a sentence for the admin. */
async function call(
  service: HttpService,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string; timeoutMs: number; maxAnswerBytes: number; signal?: AbortSignal },
): Promise<Response> {
  const name = NAMES[service];
  const signals = [AbortSignal.timeout(init.timeoutMs), ...(init.signal ? [init.signal] : [])];
  let response: Response;
  try {
    const answer = await fetch(url, { method: init.method, headers: init.headers, body: init.body, signal: AbortSignal.any(signals) });
    response = capResponse(
      answer,
      init.maxAnswerBytes,
      () =>
        new OutsideServiceError(service, "bad-answer", `${name}'s answer is larger than ${formatBytes(init.maxAnswerBytes)}, so it was not read. Check ${URL_VARIABLE[service]}.`, {
          retryable: false,
        }),
    );
  } catch (error) {
    if (init.signal?.aborted) throw abortError(init.signal);
    if (error instanceof Error && error.name === "TimeoutError") {
      throw new OutsideServiceError(service, "timeout", `${name} did not answer within ${formatDuration(init.timeoutMs)}. Try again later.`, { cause: error });
    }
    throw new OutsideServiceError(service, "unavailable", `${name} could not be reached. Check ${URL_VARIABLE[service]} and the network, then try again.`, {
      cause: error,
    });
  }
  if (response.ok) return response;
  const detail = await errorDetail(response);
  const status = response.status;
  const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
  if (service === "deepl" && status === 456) {
    throw new OutsideServiceError("deepl", "quota", "DeepL's monthly quota is used up (456). Raise the limit in the DeepL account or wait for the next billing period.");
  }
  if (status === 429) {
    const when = retryAfterMs !== undefined ? ` and asks to wait ${formatDuration(retryAfterMs)}.` : ". Try again in a few minutes.";
    throw new OutsideServiceError(service, "rate-limited", `${name} is receiving too many requests (429)${when}`, {
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }
  if (status === 401 || status === 403) {
    throw new OutsideServiceError(service, "auth", `${name} refused the key (${status}). Check ${KEY_VARIABLE[service]}.`);
  }
  if (status >= 500) {
    throw new OutsideServiceError(service, "unavailable", `${name} had an error (${status}). Try again later.`, {
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }
  throw new OutsideServiceError(service, "bad-answer", `${name} rejected the request (${status}${detail ? `: ${detail}` : ""}).`, {
    retryable: false,
  });
}

async function errorDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  let message = text;
  try {
    const json = JSON.parse(text) as { message?: unknown; error?: unknown };
    message = typeof json.message === "string" ? json.message : typeof json.error === "string" ? json.error : "";
  } catch {
    // Not JSON: an HTML error page says nothing useful.
    if (/<html/i.test(text)) message = "";
  }
  message = message.replace(/\s+/g, " ").trim();
  return message.length > 200 ? `${message.slice(0, 199)}…` : message;
}

async function readJson(service: HttpService, response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    if (error instanceof OutsideServiceError) throw error;
    throw new OutsideServiceError(service, "bad-answer", `${NAMES[service]}'s answer is not JSON. Check ${URL_VARIABLE[service]}.`, {
      retryable: false,
    });
  }
}
