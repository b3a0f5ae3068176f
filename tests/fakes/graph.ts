import type { IncomingMessage, ServerResponse } from "node:http";
import sharp from "sharp";
import { control, listen, readParams, sendJson } from "./http";

/**
 * A stand-in for the Instagram Graph API v21.0 on 127.0.0.1, speaking the content-publishing
 * calls in their real shapes (errors as {error: {message, type, code, error_subcode, fbtrace_id}}):
 *   GET  /v21.0/{account}?fields=username,profile_picture_url
 *   POST /v21.0/{account}/media            image_url, caption, alt_text -> {id} (a container)
 *   GET  /v21.0/{container}?fields=status_code,status
 *   GET  /v21.0/{account}/content_publishing_limit -> {data: [{quota_usage, config}]}
 *   POST /v21.0/{account}/media_publish    creation_id -> {id} (the media)
 *   GET  /v21.0/{media}?fields=permalink   and GET /v21.0/{account}/media (recent media)
 * Like Instagram, creating a container fetches image_url (a failure is error 9004) and records
 * the image's type and size; a container is published at most once.
 *
 *   const graph = await startFakeGraph({ token, accountId });
 *   env GRAPH_API_URL = graph.url
 *   graph.containers("finish-after:2", "error", ...)   // the plans of the next containers (default finish-after:1)
 *   graph.fail("create" | "status" | "quota" | "publish" | "account", { code, subcode?, message?, status? }, ...)
 *   graph.quota = { usage, total }
 *   graph.onPublish = async (media) => {...}            // after the media exists, before the answer
 *   graph.published / graph.created / graph.calls
 * From another process: POST /__script {"containers": [...], "fail": [{"on": ..., ...}], "quota": {...}}, POST /__reset, GET /__calls.
 */

export type ContainerPlan =
  /** IN_PROGRESS for n polls, then FINISHED. */
  | `finish-after:${number}`
  | "in-progress"
  | "error"
  | "expired"
  | "fetch-error";

export type GraphStep = "account" | "create" | "status" | "quota" | "publish" | "permalink";

export interface GraphFault {
  code: number;
  subcode?: number;
  message?: string;
  status?: number;
  transient?: boolean;
}

export interface FakeContainer {
  id: string;
  accountId: string;
  imageUrl: string;
  caption: string;
  altText: string;
  plan: ContainerPlan;
  polls: number;
  published: boolean;
  image: { contentType: string; width: number; height: number; bytes: number; format: string; space: string } | null;
}

export interface FakeMedia {
  id: string;
  containerId: string;
  caption: string;
  permalink: string;
}

export interface FakeGraphCall {
  method: string;
  path: string;
  params: Record<string, unknown>;
}

export interface FakeGraph {
  url: string;
  token: string;
  accountId: string;
  calls: FakeGraphCall[];
  created: FakeContainer[];
  published: FakeMedia[];
  quota: { usage: number; total: number };
  onPublish: ((media: FakeMedia) => Promise<void> | void) | null;
  containers(...plans: ContainerPlan[]): void;
  fail(step: GraphStep, ...faults: GraphFault[]): void;
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_TOKEN = "IGQVJ-fake-token-5678";
export const FAKE_ACCOUNT = "17841400000000001";
/** The account's picture: a 1x1 PNG as a data address (the admin's CSP allows data: images). */
const PICTURE = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

const errorBody = (fault: GraphFault) => ({
  error: {
    message: fault.message ?? `Fake Graph error ${fault.code}`,
    type: fault.code === 190 ? "OAuthException" : "GraphMethodException",
    code: fault.code,
    ...(fault.subcode ? { error_subcode: fault.subcode } : {}),
    ...(fault.transient ? { is_transient: true } : {}),
    fbtrace_id: `Fake${Math.random().toString(36).slice(2, 10)}`,
  },
});

export async function startFakeGraph(options: { token?: string; accountId?: string; username?: string } = {}): Promise<FakeGraph> {
  const token = options.token ?? FAKE_TOKEN;
  const accountId = options.accountId ?? FAKE_ACCOUNT;
  let plans: ContainerPlan[] = [];
  let faults: Array<{ on: GraphStep } & GraphFault> = [];
  let nextId = 1;
  const state = {
    calls: [] as FakeGraphCall[],
    created: [] as FakeContainer[],
    published: [] as FakeMedia[],
    quota: { usage: 0, total: 100 },
  };
  const fake: FakeGraph = {
    url: "",
    token,
    accountId,
    get calls() {
      return state.calls;
    },
    get created() {
      return state.created;
    },
    get published() {
      return state.published;
    },
    get quota() {
      return state.quota;
    },
    set quota(value) {
      state.quota = value;
    },
    onPublish: null,
    containers: (...next) => void plans.push(...next),
    fail: (step, ...next) => void faults.push(...next.map((f) => ({ on: step, ...f }))),
    reset() {
      plans = [];
      faults = [];
      state.calls = [];
      state.created = [];
      state.published = [];
      state.quota = { usage: 0, total: 100 };
      fake.onPublish = null;
    },
    close: async () => {},
  };

  const takeFault = (step: GraphStep) => {
    const index = faults.findIndex((f) => f.on === step);
    return index === -1 ? null : faults.splice(index, 1)[0];
  };

  async function fetchImage(imageUrl: string): Promise<FakeContainer["image"]> {
    try {
      const response = await fetch(imageUrl, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) return null;
      const bytes = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      return { contentType: response.headers.get("content-type") ?? "", width: meta.width ?? 0, height: meta.height ?? 0, bytes: bytes.byteLength, format: meta.format ?? "", space: meta.space ?? "" };
    } catch {
      return null;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://x");
    const handled = await control(req, res, url.pathname, {
      script(body) {
        if (Array.isArray(body.containers)) plans.push(...(body.containers as ContainerPlan[]));
        if (Array.isArray(body.fail)) faults.push(...(body.fail as Array<{ on: GraphStep } & GraphFault>));
        if (body.quota) state.quota = body.quota as FakeGraph["quota"];
      },
      latency: () => {},
      reset: () => fake.reset(),
      calls: () => ({ calls: state.calls, created: state.created, published: state.published }),
    });
    if (handled) return;
    const params = { ...Object.fromEntries(url.searchParams), ...(req.method === "POST" ? await readParams(req) : {}) };
    state.calls.push({ method: req.method ?? "GET", path: url.pathname, params: { ...params, access_token: params.access_token ? "(sent)" : undefined } });
    const match = /^\/v21\.0\/([^/]+)(?:\/([a-z_]+))?$/.exec(url.pathname);
    if (!match) return sendJson(res, 400, errorBody({ code: 2500, message: "Unknown path components (this fake speaks v21.0 only)" }));
    if (params.access_token !== token) {
      return sendJson(res, 400, errorBody({ code: 190, subcode: 463, message: "Error validating access token: Session has expired on Friday, 07-Nov-25 10:00:00 PST." }));
    }
    const [, node, edge] = match;
    const reply = (step: GraphStep, answer: () => Promise<void> | void) => {
      const fault = takeFault(step);
      if (fault) return sendJson(res, fault.status ?? (fault.code === 4 || fault.code === 17 || fault.code === 32 || fault.code === 613 ? 403 : 400), errorBody(fault));
      return answer();
    };

    if (req.method === "GET" && !edge && node === accountId) {
      return reply("account", () =>
        sendJson(res, 200, { id: accountId, username: options.username ?? "vancouver.law", profile_picture_url: PICTURE }),
      );
    }
    if (req.method === "GET" && !edge && /^\d+$/.test(node) && node !== accountId && !state.created.some((c) => c.id === node) && !state.published.some((m) => m.id === node)) {
      return sendJson(res, 400, errorBody({ code: 100, subcode: 33, message: `Unsupported get request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.` }));
    }
    if (req.method === "POST" && edge === "media" && node === accountId) {
      return reply("create", async () => {
        const plan = plans.shift() ?? "finish-after:1";
        const image = await fetchImage(String(params.image_url ?? ""));
        if (!image || plan === "fetch-error") {
          return sendJson(res, 400, errorBody({ code: 9004, subcode: 2207052, message: "Only photo or video can be accepted as media type." }));
        }
        const container: FakeContainer = {
          id: `1790000000${String(nextId++).padStart(5, "0")}`,
          accountId,
          imageUrl: String(params.image_url),
          caption: String(params.caption ?? ""),
          altText: String(params.alt_text ?? ""),
          plan,
          polls: 0,
          published: false,
          image,
        };
        state.created.push(container);
        sendJson(res, 200, { id: container.id });
      });
    }
    if (req.method === "GET" && !edge && state.created.some((c) => c.id === node)) {
      return reply("status", () => {
        const container = state.created.find((c) => c.id === node)!;
        container.polls += 1;
        let code = "IN_PROGRESS";
        let status: string | undefined;
        if (container.published) code = "PUBLISHED";
        else if (container.plan === "error") [code, status] = ["ERROR", "2207020: The media you are trying to access has expired. Please try to upload again."];
        else if (container.plan === "expired") code = "EXPIRED";
        else if (container.plan.startsWith("finish-after:") && container.polls > Number(container.plan.split(":")[1])) code = "FINISHED";
        sendJson(res, 200, { status_code: code, ...(status ? { status } : {}), id: container.id });
      });
    }
    if (req.method === "GET" && edge === "content_publishing_limit" && node === accountId) {
      return reply("quota", () => sendJson(res, 200, { data: [{ quota_usage: state.quota.usage, config: { quota_total: state.quota.total, quota_duration: 86400 } }] }));
    }
    if (req.method === "POST" && edge === "media_publish" && node === accountId) {
      return reply("publish", async () => {
        const container = state.created.find((c) => c.id === String(params.creation_id));
        if (!container) return sendJson(res, 400, errorBody({ code: 100, subcode: 2207008, message: "Media builder not found" }));
        if (container.published) return sendJson(res, 400, errorBody({ code: 9, subcode: 2207006, message: "The media has already been published." }));
        const finished = container.plan.startsWith("finish-after:") && container.polls > Number(container.plan.split(":")[1]);
        if (!finished) return sendJson(res, 400, errorBody({ code: 9007, subcode: 2207027, message: "Media ID is not available" }));
        container.published = true;
        const media: FakeMedia = { id: `1800000000${String(nextId++).padStart(5, "0")}`, containerId: container.id, caption: container.caption, permalink: "" };
        media.permalink = `https://www.instagram.com/p/FAKE${media.id.slice(-5)}/`;
        state.published.push(media);
        state.quota.usage += 1;
        await fake.onPublish?.(media);
        sendJson(res, 200, { id: media.id });
      });
    }
    if (req.method === "GET" && !edge && state.published.some((m) => m.id === node)) {
      return reply("permalink", () => {
        const media = state.published.find((m) => m.id === node)!;
        sendJson(res, 200, { id: media.id, permalink: media.permalink });
      });
    }
    if (req.method === "GET" && edge === "media" && node === accountId) {
      return sendJson(res, 200, { data: [...state.published].reverse().map((m) => ({ id: m.id, caption: m.caption, permalink: m.permalink })) });
    }
    sendJson(res, 400, errorBody({ code: 100, message: `Unsupported ${req.method} request.` }));
  }

  const server = await listen(handle);
  fake.url = server.origin;
  fake.close = server.close;
  return fake;
}
