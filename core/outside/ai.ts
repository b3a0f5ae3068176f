import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import sharp, { type Metadata } from "sharp";
import { z } from "zod";
import type { Config } from "../config";
import { capResponse, formatBytes, MAX_ANSWER_BYTES, MAX_IMAGE_BYTES } from "./capped-body";
import { abortError, formatDuration, OutsideServiceError, parseRetryAfter } from "./errors";
import { DownloadTooLarge, fetchPublicResource, type Resolve } from "./guarded-fetch";

/**
 * Any OpenAI-compatible API (the hosted one, Ollama, vLLM, llama.cpp, LM Studio) through the
 * official `openai` client: structured answers validated with Zod, images checked with sharp.
 * Every failure is an OutsideServiceError (see errors.ts); an abort rethrows the signal's reason.
 */

export type AiConfig = Pick<Config, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL" | "AI_IMAGE_MODEL"> &
  Partial<Pick<Config, "OUTSIDE_FETCH_ALLOW_LOOPBACK">>;

export interface AiClientOptions {
  /** One attempt's time limit. Default 60 s. */
  timeoutMs?: number;
  /** In-place retries on 408/409/429/5xx and connection errors (the SDK's own, with backoff). Default 2. */
  maxRetries?: number;
  /**
   * A Retry-After longer than this is not waited for in place: the call fails as rate-limited with
   * retryAfterMs, and the job runner comes back later. Default 20 s.
   */
  maxInlineWaitMs?: number;
  /** Largest image accepted, and largest image answer (b64_json) read. Default 20 MB. */
  maxImageBytes?: number;
  /** Largest chat answer read; the rest is never downloaded. Default 2 MB. */
  maxAnswerBytes?: number;
  /** Where the real reason of a failed image download goes (never to the browser). */
  log?: { warn(details: Record<string, unknown>, message: string): void };
  /** Tests only: the resolver of image URLs' host names (see guarded-fetch.ts). */
  resolve?: Resolve;
}

export type JsonMode = "json_schema" | "json_object" | "plain";

export interface GenerateJsonRequest<T> {
  /** A short name for the answer's schema, e.g. "article" (letters, digits, _ and -). */
  name: string;
  system: string;
  user: string;
  schema: z.ZodType<T>;
  /** A further check of a valid answer: a problem in one sentence, or null when it is fine. */
  check?: (value: T) => string | null;
  signal?: AbortSignal;
}

export interface AiClient {
  /** AI_BASE_URL is set. */
  readonly configured: boolean;
  readonly notConfiguredMessage: string;
  /** An image model is set (AI_IMAGE_MODEL is not "none") and AI is configured. */
  readonly imageConfigured: boolean;
  readonly model: string;
  /** How the server takes structured answers, learnt from its 400s; starts as json_schema. */
  readonly jsonMode: JsonMode;
  generateJson<T>(request: GenerateJsonRequest<T>): Promise<T>;
  /** The image's bytes, checked to be an image (JPEG, PNG, WebP, ...). */
  generateImage(request: { prompt: string; signal?: AbortSignal }): Promise<Buffer>;
}

export const AI_NOT_CONFIGURED = "Set AI_BASE_URL (and AI_API_KEY) to use AI writing.";
const IMAGE_FORMATS = new Set(["jpeg", "png", "webp", "avif", "gif", "heif", "tiff"]);

/** A self-hosted server may need no key, but the client wants one. */
const NO_KEY = "not-needed";

export function createAiClient(config: AiConfig, options: AiClientOptions = {}): AiClient {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxInlineWaitMs = options.maxInlineWaitMs ?? 20_000;
  const maxImageBytes = options.maxImageBytes ?? MAX_IMAGE_BYTES;
  const maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  const configured = Boolean(config.AI_BASE_URL);
  const imageModel = config.AI_IMAGE_MODEL && config.AI_IMAGE_MODEL.toLowerCase() !== "none" ? config.AI_IMAGE_MODEL : null;
  let jsonMode: JsonMode = "json_schema";

  const openai = configured
    ? new OpenAI({
        baseURL: config.AI_BASE_URL,
        apiKey: config.AI_API_KEY || NO_KEY,
        // Never picked up from the environment: the configuration is the only source.
        organization: null,
        project: null,
        webhookSecret: null,
        timeout: timeoutMs,
        maxRetries: options.maxRetries ?? 2,
        logLevel: "off",
        fetch: capAnswers(holdBackLongWaits(maxInlineWaitMs), maxAnswerBytes, maxImageBytes),
      })
    : null;

  function client(): OpenAI {
    if (!openai) throw new OutsideServiceError("ai", "not-configured", AI_NOT_CONFIGURED);
    return openai;
  }

  /** One chat call with the given JSON mode; the SDK's errors become OutsideServiceErrors. */
  async function complete(messages: ChatCompletionMessageParam[], mode: JsonMode, name: string, jsonSchema: object, signal?: AbortSignal) {
    const responseFormat =
      mode === "json_schema"
        ? { type: "json_schema" as const, json_schema: { name, schema: jsonSchema as Record<string, unknown>, strict: true } }
        : mode === "json_object"
          ? { type: "json_object" as const }
          : undefined;
    try {
      return await client().chat.completions.create(
        { model: config.AI_MODEL, messages, ...(responseFormat ? { response_format: responseFormat } : {}) },
        { signal },
      );
    } catch (error) {
      throw toOutsideError(error, signal, timeoutMs, config.AI_MODEL);
    }
  }

  /** Chat, stepping down json_schema -> json_object -> plain when the server rejects the format. */
  async function completeWithFallback(messages: ChatCompletionMessageParam[], name: string, jsonSchema: object, signal?: AbortSignal) {
    for (;;) {
      const mode = jsonMode;
      const withInstruction = mode === "json_schema" ? messages : addJsonInstruction(messages, jsonSchema);
      try {
        return await complete(withInstruction, mode, name, jsonSchema, signal);
      } catch (error) {
        const cause = error instanceof OutsideServiceError ? error.cause : undefined;
        if (mode !== "plain" && rejectsResponseFormat(cause)) {
          jsonMode = mode === "json_schema" ? "json_object" : "plain";
          continue;
        }
        throw error;
      }
    }
  }

  async function generateJson<T>(request: GenerateJsonRequest<T>): Promise<T> {
    client();
    const jsonSchema = strictJsonSchema(request.schema);
    const messages: ChatCompletionMessageParam[] = [
      { role: "system", content: request.system },
      { role: "user", content: request.user },
    ];
    let problem = "";
    for (let attempt = 0; attempt < 2; attempt++) {
      const completion = await completeWithFallback(messages, request.name, jsonSchema, request.signal);
      if (!Array.isArray((completion as { choices?: unknown } | null)?.choices)) throw notAnApiAnswer();
      const choice = completion.choices[0];
      const message = choice?.message;
      if (message?.refusal) {
        throw new OutsideServiceError(
          "ai",
          "refused",
          `The AI service declined to answer: "${clip(message.refusal, 200)}". Change the wording and try again.`,
        );
      }
      const content = typeof message?.content === "string" ? message.content : "";
      const result = readAnswer(content, request.schema, request.check);
      if (result.ok) return result.value;
      problem = choice?.finish_reason === "length" ? "the answer was cut off before it was complete" : result.problem;
      if (attempt === 0) {
        // One repair: the model sees its answer and what is wrong with it.
        messages.push(
          { role: "assistant", content: content || "(empty answer)" },
          {
            role: "user",
            content: `That answer cannot be used: ${problem}. Answer again with the complete, corrected JSON object only.`,
          },
        );
      }
    }
    throw new OutsideServiceError("ai", "bad-answer", `The AI service's answer could not be used: ${problem}.`);
  }

  async function generateImage({ prompt, signal }: { prompt: string; signal?: AbortSignal }): Promise<Buffer> {
    const ai = client();
    if (!imageModel) {
      throw new OutsideServiceError("ai", "not-configured", "Set AI_IMAGE_MODEL to generate featured images.");
    }
    let answer: OpenAI.Images.ImagesResponse;
    try {
      answer = await ai.images.generate({ model: imageModel, prompt, n: 1, ...imageSize(imageModel) }, { signal });
    } catch (error) {
      throw toOutsideError(error, signal, timeoutMs, imageModel);
    }
    if (!Array.isArray((answer as { data?: unknown } | null)?.data)) throw notAnApiAnswer();
    const image = answer.data?.[0];
    let bytes: Buffer;
    if (image?.b64_json) {
      bytes = Buffer.from(image.b64_json, "base64");
    } else if (image?.url) {
      bytes = await fetchImage(image.url, {
        signal,
        timeoutMs,
        maxBytes: maxImageBytes,
        allowLoopback: config.OUTSIDE_FETCH_ALLOW_LOOPBACK === true,
        log: options.log,
        resolve: options.resolve,
      });
    } else {
      throw new OutsideServiceError("ai", "bad-answer", "The AI service's image answer held no image (neither b64_json nor url).");
    }
    if (bytes.byteLength > maxImageBytes) {
      throw imageTooLarge(maxImageBytes);
    }
    let meta: Metadata | undefined;
    try {
      meta = await sharp(bytes).metadata();
    } catch {
      meta = undefined;
    }
    if (!meta?.format || !IMAGE_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      throw new OutsideServiceError("ai", "not-image", "The AI service's image answer is not an image; the post is saved without one.");
    }
    return bytes;
  }

  return {
    configured,
    notConfiguredMessage: AI_NOT_CONFIGURED,
    imageConfigured: configured && imageModel !== null,
    model: config.AI_MODEL,
    get jsonMode() {
      return jsonMode;
    },
    generateJson,
    generateImage,
  };
}

/** Landscape where the model is known to take it; otherwise the server's default size. */
function imageSize(model: string): { size?: "1536x1024" | "1792x1024" } {
  if (model.startsWith("gpt-image")) return { size: "1536x1024" };
  if (model === "dall-e-3") return { size: "1792x1024" };
  return {};
}

/**
 * The SDK waits out any Retry-After in place. A long one would hold the job's lease for nothing:
 * past maxInlineWaitMs the answer is marked not-to-retry, so the call fails as rate-limited with
 * retryAfterMs and the job runner schedules the retry.
 */
function holdBackLongWaits(maxInlineWaitMs: number) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    if (response.status !== 429 && response.status < 500) return response;
    const wait = retryAfterOf(response.headers);
    if (wait === undefined || wait <= maxInlineWaitMs) return response;
    const headers = new Headers(response.headers);
    headers.set("x-should-retry", "false");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * Every answer is read through a counting stream (decision 0052): a chat answer stops at
 * maxAnswerBytes, an image answer (b64_json) at an image of maxImageBytes. The SDK reads the body with
 * json()/text(), which then reject with our OutsideServiceError; the body errors after the
 * fetch resolved, so the SDK does not retry it. An image answer's cap is the base64 size of
 * maxImageBytes.
 */
function capAnswers(inner: FetchLike, maxAnswerBytes: number, maxImageBytes: number): FetchLike {
  return async (input, init) => {
    const response = await inner(input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const isImage = /\/images\/(generations|edits|variations)(\?|$)/.test(url);
    // An image comes as base64 in JSON: 4/3 of its size, and a little for the rest of the answer.
    return isImage
      ? capResponse(response, Math.ceil(maxImageBytes / 3) * 4 + 64 * 1024, () => imageTooLarge(maxImageBytes))
      : capResponse(
          response,
          maxAnswerBytes,
          () =>
            new OutsideServiceError(
              "ai",
              "bad-answer",
              `The AI service's answer is larger than ${formatBytes(maxAnswerBytes)}, so it was not read. Try again; if it happens again, check AI_BASE_URL and AI_MODEL.`,
              { retryable: false },
            ),
        );
  };
}

function imageTooLarge(maxBytes: number): OutsideServiceError {
  return new OutsideServiceError("ai", "not-image", `The AI service's image is larger than ${formatBytes(maxBytes)}; the post is saved without one.`, {
    retryable: false,
  });
}

function retryAfterOf(headers: Headers | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get("retry-after-ms");
  if (ms && !Number.isNaN(Number(ms))) return Number(ms);
  return parseRetryAfter(headers.get("retry-after"));
}

function toOutsideError(error: unknown, signal: AbortSignal | undefined, timeoutMs: number, model: string): Error {
  if (error instanceof OutsideServiceError) return error;
  if (error instanceof APIUserAbortError || signal?.aborted) return abortError(signal);
  if (error instanceof APIConnectionTimeoutError) {
    return new OutsideServiceError("ai", "timeout", `The AI service did not answer within ${formatDuration(timeoutMs)}. Try again later.`, {
      cause: error,
    });
  }
  if (error instanceof APIConnectionError) {
    return new OutsideServiceError(
      "ai",
      "unavailable",
      "The AI service could not be reached. Check AI_BASE_URL and that the server is running, then try again.",
      { cause: error },
    );
  }
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const detail = serverMessage(error);
    const code = typeof error.code === "string" ? error.code : "";
    if (status === 429 && /quota|billing|credit/i.test(`${code} ${detail}`)) {
      return new OutsideServiceError("ai", "quota", `The AI service's quota or credit is used up (429${detail ? `: ${detail}` : ""}). Add credit or raise the limit, then try again.`, {
        cause: error,
      });
    }
    if (status === 429) {
      const retryAfterMs = retryAfterOf(error.headers);
      const when = retryAfterMs !== undefined ? ` and asks to wait ${formatDuration(retryAfterMs)}.` : ". Try again in a few minutes.";
      return new OutsideServiceError("ai", "rate-limited", `The AI service is receiving too many requests (429)${when}`, {
        cause: error,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      });
    }
    if (status === 401 || status === 403) {
      return new OutsideServiceError("ai", "auth", `The AI service refused the key (${status}). Check AI_API_KEY.`, { cause: error });
    }
    if (status === 404) {
      return new OutsideServiceError(
        "ai",
        "unavailable",
        `The AI service does not know the model "${model}" or the address (404). Check AI_MODEL and AI_BASE_URL.`,
        { cause: error, retryable: false },
      );
    }
    if (status >= 500 || status === 408 || status === 409) {
      return new OutsideServiceError("ai", "unavailable", `The AI service had an error (${status}). Try again later.`, {
        cause: error,
        retryAfterMs: retryAfterOf(error.headers),
      });
    }
    return new OutsideServiceError("ai", "bad-answer", `The AI service rejected the request (${status}${detail ? `: ${detail}` : ""}).`, {
      cause: error,
      retryable: false,
    });
  }
  return new OutsideServiceError("ai", "unavailable", `The AI service failed: ${error instanceof Error ? error.message : String(error)}.`, {
    cause: error,
  });
}

/** A web page or another API answered: usually AI_BASE_URL without its /v1. */
function notAnApiAnswer(): OutsideServiceError {
  return new OutsideServiceError(
    "ai",
    "bad-answer",
    "The AI service's answer is not an OpenAI-compatible answer. Check AI_BASE_URL (it usually ends in /v1).",
    { retryable: false },
  );
}

function serverMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const message = typeof body?.message === "string" ? body.message : "";
  return clip(message.replace(/\s+/g, " ").trim(), 200);
}

/** A 400 about response_format: the server does not take this way of asking for JSON. */
function rejectsResponseFormat(error: unknown): boolean {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return false;
  const param = (error as { param?: unknown }).param;
  return param === "response_format" || /response_format|json_schema|json_object|structured output/i.test(serverMessage(error) + error.message);
}

function addJsonInstruction(messages: ChatCompletionMessageParam[], jsonSchema: object): ChatCompletionMessageParam[] {
  const [system, ...rest] = messages;
  const instruction =
    "\n\nAnswer only with one JSON object, no other text and no code fence, that matches this JSON Schema:\n" +
    JSON.stringify(jsonSchema);
  return [{ role: "system", content: `${String(system.content)}${instruction}` }, ...rest];
}

type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

function readAnswer<T>(content: string, schema: z.ZodType<T>, check?: (value: T) => string | null): Read<T> {
  if (!content.trim()) return { ok: false, problem: "the answer was empty" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(extractJson(content));
  } catch {
    return { ok: false, problem: "the answer is not valid JSON" };
  }
  const result = schema.safeParse(parsed);
  if (!result.success) return { ok: false, problem: describeIssues(result.error) };
  const problem = check?.(result.data) ?? null;
  return problem ? { ok: false, problem } : { ok: true, value: result.data };
}

/** Plain-mode answers often come in a code fence or with a sentence around the object. */
function extractJson(content: string): string {
  const trimmed = content.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/i.exec(trimmed);
  if (fenced) return fenced[1];
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) return trimmed;
  const start = trimmed.indexOf("{");
  const end = trimmed.lastIndexOf("}");
  return start >= 0 && end > start ? trimmed.slice(start, end + 1) : trimmed;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const field = issue.path.length ? `"${issue.path.join(".")}"` : "the answer";
      if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) return `${field} is missing`;
      return `${field}: ${issue.message}`;
    })
    .join("; ");
}

/**
 * The Zod schema as a JSON Schema that strict structured outputs accept: every object closed
 * (additionalProperties false) with all its properties required, no $schema keyword, no
 * string length or pattern limits.
 */
export function strictJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: "draft-7", io: "output", unrepresentable: "any" }) as Record<string, unknown>;
  delete json.$schema;
  const visit = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as Record<string, unknown>;
    // String limits are not accepted by every strict server; Zod checks them on the answer anyway.
    if (record.type === "string") for (const keyword of ["minLength", "maxLength", "pattern", "format"]) delete record[keyword];
    if (record.type === "object" && record.properties && typeof record.properties === "object") {
      record.additionalProperties = false;
      record.required = Object.keys(record.properties);
    }
    Object.values(record).forEach(visit);
  };
  visit(json);
  return json;
}

/**
 * The image at the URL the AI service gave: a public https address only, through the guarded
 * fetcher (decision 0052). Every refusal or failure is one message, so the answer never tells
 * what is listening where; the reason goes to the log.
 */
async function fetchImage(
  url: string,
  options: {
    signal?: AbortSignal;
    timeoutMs: number;
    maxBytes: number;
    allowLoopback: boolean;
    log?: AiClientOptions["log"];
    resolve?: Resolve;
  },
): Promise<Buffer> {
  try {
    const resource = await fetchPublicResource(url, { ...options, accept: "image/*" });
    return resource.bytes;
  } catch (error) {
    if (options.signal?.aborted) throw abortError(options.signal);
    if (error instanceof DownloadTooLarge) throw imageTooLarge(options.maxBytes);
    throw new OutsideServiceError(
      "ai",
      "unavailable",
      "The AI service's image could not be downloaded from the address it gave. Try again later; the post is saved without one.",
      { cause: error },
    );
  }
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
