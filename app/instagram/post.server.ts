/**
 * Posting a blog post to Instagram, as a server job that never posts twice (decision 0033).
 *
 * The Graph API's content publishing, step by step, each answer stored the moment it arrives:
 *  1. pre-flight (public https site, an Instagram-ready JPEG, a caption within limits);
 *  2. create a container (POST /{account}/media): its id is stored at once, in the job item's
 *     progress and in blog_posts.instagram_container_id;
 *  3. poll its status_code until FINISHED (ERROR: give up with the reason; EXPIRED: a new
 *     container; still IN_PROGRESS after a bounded wait: give up, keeping the container);
 *  4. check the publishing quota (content_publishing_limit): full means retry later;
 *  5. media_publish: the media id is stored at once (posted), then its permalink.
 * A container can be published once only, so the container id is the key that keeps a post
 * single: after a crash anywhere, the resumed item first asks the stored container's status.
 * PUBLISHED counts as posted (the media is found among the account's recent media by its
 * caption); FINISHED is published (the earlier publish never arrived); only EXPIRED or ERROR
 * lead to a new container.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { setTimeout as sleep } from "node:timers/promises";
import { blogPosts } from "../../db/schema";
import type { Db } from "../../db/client";
import { GraphError, MEDIA_FETCH_FAILED, type GraphClient } from "../../core/outside/graph";
import { describeOutsideError, formatDuration } from "../../core/outside/errors";
import type { Services } from "../services";
import type { AdminUser } from "../auth/guard.server";
import { ItemFailed, RetryLater } from "../jobs/runner.server";
import { defineJob } from "../jobs/define.server";
import { refuse, refuseWith } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { findPost, type AdminPostRow } from "../blog/manage.server";
import { graphFor, markReconnectNeeded, postingCredentials, type InstagramDeps } from "./settings.server";
import { buildCaption, checkSiteUrl, imageSource, makeInstagramImage, PreflightFailed, storeInstagramImage, type ImageSource } from "./prepare.server";

export const INSTAGRAM_POST = "instagram.post";
/** The job's unique key for a post: one queued-or-running Instagram job per post. */
export function instagramJobKey(postId: number): string {
  return `${INSTAGRAM_POST}:${postId}`;
}
/** Attempts for retryable failures (throttling, 5xx, quota): with the runner's backoff, hours at the end. */
const INSTAGRAM_MAX_ATTEMPTS = 8;

export interface PostItem {
  postId: number;
}

interface Progress {
  containerId?: string;
  caption?: string;
  imagePath?: string;
  mediaId?: string;
  fetchFailures?: number;
  containersMade?: number;
}

export interface InstagramPostOptions {
  /** Between status polls (default 3 s). */
  pollMs?: number;
  /** How long a container may stay IN_PROGRESS before the post gives up (default 3 min). */
  maxWaitMs?: number;
  /** Overrides the wait of throttling and quota retries (tests). */
  retryDelayMs?: number;
  images?: ImageSource;
}

type Deps = InstagramDeps & Pick<Services, "events">;

const TURNED_OFF = "The Instagram integration is turned off. Turn on 'Enable integration' in the Instagram tab and post again.";
const NOT_CONNECTED = "Instagram is not connected: enter the Access Token and Business Account ID in the Instagram tab, press Test Connection and Save Settings, then post again.";
const NO_IMAGE = "The post has no featured image, and Instagram posts need one. Add a featured image and post again.";
const DRAFT = "The post is a draft: the Instagram caption links to it, and a draft is not on the site. Publish the post, then post it to Instagram.";

/** The 'Post' button's refusals (decision 0101). */
const M = defineMessages("instagram.post", {
  postGone: "This post no longer exists.",
  alreadyPosted: "This post is already on Instagram.",
  noImage: NO_IMAGE,
  draft: DRAFT,
  turnedOff: TURNED_OFF,
  notConnected: NOT_CONNECTED,
});

/** The post's Instagram error, stored for the Blog Posts tab. */
async function recordError(db: Db, postId: number, message: string): Promise<void> {
  await db.update(blogPosts).set({ instagramError: message }).where(eq(blogPosts.id, postId));
}

export const instagramPost = defineJob<null, PostItem, [Deps, InstagramPostOptions?]>(INSTAGRAM_POST, {
  uniqueKey: (_, items) => instagramJobKey(items[0]?.payload?.postId ?? 0),
  retry: { maxAttempts: INSTAGRAM_MAX_ATTEMPTS },
  summarize: ({ done, failed }) => (failed > 0 ? "Failed to post to Instagram." : done > 0 ? "Posted to Instagram." : "Nothing to post."),
  handler: (deps, options = {}) => {
    const pollMs = options.pollMs ?? 3_000;
    const maxWaitMs = options.maxWaitMs ?? 3 * 60_000;
    const images = options.images ?? imageSource(deps.db, { allowLoopback: deps.config.OUTSIDE_FETCH_ALLOW_LOOPBACK === true, log: deps.log });
    return async ({ item, signal, saveProgress, willRetry }) => {
      const postId = item.payload.postId;
      const post = await findPost(deps.db, postId);
      if (!post) return { skipped: "The post was deleted." };
      if (post.instagramPosted) return { skipped: "The post is already on Instagram." };
      const progress = (item.progress ?? {}) as Progress;
      const store = async (step: Progress) => {
        Object.assign(progress, step);
        await saveProgress(step as Record<string, unknown>);
      };
      const fail = async (message: string) => {
        await recordError(deps.db, postId, message);
        return new ItemFailed(message);
      };

      // Published before a crash that came before the job stored it: finish, never publish again.
      if (progress.mediaId) return posted(deps, post, progress.mediaId);
      // Unpublished while it waited: nothing was sent yet, and its link would lead nowhere.
      if (!post.published && !progress.containerId && !post.instagramContainerId) throw await fail(DRAFT);

      const { row, token, accountId } = await postingCredentials(deps);
      if (!row.enabled) throw await fail(TURNED_OFF);
      if (!token || !accountId) throw await fail(NOT_CONNECTED);
      const graph = graphFor(deps, token);

      try {
        let containerId = progress.containerId ?? post.instagramContainerId ?? null;
        for (let round = 0; ; round++) {
          if (!containerId) {
            containerId = await createContainer(deps, graph, post, accountId, progress, store, images, signal);
          }
          const state = await waitForContainer(graph, containerId, pollMs, maxWaitMs, signal);
          if (state.kind === "published") return posted(deps, post, await findPublished(deps, graph, accountId, progress, post), graph);
          if (state.kind === "finished") break;
          if (state.kind === "expired" && round < 2) {
            // Not published within 24 hours: a new container (the old one can never be published).
            containerId = null;
            await store({ containerId: undefined });
            await deps.db.update(blogPosts).set({ instagramContainerId: null }).where(eq(blogPosts.id, postId));
            continue;
          }
          if (state.kind === "error") {
            await deps.db.update(blogPosts).set({ instagramContainerId: null }).where(eq(blogPosts.id, postId));
            await store({ containerId: undefined });
            if (/\b9004\b|2207052|fetch/i.test(state.reason ?? "")) throw mediaFetchError(state.reason);
            throw await fail(`Instagram could not prepare the image: ${(state.reason ?? "no reason given").replace(/\.+$/, "")}. Check the featured image and post again.`);
          }
          // Still in progress after the bounded wait: keep the container; Post continues with it.
          throw await fail(`Instagram was still processing the image after ${formatDuration(maxWaitMs)}. Press Post to try again; the same upload is used.`);
        }

        const quota = await graph.publishingQuota(accountId, signal);
        if (quota.usage >= quota.total) {
          throw new GraphError("retry", `The account has used its ${quota.total} Instagram posts of the last ${formatDuration(quota.durationSeconds * 1000)}.`, {
            kind: "quota",
            retryAfterMs: 60 * 60_000,
          });
        }
        const mediaId = await graph.publish(accountId, containerId, signal);
        // Stored before anything else: from here on the post is on Instagram.
        await store({ mediaId });
        await deps.db.update(blogPosts).set({ instagramPosted: true, instagramPostId: mediaId, instagramError: null }).where(eq(blogPosts.id, postId));
        return posted(deps, post, mediaId, graph);
      } catch (error) {
        if (signal.aborted || error instanceof ItemFailed) throw error;
        if (error instanceof PreflightFailed) throw await fail(error.message);
        if (error instanceof GraphError) {
          if (error.outcome === "reconnect") {
            await markReconnectNeeded(deps.db, error.message);
            throw await fail(error.message);
          }
          if (error.outcome === "retry") {
            if (error.code === MEDIA_FETCH_FAILED) {
              const failures = (progress.fetchFailures ?? 0) + 1;
              await store({ fetchFailures: failures });
              if (failures >= 2) throw await fail(`${error.detail} (Instagram failed to fetch it twice.)`);
            }
            // The sentence staff read is made from the error's data, here where it is stored (decision 0059).
            if (!willRetry(error)) throw await fail(describeOutsideError(error, { willRetry: false, maxAttempts: INSTAGRAM_MAX_ATTEMPTS }));
            throw new RetryLater(error.message, options.retryDelayMs ?? error.retryAfterMs);
          }
          throw await fail(error.message);
        }
        throw error;
      }
    };
  },
});

function mediaFetchError(reason: string | null): GraphError {
  return new GraphError(
    "retry",
    `Instagram could not fetch the image from this site${reason ? ` (${reason})` : ""}. Check that SITE_URL is the site's public https address and that it answers from the internet.`,
    {
      code: MEDIA_FETCH_FAILED,
    },
  );
}

async function createContainer(
  deps: Deps,
  graph: GraphClient,
  post: AdminPostRow,
  accountId: string,
  progress: Progress,
  store: (step: Progress) => Promise<void>,
  images: ImageSource,
  signal: AbortSignal,
): Promise<string> {
  checkSiteUrl(deps.config.SITE_URL, deps.config.GRAPH_API_URL);
  if (!post.featuredImage) throw new PreflightFailed(NO_IMAGE);
  const caption = buildCaption({ slug: post.slug, title: post.title, excerpt: post.excerpt }, deps.config.SITE_URL);
  let imagePath = progress.imagePath;
  if (!imagePath) {
    const image = await makeInstagramImage(await images.read(post.featuredImage));
    imagePath = (await storeInstagramImage(deps.db, image)).path;
    await store({ imagePath });
  }
  const containerId = await graph.createImageContainer(accountId, { imageUrl: `${deps.config.SITE_URL}${imagePath}`, caption, altText: (post.imageAltText ?? "").trim() || post.title }, signal);
  // The moment it arrives: a crash after this continues with this container.
  await store({ containerId, caption, containersMade: (progress.containersMade ?? 0) + 1 });
  await deps.db.update(blogPosts).set({ instagramContainerId: containerId }).where(eq(blogPosts.id, post.id));
  return containerId;
}

type ContainerState = { kind: "finished" } | { kind: "published" } | { kind: "expired" } | { kind: "error"; reason: string | null } | { kind: "timeout" };

async function waitForContainer(graph: GraphClient, containerId: string, pollMs: number, maxWaitMs: number, signal: AbortSignal): Promise<ContainerState> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const status = await graph.containerStatus(containerId, signal);
    switch (status.statusCode) {
      case "FINISHED":
        return { kind: "finished" };
      case "PUBLISHED":
        return { kind: "published" };
      case "EXPIRED":
        return { kind: "expired" };
      case "ERROR":
        return { kind: "error", reason: status.status };
    }
    if (Date.now() + pollMs > deadline) return { kind: "timeout" };
    await sleep(pollMs, undefined, { signal });
  }
}

/** The media of a container found PUBLISHED: among the account's recent media, by the caption it was sent with. */
async function findPublished(deps: Deps, graph: GraphClient, accountId: string, progress: Progress, post: AdminPostRow): Promise<string | null> {
  const caption = progress.caption ?? buildCaption({ slug: post.slug, title: post.title, excerpt: post.excerpt }, deps.config.SITE_URL);
  try {
    const recent = await graph.recentMedia(accountId);
    return recent.find((media) => media.caption === caption)?.id ?? null;
  } catch (error) {
    deps.log.warn({ err: error, post: post.id }, "instagram: a published container's media could not be found");
    return null;
  }
}

/** The post is on Instagram: store it (with its link when Instagram gives one). */
async function posted(deps: Deps, post: AdminPostRow, mediaId: string | null, graph?: GraphClient) {
  const link =
    mediaId && graph
      ? await graph.permalink(mediaId).catch((error: unknown) => {
          deps.log.warn({ err: error, post: post.id }, "instagram: the post's link could not be read");
          return null;
        })
      : null;
  return {
    apply: async (tx: Db) => {
      await tx
        .update(blogPosts)
        .set({ instagramPosted: true, instagramPostId: mediaId ?? post.instagramPostId, instagramPermalink: link, instagramError: null })
        .where(eq(blogPosts.id, post.id));
    },
  };
}


/** The kind the runner registers (tests pass shorter waits). */
export const instagramPostKind = (deps: Deps, options?: InstagramPostOptions) => instagramPost.kind(deps, options);

// ---------------------------------------------------------------- queueing

/** The 'Post' button: checks what can be checked at once, then queues the job (one per post at a time). */
export async function postToInstagram(deps: Deps, user: AdminUser, postId: number): Promise<{ jobId: number; attached: boolean }> {
  const post = await findPost(deps.db, postId);
  if (!post) throw refuse("not-found", M.postGone);
  if (post.instagramPosted) throw refuse("conflict", M.alreadyPosted);
  if (!post.featuredImage) throw refuse("invalid", M.noImage);
  if (!post.published) throw refuse("invalid", M.draft);
  const { row, token, accountId } = await postingCredentials(deps);
  if (!row.enabled) throw refuse("invalid", M.turnedOff);
  if (!token || !accountId) throw refuse("invalid", M.notConnected);
  try {
    checkSiteUrl(deps.config.SITE_URL, deps.config.GRAPH_API_URL);
    buildCaption({ slug: post.slug, title: post.title, excerpt: post.excerpt }, deps.config.SITE_URL);
  } catch (error) {
    if (error instanceof PreflightFailed) {
      await recordError(deps.db, postId, error.message);
      throw refuseWith("invalid", error.message);
    }
    throw error;
  }
  const queued = await deps.db.transaction(async (tx) => {
    await tx
      .update(blogPosts)
      .set({ instagramError: null, instagramQueuedAt: sql`coalesce(${blogPosts.instagramQueuedAt}, now())` })
      .where(eq(blogPosts.id, postId));
    return instagramPost.enqueue(tx, null, [{ label: post.title, payload: { postId } }], { createdBy: user.id });
  });
  return { jobId: queued.id, attached: queued.attached };
}

/**
 * Auto-post: call with `db` the transaction of any change that may have published a post (the
 * editor's save, the daily run in immediate mode). When the integration and auto-post are on and
 * the post is published with a featured image, its Instagram job is queued exactly once in the
 * post's life: `instagram_queued_at` is claimed by one UPDATE, in the same transaction as the job,
 * so unpublishing and publishing again (or two saves at once) never queue a second, and a change
 * that rolls back leaves neither the claim nor the job.
 */
export async function queueInstagramPostIfEnabled(deps: Pick<InstagramDeps, "db" | "config" | "log">, postId: number): Promise<{ queued: boolean; jobId?: number }> {
  const tx = deps.db;
  const { row, token, accountId } = await postingCredentials(deps);
  if (!row.enabled || !row.autoPost || !token || !accountId) return { queued: false };
  const [claimed] = await tx
    .update(blogPosts)
    .set({ instagramQueuedAt: sql`now()` })
    .where(and(eq(blogPosts.id, postId), isNull(blogPosts.instagramQueuedAt), eq(blogPosts.published, true), eq(blogPosts.instagramPosted, false), sql`coalesce(${blogPosts.featuredImage}, '') <> ''`))
    .returning({ title: blogPosts.title });
  if (!claimed) return { queued: false };
  const queued = await instagramPost.enqueue(tx, null, [{ label: claimed.title, payload: { postId } }]);
  return { queued: true, jobId: queued.id };
}

/** The posts whose Instagram job is queued or running now. */
export async function postsBeingPosted(db: Db): Promise<Set<number>> {
  return new Set((await instagramPost.activeItems(db)).map((item) => item.postId));
}
