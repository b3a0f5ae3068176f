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

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, (payload) => {
      if (!KINDS.includes(payload)) return;
      for (const handler of this.handlers) handler(payload as ChangeKind);
    });
  }

  async emit(kind: ChangeKind): Promise<void> {
    await this.database.notify(CHANNEL, kind);
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
