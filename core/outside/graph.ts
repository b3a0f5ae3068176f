/**
 * The Instagram Graph API (content publishing), as this site uses it: read the account, create
 * an image container, read its status, read the publishing quota, publish, read a media's link.
 * Every failure becomes a GraphError whose `outcome` says what to do (decision 0033):
 * - "reconnect": the token is expired or revoked (190) or lacks a permission (10, 200-299);
 * - "retry": throttling (4, 17, 32, 613), the daily publishing limit, transient errors, 5xx,
 *   timeouts and network failures, a media fetch failure (9004) the first time;
 * - "permanent": the request itself is refused (an image Instagram will not take, ...).
 * Messages are sentences for the admin; the token never appears in one, nor in a URL logged.
 */
import { capResponse, formatBytes, MAX_ANSWER_BYTES } from "./capped-body";
import { OutsideServiceError, parseRetryAfter, type OutsideErrorKind } from "./errors";

/** The one Graph API version this site speaks (SPEC 9). */
export const GRAPH_API_VERSION = "v21.0";

export type GraphOutcome = "reconnect" | "retry" | "permanent";

export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_msg?: string;
  fbtrace_id?: string;
}

export class GraphError extends OutsideServiceError {
  readonly outcome: GraphOutcome;
  declare readonly code: number | null;
  readonly subcode: number | null;

  /**
   * `detail` says what happened and what to do, never whether it is tried again: for "retry",
   * `message` adds that it will be (decision 0059); `describeOutsideError` words the last attempt.
   */
  constructor(
    outcome: GraphOutcome,
    detail: string,
    details: {
      code?: number | null;
      subcode?: number | null;
      providerMessage?: string | null;
      retryAfterMs?: number;
      cause?: unknown;
      kind?: OutsideErrorKind;
      /** The whole sentence for logs, when it is not the detail with the retry clause. */
      message?: string;
    } = {},
  ) {
    const kind = details.kind ?? (outcome === "reconnect" ? "auth" : outcome === "retry" ? "unavailable" : "refused");
    super("graph", kind, details.message ?? (outcome === "retry" ? `${detail} The post will be tried again automatically.` : detail), {
      retryable: outcome === "retry",
      retryAfterMs: details.retryAfterMs,
      cause: details.cause,
      code: details.code ?? null,
      providerMessage: details.providerMessage ?? null,
      detail,
    });
    this.name = "GraphError";
    this.outcome = outcome;
    this.subcode = details.subcode ?? null;
  }
}

const THROTTLED = new Set([4, 17, 32, 613]);
/** Codes Meta documents as transient ("try again"): unknown, service, temporary, server errors. */
const TRANSIENT = new Set([-2, -1, 1, 2]);
/** The daily publishing limit: subcode 2207042 (with code 9 or another). */
const DAILY_LIMIT_SUBCODE = 2207042;
export const MEDIA_FETCH_FAILED = 9004;
export const RECONNECT_MESSAGE =
  "Instagram refused the access token: it has expired or was revoked. Open the Instagram tab, paste a new access token, press Test Connection and Save Settings, then post again.";

const providerText = (body: GraphErrorBody) => (body.error_user_msg || body.message || "").trim();
const withProvider = (sentence: string, body: GraphErrorBody) => {
  const said = providerText(body);
  return said ? `${sentence} Instagram said: "${said.slice(0, 300)}"` : sentence;
};

/** The outcome and the admin's sentence for one Graph error answer. */
export function classifyGraphError(status: number, body: GraphErrorBody, retryAfterMs?: number): GraphError {
  const code = typeof body.code === "number" ? body.code : null;
  const subcode = typeof body.error_subcode === "number" ? body.error_subcode : null;
  const details = { code, subcode, providerMessage: providerText(body) || null, retryAfterMs };
  if (code === 190 || status === 401) return new GraphError("reconnect", RECONNECT_MESSAGE, details);
  if (code === 10 || (code !== null && code >= 200 && code <= 299)) {
    return new GraphError(
      "reconnect",
      withProvider("The access token lacks a permission Instagram needs (instagram_basic, instagram_content_publish, pages_read_engagement). Create a token with these permissions, paste it in the Instagram tab and press Test Connection.", body),
      details,
    );
  }
  if (code !== null && THROTTLED.has(code)) {
    return new GraphError("retry", "Instagram is limiting how many requests this app makes.", {
      ...details,
      kind: "rate-limited",
      retryAfterMs: retryAfterMs ?? 5 * 60_000,
    });
  }
  if (subcode === DAILY_LIMIT_SUBCODE) {
    return new GraphError("retry", "The account has reached Instagram's limit of posts per 24 hours.", {
      ...details,
      kind: "quota",
      retryAfterMs: retryAfterMs ?? 60 * 60_000,
    });
  }
  if (code === MEDIA_FETCH_FAILED) {
    return new GraphError(
      "retry",
      withProvider("Instagram could not fetch the image from this site. Check that SITE_URL is the site's public https address and that it answers from the internet.", body),
      details,
    );
  }
  if (status >= 500 || body.is_transient === true || (code !== null && TRANSIENT.has(code))) {
    return new GraphError("retry", withProvider("Instagram had a temporary problem.", body), details);
  }
  if (code === 36003 || subcode === 2207009) {
    return new GraphError("permanent", withProvider("Instagram refused the image's shape: it takes aspect ratios from 4:5 to 1.91:1. Choose another featured image and post again.", body), details);
  }
  if (code === 36000 || subcode === 2207004) {
    return new GraphError("permanent", withProvider("Instagram refused the image as too large (at most 8 MB). Choose a smaller featured image and post again.", body), details);
  }
  if (code === 100 && status === 400) {
    return new GraphError("permanent", withProvider("Instagram refused the request. Check the Business Account ID in the Instagram tab.", body), details);
  }
  return new GraphError("permanent", withProvider("Instagram refused the post.", body), details);
}

export interface GraphClientOptions {
  baseUrl: string;
  accessToken: string;
  /** Per request (default 20 s). */
  timeoutMs?: number;
  /** Largest answer read (default 2 MB): the rest is never downloaded. */
  maxAnswerBytes?: number;
  fetch?: typeof fetch;
}

export interface ContainerStatus {
  id: string;
  statusCode: "EXPIRED" | "ERROR" | "FINISHED" | "IN_PROGRESS" | "PUBLISHED" | string;
  /** With ERROR, Instagram's reason (often a subcode and its text). */
  status: string | null;
}

export interface PublishingQuota {
  usage: number;
  total: number;
  durationSeconds: number;
}

export interface MediaSummary {
  id: string;
  caption: string | null;
  permalink: string | null;
}

export interface GraphClient {
  account(accountId: string, signal?: AbortSignal): Promise<{ id: string; username: string; profilePictureUrl: string | null }>;
  createImageContainer(accountId: string, input: { imageUrl: string; caption: string; altText: string }, signal?: AbortSignal): Promise<string>;
  containerStatus(containerId: string, signal?: AbortSignal): Promise<ContainerStatus>;
  publishingQuota(accountId: string, signal?: AbortSignal): Promise<PublishingQuota>;
  publish(accountId: string, containerId: string, signal?: AbortSignal): Promise<string>;
  permalink(mediaId: string, signal?: AbortSignal): Promise<string | null>;
  recentMedia(accountId: string, signal?: AbortSignal): Promise<MediaSummary[]>;
}

export function createGraphClient(options: GraphClientOptions): GraphClient {
  const base = `${options.baseUrl.replace(/\/+$/, "")}/${GRAPH_API_VERSION}`;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  const doFetch = options.fetch ?? fetch;

  async function call(method: "GET" | "POST", path: string, params: Record<string, string>, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const url = new URL(`${base}/${path}`);
    const init: RequestInit = { method, headers: { Accept: "application/json" } };
    const all = { ...params, access_token: options.accessToken };
    if (method === "GET") for (const [k, v] of Object.entries(all)) url.searchParams.set(k, v);
    else {
      init.body = new URLSearchParams(all);
      (init.headers as Record<string, string>)["Content-Type"] = "application/x-www-form-urlencoded";
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    init.signal = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (error) {
      if (signal?.aborted) throw error;
      if (timeout.aborted) throw new GraphError("retry", "Instagram did not answer in time.", { cause: error, kind: "timeout" });
      // The URL carries the token: only the cause's code goes into the error, never the request.
      const code = (error as { cause?: { code?: string } }).cause?.code;
      throw new GraphError("retry", `Instagram could not be reached${code ? ` (${code})` : ""}.`);
    }
    // Graph answers are a few KB; past the cap the rest is never read (decision 0052).
    const tooLarge = new GraphError(
      "retry",
      `Instagram's answer is larger than ${formatBytes(maxAnswerBytes)}, so it was not read. Check GRAPH_API_URL.`,
      {
        kind: "bad-answer",
        message: `Instagram's answer is larger than ${formatBytes(maxAnswerBytes)}, so it was not read. Check GRAPH_API_URL; the post will be tried again automatically.`,
      },
    );
    let text = "";
    try {
      text = await capResponse(response, maxAnswerBytes, () => tooLarge).text();
    } catch (error) {
      if (error === tooLarge) throw tooLarge;
      if (signal?.aborted) throw error;
      // A body cut off otherwise: read as an empty answer, as before.
    }
    let body: Record<string, unknown> | null;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = null;
    }
    if (!response.ok || (body && typeof body.error === "object" && body.error !== null)) {
      const error = (body?.error ?? {}) as GraphErrorBody;
      throw classifyGraphError(response.status, error, parseRetryAfter(response.headers.get("retry-after")));
    }
    if (!body) throw new GraphError("retry", "Instagram answered with something that is not JSON.", { kind: "bad-answer" });
    return body;
  }

  const text = (value: unknown) => (typeof value === "string" && value ? value : null);
  const idOf = (body: Record<string, unknown>, what: string) => {
    const id = text(body.id) ?? (typeof body.id === "number" ? String(body.id) : null);
    if (!id) throw new GraphError("retry", `Instagram's answer to ${what} had no id.`, { kind: "bad-answer" });
    return id;
  };

  return {
    async account(accountId, signal) {
      const body = await call("GET", encodeURIComponent(accountId), { fields: "username,profile_picture_url" }, signal);
      return { id: text(body.id) ?? accountId, username: text(body.username) ?? "", profilePictureUrl: text(body.profile_picture_url) };
    },
    async createImageContainer(accountId, input, signal) {
      const body = await call("POST", `${encodeURIComponent(accountId)}/media`, { image_url: input.imageUrl, caption: input.caption, alt_text: input.altText }, signal);
      return idOf(body, "the new container");
    },
    async containerStatus(containerId, signal) {
      const body = await call("GET", encodeURIComponent(containerId), { fields: "status_code,status" }, signal);
      return { id: containerId, statusCode: text(body.status_code) ?? "IN_PROGRESS", status: text(body.status) };
    },
    async publishingQuota(accountId, signal) {
      const body = await call("GET", `${encodeURIComponent(accountId)}/content_publishing_limit`, { fields: "quota_usage,config" }, signal);
      const first = (Array.isArray(body.data) ? body.data[0] : body) as { quota_usage?: number; config?: { quota_total?: number; quota_duration?: number } } | undefined;
      return { usage: Number(first?.quota_usage ?? 0), total: Number(first?.config?.quota_total ?? 100), durationSeconds: Number(first?.config?.quota_duration ?? 86_400) };
    },
    async publish(accountId, containerId, signal) {
      const body = await call("POST", `${encodeURIComponent(accountId)}/media_publish`, { creation_id: containerId }, signal);
      return idOf(body, "publishing");
    },
    async permalink(mediaId, signal) {
      const body = await call("GET", encodeURIComponent(mediaId), { fields: "permalink" }, signal);
      return text(body.permalink);
    },
    async recentMedia(accountId, signal) {
      const body = await call("GET", `${encodeURIComponent(accountId)}/media`, { fields: "id,caption,permalink", limit: "25" }, signal);
      const data = Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : [];
      return data.map((m) => ({ id: String(m.id), caption: text(m.caption), permalink: text(m.permalink) }));
    },
  };
}

/** Whether a Graph base URL is Instagram's own (graph.facebook.com, graph.instagram.com), where the public-https check applies. */
export function isInstagramsOwnGraph(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname.toLowerCase();
    return host.endsWith(".facebook.com") || host.endsWith(".instagram.com");
  } catch {
    return false;
  }
}
