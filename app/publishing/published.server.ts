/**
 * The "published" event (decision 0087): what follows a business object's publication (a blog
 * post, a website text, a team member) hangs off this one event, raised by the object's publishing
 * gate inside the transaction that publishes it. Subscribers (the Instagram auto-post, the
 * newsletter) register themselves in their own modules and run in that transaction, so a rollback
 * drops what they queued together with the publication. Page refreshes follow from the change
 * kinds the gate declares to commit() (sent after the commit).
 */
import type { Db } from "../../db/client";
import type { Actor } from "../changes/audit.server";
import type { ChangeDeps } from "../changes/commit.server";
import type { Config } from "../../core/config";
import type { Logger } from "../../core/log";
import type { Lang } from "../i18n/languages";

/** Every path through a gate, named in the audit log and given to subscribers. */
export const PUBLISH_PATHS = ["save", "new-post", "review", "restore", "restore-deleted", "schedule", "daily-run", "job-result", "import"] as const;
export type PublishPath = (typeof PUBLISH_PATHS)[number];

export type PublishedEvent = {
  path: PublishPath;
  /** Who signed it off; null for the system acting on an earlier sign-off (a schedule, the firm's "publish immediately"). */
  actor: Actor | null;
  /** The languages whose visitor-facing text this publication changed (all three when an item goes live). */
  languages: ReadonlyArray<Lang>;
  /**
   * The languages whose own words changed (translated texts only: a new slug, image, date or order
   * is no language's words). Absent: the same as `languages`. "Languages follow" (decision 0097)
   * reads it: English words published without a language's marks that language out of date.
   */
  words?: ReadonlyArray<Lang>;
} & (
  | {
      entity: "post";
      entityId: number;
      /** The post went from unseen to public now (not a change of a post already public). */
      wentLive: boolean;
      /** Public for the first time in its life: news (a post put back online is not). */
      firstTime: boolean;
    }
  | { entity: "content"; entityId: string; wentLive: false }
  | { entity: "team_member"; entityId: number; wentLive: boolean }
);

/** What the gate was called with: the server's services carry config and log; scripts and some tests only the database. */
export type PublishDeps = ChangeDeps & { config?: Config; log?: Logger };

export interface PublishedContext {
  /** The publishing transaction. */
  tx: Db;
  deps: PublishDeps;
}

export type PublishedSubscriber = (event: PublishedEvent, context: PublishedContext) => Promise<void>;

const subscribers = new Map<string, PublishedSubscriber>();

/** Register a subscriber under its module's name (registering again under the same name replaces it). */
export function onPublished(name: string, subscriber: PublishedSubscriber): void {
  subscribers.set(name, subscriber);
}

/** The subscribers' names, for tests and the decision's check that both are wired. */
export function publishedSubscribers(): string[] {
  return [...subscribers.keys()];
}

/** Raise the event in the publishing transaction: every subscriber runs, in registration order. */
export async function emitPublished(context: PublishedContext, event: PublishedEvent): Promise<void> {
  for (const subscriber of subscribers.values()) await subscriber(event, context);
}
