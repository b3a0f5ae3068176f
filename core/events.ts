import { randomBytes } from "node:crypto";
import type { Database } from "../db/client";

/** What changed: content texts, team members or blog posts. */
export type ChangeKind = "content" | "team" | "blog";
const KINDS: readonly string[] = ["content", "team", "blog"];
const CHANNEL = "site_changes";

/**
 * Change events travel through the database (LISTEN/NOTIFY), so every instance on the
 * same PostgreSQL, and this one too, hears each change exactly once, by the same path.
 */
export class ChangeEvents {
  private handlers = new Set<(kind: ChangeKind) => void>();
  private unlisten: (() => Promise<void>) | null = null;
  private readonly instance = randomBytes(4).toString("hex");
  private changes = 0;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, (payload) => {
      if (!KINDS.includes(payload)) return;
      this.changes += 1;
      for (const handler of this.handlers) handler(payload as ChangeKind);
    });
  }

  async emit(kind: ChangeKind): Promise<void> {
    await this.database.notify(CHANNEL, kind);
  }

  /**
   * Names the data this instance serves: it moves on every change. A page carries the version
   * it was rendered with and the event stream starts with the current one, so a page that
   * subscribed after a change (it was still loading) sees the difference and reloads its data.
   * Another instance names its data differently, which costs at most one needless reload.
   */
  get version(): string {
    return `${this.instance}.${this.changes}`;
  }

  on(handler: (kind: ChangeKind) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async stop(): Promise<void> {
    this.handlers.clear();
    await this.unlisten?.();
  }
}
