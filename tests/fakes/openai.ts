import type { IncomingMessage, ServerResponse } from "node:http";
import sharp from "sharp";
import { countWords } from "../../app/ai/words";
import { control, listen, markLines, readBody, sendJson, stall } from "./http";

/**
 * A stand-in for an OpenAI-compatible API on 127.0.0.1: POST /v1/chat/completions and
 * POST /v1/images/generations, answering in the real shapes (errors as {error: {message, type,
 * param, code}}).
 *
 *   const ai = await startFakeAi({ ...options });
 *   env AI_BASE_URL = ai.url              // "http://127.0.0.1:PORT/v1"
 *   ai.script(...behaviours)              // the next chat requests, one behaviour each, in order
 *   ai.scriptImages(...behaviours)        // the same for image requests
 *   ai.calls                              // every request: { path, body, headers }, oldest first
 *   ai.chatCalls() / ai.imageCalls()      // the parsed bodies of those requests only
 *   ai.setLatency(ms)                     // delay every answer from now on (options.latencyMs)
 *   ai.reset()                            // forget calls and scripts
 *   await ai.close()
 * From another process: POST {origin}/__script {"chat": [...], "images": [...]},
 * POST /__latency {"ms": n}, POST /__reset, GET /__calls (see control() in http.ts).
 *
 * Unscripted, it answers sensibly:
 * - a request whose first user message is JSON with "texts" (a translation) gets "translations":
 *   each text with "[fa] " (or "[zh] ") before the words of each line, Markdown kept;
 * - any other request gets an article built from the title in the user message ("titled "...""
 *   or the topic after "topic: "), of options.articleWords words (default 700) as
 *   {title, excerpt, content, metaDescription, imageAltText};
 * - images: a PNG (options.imageMode "b64" (default) as b64_json, or "url" served by the fake).
 * With response_format json_schema or json_object the content is bare JSON; without one (plain
 * JSON instruction) it comes in a ```json fence, as small models often answer.
 * options.jsonSchema / options.jsonObject = false make it a server that rejects that format (400),
 * like older self-hosted servers. options.apiKey requires "Authorization: Bearer KEY".
 * options.latencyMs delays every answer (a progress bar that can be seen moving).
 * Anything under {origin}/web/ answers 200 with an HTML page: a base URL pointing at a web UI.
 */

export type AiBehaviour =
  /** The answer it would give anyway. */
  | { type: "ok" }
  /** Closes the connection without an answer (a crashed server, a reset). */
  | { type: "hang-up" }
  /** An error status in OpenAI's error shape; retryAfter sets Retry-After (seconds, as text). */
  | { type: "status"; status: number; message?: string; code?: string; retryAfter?: string; headers?: Record<string, string> }
  /** Waits ms before answering normally (a client with a shorter timeout gives up first). */
  | { type: "stall"; ms: number }
  /** Exactly this assistant content. */
  | { type: "content"; content: string }
  /** Content that is not JSON. */
  | { type: "invalid-json" }
  /** The usual answer without one field (default "excerpt" for articles, "translations" otherwise). */
  | { type: "missing-field"; field?: string }
  /** An article of this many words (default 450). */
  | { type: "short-article"; words?: number }
  /** 400 for a json_schema request, as a server without structured outputs answers. */
  | { type: "reject-json-schema" }
  /** message.refusal set, content null. */
  | { type: "refusal"; text?: string }
  /** Translations with one item fewer than asked. */
  | { type: "wrong-count" }
  /** Images: an answer whose bytes are not an image (HTML), as b64_json or url. */
  | { type: "not-image"; as?: "b64" | "url" }
  /** Images: this way of returning the image. */
  | { type: "image"; as: "b64" | "url" }
  /** Images: data holds neither b64_json nor url. */
  | { type: "empty-image" };

export interface FakeAiOptions {
  jsonSchema?: boolean;
  jsonObject?: boolean;
  imageMode?: "b64" | "url";
  articleWords?: number;
  apiKey?: string;
  /** Every unscripted chat and image answer waits this long (progress that can be watched). */
  latencyMs?: number;
}

export interface FakeAiCall {
  path: string;
  body: Record<string, unknown>;
  headers: IncomingMessage["headers"];
}

export interface FakeAi {
  /** The base URL for AI_BASE_URL, ending in /v1. */
  url: string;
  origin: string;
  calls: FakeAiCall[];
  script(...behaviours: AiBehaviour[]): void;
  scriptImages(...behaviours: AiBehaviour[]): void;
  chatCalls(): Array<Record<string, unknown>>;
  /** Changes options.latencyMs from now on. */
  setLatency(ms: number): void;
  imageCalls(): Array<Record<string, unknown>>;
  reset(): void;
  close(): Promise<void>;
}

interface ChatMessage {
  role: string;
  content: string | null;
}

export async function startFakeAi(options: FakeAiOptions = {}): Promise<FakeAi> {
  const calls: FakeAiCall[] = [];
  let chatScript: AiBehaviour[] = [];
  let imageScript: AiBehaviour[] = [];
  const files = new Map<string, { type: string; bytes: Buffer }>();
  const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 40, g: 70, b: 110 } } }).png().toBuffer();
  const notImage = Buffer.from("<!doctype html><title>Not an image</title><p>Sorry, something went wrong.</p>");
  let fileCount = 0;
  let latency = options.latencyMs ?? 0;

  const listening = await listen(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const controlled = await control(req, res, path, {
      script: (body) => {
        chatScript.push(...((body.chat as AiBehaviour[] | undefined) ?? []));
        imageScript.push(...((body.images as AiBehaviour[] | undefined) ?? []));
      },
      latency: (ms) => void (latency = ms),
      reset: () => fake.reset(),
      calls: () => calls.map(({ path, body }) => ({ path, body })),
    });
    if (controlled) return;
    if (path.startsWith("/web/")) {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><title>Chat</title><p>Welcome to the chat web interface.</p>");
      return;
    }
    if (req.method === "GET" && path.startsWith("/files/")) {
      const file = files.get(path);
      if (!file) return sendJson(res, 404, { error: { message: "Not found" } });
      res.writeHead(200, { "content-type": file.type, "content-length": file.bytes.byteLength });
      res.end(file.bytes);
      return;
    }
    const raw = await readBody(req);
    let body: Record<string, unknown>;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return sendError(res, 400, "We could not parse the JSON body of your request.");
    }
    calls.push({ path, body, headers: req.headers });
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(res, 401, "Incorrect API key provided.", { code: "invalid_api_key" });
    }
    if (req.method === "POST" && path === "/v1/chat/completions") return chat(req, res, body, chatScript.shift() ?? { type: "ok" });
    if (req.method === "POST" && path === "/v1/images/generations") return image(req, res, body, imageScript.shift() ?? { type: "ok" });
    return sendError(res, 404, `Unknown request ${req.method} ${path}.`);
  });

  const origin = listening.origin;

  async function common(req: IncomingMessage, res: ServerResponse, behaviour: AiBehaviour): Promise<boolean> {
    if (latency > 0 && !(await stall(req, latency))) return true;
    if (behaviour.type === "hang-up") {
      req.socket.destroy();
      return true;
    }
    if (behaviour.type === "status") {
      const headers = { ...(behaviour.retryAfter ? { "retry-after": behaviour.retryAfter } : {}), ...behaviour.headers };
      sendError(res, behaviour.status, behaviour.message ?? defaultMessage(behaviour.status), { code: behaviour.code, headers });
      return true;
    }
    if (behaviour.type === "stall") return !(await stall(req, behaviour.ms));
    return false;
  }

  async function chat(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>, behaviour: AiBehaviour) {
    if (await common(req, res, behaviour)) return;
    const format = (body.response_format as { type?: string } | undefined)?.type;
    if (format === "json_schema" && (options.jsonSchema === false || behaviour.type === "reject-json-schema")) {
      return sendError(res, 400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", {
        param: "response_format",
      });
    }
    if (format === "json_object" && options.jsonObject === false) {
      return sendError(res, 400, "Invalid parameter: 'response_format' of type 'json_object' is not supported with this model.", {
        param: "response_format",
      });
    }
    if (behaviour.type === "refusal") {
      return sendJson(res, 200, completion(body, { content: null, refusal: behaviour.text ?? "I'm sorry, I can't help with that request." }));
    }
    const messages = (body.messages as ChatMessage[] | undefined) ?? [];
    const firstUser = messages.find((m) => m.role === "user")?.content ?? "";
    let answer: Record<string, unknown>;
    const translation = parseTranslation(firstUser);
    if (translation) {
      const label = `[${translation.target}]`;
      const translations = translation.texts.map((text) => markLines(text, label));
      if (behaviour.type === "wrong-count") translations.pop();
      answer = { translations };
    } else {
      const title = titleOf(firstUser);
      answer = article(title, behaviour.type === "short-article" ? (behaviour.words ?? 450) : (options.articleWords ?? 700));
    }
    if (behaviour.type === "missing-field") delete answer[behaviour.field ?? (translation ? "translations" : "excerpt")];
    let content = JSON.stringify(answer);
    if (behaviour.type === "invalid-json") content = `Here is the article you asked for: {"title": "${titleOf(firstUser)}", "content": "...`;
    if (behaviour.type === "content") content = behaviour.content;
    if (!format && behaviour.type !== "content" && behaviour.type !== "invalid-json") content = `\`\`\`json\n${content}\n\`\`\``;
    sendJson(res, 200, completion(body, { content, refusal: null }));
  }

  async function image(req: IncomingMessage, res: ServerResponse, _body: Record<string, unknown>, behaviour: AiBehaviour) {
    if (await common(req, res, behaviour)) return;
    if (behaviour.type === "empty-image") return sendJson(res, 200, { created: now(), data: [{}] });
    const bytes = behaviour.type === "not-image" ? notImage : png;
    const as = behaviour.type === "not-image" || behaviour.type === "image" ? (behaviour.as ?? "b64") : (options.imageMode ?? "b64");
    if (as === "b64") return sendJson(res, 200, { created: now(), data: [{ b64_json: bytes.toString("base64") }] });
    const path = `/files/image-${++fileCount}.${behaviour.type === "not-image" ? "html" : "png"}`;
    files.set(path, { type: behaviour.type === "not-image" ? "text/html" : "image/png", bytes });
    sendJson(res, 200, { created: now(), data: [{ url: `${origin}${path}`, revised_prompt: null }] });
  }

  const fake: FakeAi = {
    url: `${origin}/v1`,
    origin,
    calls,
    script: (...behaviours) => void chatScript.push(...behaviours),
    scriptImages: (...behaviours) => void imageScript.push(...behaviours),
    setLatency: (ms) => void (latency = ms),
    chatCalls: () => calls.filter((c) => c.path === "/v1/chat/completions").map((c) => c.body),
    imageCalls: () => calls.filter((c) => c.path === "/v1/images/generations").map((c) => c.body),
    reset() {
      calls.length = 0;
      chatScript = [];
      imageScript = [];
    },
    close: listening.close,
  };
  return fake;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function completion(body: Record<string, unknown>, message: { content: string | null; refusal: string | null }) {
  return {
    id: `chatcmpl-fake${Math.random().toString(36).slice(2, 10)}`,
    object: "chat.completion",
    created: now(),
    model: String(body.model ?? "fake-model"),
    choices: [{ index: 0, message: { role: "assistant", ...message }, logprobs: null, finish_reason: "stop" }],
    usage: { prompt_tokens: 100, completion_tokens: 100, total_tokens: 200 },
  };
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  { param = null, code, headers = {} }: { param?: string | null; code?: string; headers?: Record<string, string> } = {},
) {
  const type = status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error";
  sendJson(res, status, { error: { message, type, param, code: code ?? null } }, headers);
}

function defaultMessage(status: number): string {
  if (status === 429) return "Rate limit reached for requests. Please try again later.";
  if (status === 401) return "Incorrect API key provided.";
  if (status >= 500) return "The server had an error while processing your request. Sorry about that!";
  return `Request failed with status ${status}.`;
}

function parseTranslation(user: string | null): { target: string; texts: string[] } | null {
  try {
    const parsed = JSON.parse(user ?? "") as { target?: unknown; texts?: unknown };
    if (Array.isArray(parsed.texts)) return { target: String(parsed.target ?? "xx"), texts: parsed.texts.map(String) };
  } catch {
    // Not a translation request.
  }
  return null;
}

function titleOf(user: string | null): string {
  const text = user ?? "";
  return /titled "([^"]+)"/.exec(text)?.[1] ?? /topic[^:]*:\s*(.+)$/im.exec(text)?.[1]?.trim() ?? "Legal Matters in British Columbia";
}

const SENTENCES = [
  "Many people in British Columbia first meet this question at a stressful time, and clear general information helps.",
  "The rules described here are general and the right step depends on the facts of each situation.",
  "Keeping copies of letters, emails and forms makes it easier to understand the options later.",
  "Deadlines can matter a great deal, so it is wise to note every date mentioned in a document.",
  "A lawyer can explain how the law applies to your own circumstances and what choices you have.",
  "Courts and tribunals in Canada expect people to be honest, organised and respectful of the process.",
  "Writing down what happened, in order and with dates, is a simple habit that saves time.",
  "Some matters settle through negotiation or mediation, while others need a formal hearing.",
];

/** An article of about `words` words (within a few), with headings and a list. */
export function article(title: string, words: number) {
  const parts: string[] = [`This article gives general information about ${title.toLowerCase()} for people in British Columbia.`];
  let section = 0;
  let sentence = 0;
  while (countWords(parts.join("\n\n")) < words - 12) {
    if (sentence % 6 === 0) {
      section++;
      parts.push(`## Part ${section}: what to know`);
      if (section === 2) parts.push("- Gather your documents\n- Note the key dates\n- Ask questions early");
    }
    parts.push(SENTENCES[sentence % SENTENCES.length]);
    sentence++;
  }
  let content = parts.join("\n\n");
  // Pad to the exact count with a closing sentence cut to fit.
  const missing = words - countWords(content);
  if (missing > 0) {
    const filler = "Please contact the firm to talk about your own situation and the options that may be open to you in the months ahead today"
      .split(" ")
      .slice(0, missing)
      .join(" ");
    content += `\n\n${filler}.`;
  }
  return {
    title,
    excerpt: `General information about ${title.toLowerCase()} in British Columbia, and when to ask a lawyer.`,
    content,
    metaDescription: `General information about ${title.toLowerCase()} in British Columbia.`.slice(0, 160),
    imageAltText: `An office in Vancouver with documents about ${title.toLowerCase()}`,
  };
}
