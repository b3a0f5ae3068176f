/**
 * Visit statistics without cookies (decision 0082): page views are counted in memory and written
 * in batches (every FLUSH_INTERVAL_MS and at shutdown) with upserts that add (n = n + excluded.n),
 * so any number of instances count into the same rows. Visitors are told apart by a keyed hash of
 * (the UTC day's salt, address, user agent); the salt is shared through the database, random,
 * and deleted once its day is over, so nobody can be followed from one day to the next and no
 * address is stored. A crash loses the batch not yet written (at most FLUSH_INTERVAL_MS of views).
 */
import { hash, randomBytes } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { statsCounts, statsEnquiries, statsSalts, statsVisitors } from "../../db/schema";
import type { Logger } from "../../core/log";
import { firmClock } from "../../core/firm-clock.server";
import { addDays, minusMonths, utcDay } from "./days";
import { agentOf, campaignOf, langOfPath, MAX_UA_LENGTH, normalisePath, referrerOf, sameOriginPath } from "./normalise";
import { creditOf, mergeVisit, stepVisit, type Visit, type VisitUpdate } from "./visits";

export const STATS_MODES = ["server", "beacon", "off"] as const;
export type StatsMode = (typeof STATS_MODES)[number];

export const FLUSH_INTERVAL_MS = 10_000;
/** Distinct keys a kind may have per day; the rest is counted under OTHER. */
export const DAILY_KEY_CAPS: Readonly<Record<string, number>> = { page: 10_000, referrer: 1_000, campaign: 1_000 };
export const OTHER = "(other)";
/**
 * Visitor rows a UTC day may hold (about 1 MB); further new visitors are counted under the
 * "visitors" kind's OTHER key ("over cap"), not stored, so a flood of invented user agents or
 * addresses cannot grow the table (issue 44: 50,000 such requests grew it by 25 MB).
 */
export const DAILY_VISITOR_CAP = 5_000;
/** Daily counts are kept this many months. */
export const KEEP_MONTHS = 25;
/** Distinct combinations of a view's parts held between two batches before one is written early. */
const MAX_PENDING_VIEWS = 20_000;
/** New visitors held between two batches before one is written early. */
const MAX_PENDING_VISITORS = 20_000;
/** Hashes this instance knows are stored today (not sent again); past this it forgets and lets the database tell. */
const MAX_SEEN = 200_000;
/** Views waiting for the first salt (only right after start), with their address: in memory, at most this many. */
const MAX_UNSALTED = 5_000;
const ROWS_PER_STATEMENT = 2_000;
/**
 * Rows stats_enquiries may gain a Vancouver day (decision 0107): an enquiry whose credits would
 * add a row past it is counted under OTHER for each credit, so forged referrers cannot grow the table.
 */
export const DAILY_ENQUIRY_ROWS = 1_000;

export const ENQUIRY_KINDS = ["contact", "newsletter", "booking"] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

/** One page view as the server (or the beacon) saw it. */
export interface ViewInput {
  /** The URL's path and query as asked for. */
  url: string;
  referer: string | undefined;
  userAgent: string;
  address: string;
  /** Host names of this site (SITE_URL's and the request's Host), for "self" referrers. */
  ownHosts: readonly string[];
}

/** One row of stats_enquiries without its count. */
type EnquiryRow = Record<"day" | "kind" | "path" | "lang" | "source" | "campaign" | "landing" | "page" | "area", string>;

interface PendingVisitor {
  utcDay: string;
  day: string;
  referrer: string;
  campaign: string;
}

export interface StatsOptions {
  db: Db;
  log: Logger;
  mode: StatsMode;
  now?: () => number;
}

export class SiteStats {
  readonly mode: StatsMode;
  private readonly db: Db;
  private readonly log: Logger;
  private readonly now: () => number;
  /**
   * Views since the last batch by all their parts at once ("day\tpath\tlang\tdevice\treferrer\tcampaign"):
   * one map update per view; split into the kinds' counts (and their caps) when the batch is written.
   */
  private views = new Map<string, number>();
  /** "day\tkind\tkey" -> counts of a batch that failed, kept for the next (bounded by the caps). */
  private counts = new Map<string, number>();
  /** Distinct keys per "day\tkind" in `counts`, bounded by the caps. */
  private pendingKeys = new Map<string, Set<string>>();
  private visitors = new Map<string, PendingVisitor>();
  /** This batch's state of each visitor's visit (decision 0107), by hash; laid over the stored row when written. */
  private visits = new Map<string, VisitUpdate & { utcDay: string }>();
  private unsalted: Array<{ at: number; address: string; userAgent: string; visitor: Omit<PendingVisitor, "utcDay"> }> = [];
  private seen = new Set<string>();
  private seenDay = "";
  /** Keys known to be stored per "day\tkind" (for the caps), and how many the day has. */
  private stored = new Map<string, { keys: Set<string>; total: number }>();
  private salts = new Map<string, string>();
  /**
   * This batch's visitor hashes by (address, user agent): a visitor's further views within the
   * same 10 s skip the hash. Emptied with every batch, so an address stays in memory ≤ 10 s.
   */
  private recent = new Map<string, string>();
  /** Normalised path and language per asked path (public pages only, so few); emptied when full. */
  private paths = new Map<string, { path: string; lang: string }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastPrune = 0;

  constructor(options: StatsOptions) {
    this.db = options.db;
    this.log = options.log;
    this.mode = options.mode;
    this.now = options.now ?? Date.now;
  }

  /** Load the salts and start the batch timer. */
  async start(): Promise<void> {
    if (this.mode === "off") return;
    await this.ensureSalts().catch((error: unknown) => this.log.warn({ err: error }, "statistics: could not read the day's salt"));
    const tick = () => {
      this.timer = setTimeout(() => {
        void this.flush().finally(() => {
          if (this.timer) tick();
        });
      }, FLUSH_INTERVAL_MS);
      this.timer.unref();
    };
    tick();
  }

  /** Write what is left (graceful stop). */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Count one page view (exclusions are the caller's). Synchronous and cheap: memory only. */
  view(input: ViewInput): void {
    const at = this.now();
    const day = firmClock.dayOf(at);
    const queryAt = input.url.indexOf("?");
    const asked = queryAt === -1 ? input.url : input.url.slice(0, queryAt);
    let page = this.paths.get(asked);
    if (!page) {
      const path = normalisePath(asked);
      page = { path, lang: langOfPath(path) };
      if (this.paths.size >= 2_000) this.paths.clear();
      this.paths.set(asked, page);
    }
    const campaign = queryAt === -1 ? "" : campaignOf(input.url.slice(queryAt));
    const referrer = input.referer ? this.referrerOf(input.referer, input.ownHosts) : "direct";
    const userAgent = input.userAgent.slice(0, MAX_UA_LENGTH);
    const id = `${day}\t${page.path}\t${page.lang}\t${agentOf(input.userAgent).device}\t${referrer}\t${campaign}`;
    this.views.set(id, (this.views.get(id) ?? 0) + 1);
    // A crawler inventing campaigns: written early rather than held. While a batch is being
    // written, folded into the capped counts instead (one flush at a time, never a queue of them).
    if (this.views.size >= MAX_PENDING_VIEWS) {
      if (this.flushing) this.fold();
      else void this.flush();
    }

    const visitor = { day, referrer, campaign };
    const utc = utcDay(at);
    const salt = this.salts.get(utc);
    if (!salt) {
      if (this.unsalted.length < MAX_UNSALTED) this.unsalted.push({ at, address: input.address, userAgent, visitor });
      return;
    }
    const who = `${input.address}\n${userAgent}`;
    let hashed = this.recent.get(who);
    // Prefixed by the salt's day: a view past midnight UTC hashes anew.
    if (!hashed || hashed.slice(0, 10) !== utc) {
      hashed = `${utc}${this.hash(salt, input.address, userAgent)}`;
      if (this.recent.size < MAX_PENDING_VISITORS) this.recent.set(who, hashed);
    }
    this.addVisitor(hashed.slice(10), utc, visitor);
    this.step(hashed.slice(10), utc, { at, path: page.path, referrer, campaign });
  }

  /** One view into the batch's visit state; a full map (a flood) drops new visitors' states until the batch is written. */
  private step(hash: string, utc: string, view: Parameters<typeof stepVisit>[1]): void {
    const known = this.visits.get(hash);
    if (!known && this.visits.size >= MAX_PENDING_VISITORS) return;
    this.visits.set(hash, { ...stepVisit(known?.utcDay === utc ? known : null, view), utcDay: utc });
  }

  /**
   * Count an enquiry (a stored contact message, sign-up or booking) with the form's page (the
   * same-origin Referer) and language, credited as decision 0107 says: the landing page, the last
   * article or practice-area page, the practice area and the source of the same visitor's current
   * visit (this batch's state laid over the stored row). Never throws: the enquiry itself is already stored.
   */
  async enquiry(kind: EnquiryKind, input: Omit<ViewInput, "url"> & { counted: boolean }): Promise<void> {
    if (this.mode === "off") return;
    try {
      const at = this.now();
      const path = sameOriginPath(input.referer, input.ownHosts) ?? "(unknown)";
      let visit: Visit | null = null;
      // Do Not Track, bots: the enquiry counts, tied to no visit.
      if (input.counted) {
        const utc = utcDay(at);
        const salt = this.salts.get(utc);
        if (salt) {
          const hash = this.hash(salt, input.address, input.userAgent.slice(0, MAX_UA_LENGTH));
          const pending = this.visits.get(hash);
          const stored = (await storedVisits(this.db, utc, [hash], false)).get(hash) ?? null;
          visit = mergeVisit(stored, pending?.utcDay === utc ? pending : null);
        }
      }
      await this.insertEnquiry({ day: firmClock.dayOf(at), kind, path, lang: langOfPath(path), ...creditOf(visit) });
    } catch (error) {
      this.log.warn({ err: error, kind }, "statistics: an enquiry was not counted");
    }
  }

  /** One enquiry's row (n + 1); a new row past the day's DAILY_ENQUIRY_ROWS is counted under OTHER. */
  private async insertEnquiry(row: EnquiryRow): Promise<void> {
    const t = statsEnquiries;
    const [{ total }] = await this.db.select({ total: sql<number>`count(*)::int` }).from(t).where(eq(t.day, row.day));
    let values = row;
    if (total >= DAILY_ENQUIRY_ROWS) {
      const same = await this.db
        .select({ n: t.n })
        .from(t)
        .where(
          and(
            ...(["day", "kind", "path", "lang", "source", "campaign", "landing", "page", "area"] as const).map((column) => eq(t[column], row[column])),
          ),
        );
      if (same.length === 0) values = { ...row, path: OTHER, source: OTHER, campaign: "", landing: OTHER, page: OTHER, area: OTHER };
    }
    await this.db
      .insert(t)
      .values({ ...values, n: 1 })
      .onConflictDoUpdate({ target: [t.day, t.kind, t.path, t.lang, t.source, t.campaign, t.landing, t.page, t.area], set: { n: sql`${t.n} + excluded.n` } });
  }

  /** Write the batch: new visitors (each counted once across instances) and the counts, in one transaction. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => this.flush());
    this.flushing = this.write()
      .catch((error: unknown) => this.log.warn({ err: error }, "statistics: writing a batch failed; kept for the next one"))
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  /**
   * The visitor's keyed hash: SHA-256 of the secret salt, address and user agent, 128 bits kept.
   * Nothing is ever verified against it, so HMAC's guard against length extension buys nothing
   * here, and the one-shot hash costs a fifth of createHmac's per view.
   */
  /** Referrer hosts by Referer (internal navigations repeat a few): emptied when full. */
  private referrers = new Map<string, string>();

  private referrerOf(referer: string, ownHosts: readonly string[]): string {
    const key = `${ownHosts.join(" ")}\n${referer}`;
    let host = this.referrers.get(key);
    if (host === undefined) {
      host = referrerOf(referer, ownHosts);
      if (this.referrers.size >= 2_000) this.referrers.clear();
      this.referrers.set(key, host);
    }
    return host;
  }

  private hash(salt: string, address: string, userAgent: string): string {
    return hash("sha256", `${salt}\n${address}\n${userAgent}`, "base64url").slice(0, 22);
  }

  private add(day: string, kind: string, key: string, n = 1): void {
    const cap = DAILY_KEY_CAPS[kind];
    if (cap !== undefined) {
      const group = `${day}\t${kind}`;
      let keys = this.pendingKeys.get(group);
      if (!keys) this.pendingKeys.set(group, (keys = new Set()));
      // Bounded in memory as in the table: a crawler inventing URLs cannot grow either.
      if (!keys.has(key)) {
        if (keys.size >= cap) key = OTHER;
        else keys.add(key);
      }
    }
    const id = `${day}\t${kind}\t${key}`;
    this.counts.set(id, (this.counts.get(id) ?? 0) + n);
  }

  private addVisitor(hash: string, utc: string, visitor: Omit<PendingVisitor, "utcDay">): void {
    if (this.seenDay !== utc) {
      this.seen.clear();
      this.seenDay = utc;
    }
    if (this.seen.has(hash) || this.visitors.has(hash)) return;
    if (this.visitors.size >= MAX_PENDING_VISITORS) {
      // Still full while a batch is being written: a flood; this one is counted over the cap.
      if (this.flushing) return this.add(visitor.day, "visitors", OTHER);
      void this.flush();
    }
    this.visitors.set(hash, { utcDay: utc, ...visitor });
  }

  /** Today's and tomorrow's salts (UTC): created once by whichever instance comes first, read back by all. */
  private async ensureSalts(): Promise<void> {
    const today = utcDay(this.now());
    const days = [today, addDays(today, 1)];
    if (days.every((day) => this.salts.has(day))) return;
    await this.db
      .insert(statsSalts)
      .values(days.map((day) => ({ day, salt: randomBytes(32).toString("base64") })))
      .onConflictDoNothing();
    const rows = await this.db.select().from(statsSalts).where(inArray(statsSalts.day, days));
    for (const day of [...this.salts.keys()]) if (day < today) this.salts.delete(day);
    for (const row of rows) this.salts.set(row.day, row.salt);
  }

  /** The views since the last batch into the capped counts (bounded, unlike the map of views). */
  private fold(): void {
    for (const [id, n] of this.views) {
      const [day, path, lang, device, referrer, campaign] = id.split("\t");
      this.add(day, "views", "", n);
      this.add(day, "page", path, n);
      this.add(day, "lang", lang, n);
      this.add(day, "device", device, n);
      if (referrer !== "self") this.add(day, "referrer", referrer, n);
      if (campaign) this.add(day, "campaign", campaign, n);
    }
    this.views = new Map();
  }

  private async write(): Promise<void> {
    if (this.mode === "off") return;
    // Into the capped counts first, so a database that does not answer cannot grow the map.
    this.fold();
    this.recent = new Map();
    await this.ensureSalts();
    for (const view of this.unsalted.splice(0)) {
      const salt = this.salts.get(utcDay(view.at));
      if (salt) this.addVisitor(this.hash(salt, view.address, view.userAgent), utcDay(view.at), view.visitor);
    }
    await this.prune();
    if (this.counts.size === 0 && this.visitors.size === 0 && this.visits.size === 0) return;
    const counts = this.counts;
    const visitors = this.visitors;
    const visits = this.visits;
    this.counts = new Map();
    this.pendingKeys = new Map();
    this.visitors = new Map();
    this.visits = new Map();
    try {
      const added = new Map<string, number>();
      const inserted = new Set<string>();
      await this.db.transaction(async (tx) => {
        const { entries, overCap } = await this.withinVisitorCap(tx, visitors);
        for (const v of overCap) {
          const id = `${v.day}\tvisitors\t${OTHER}`;
          added.set(id, (added.get(id) ?? 0) + 1);
        }
        for (let i = 0; i < entries.length; i += ROWS_PER_STATEMENT) {
          const chunk = entries.slice(i, i + ROWS_PER_STATEMENT);
          const fresh = await tx
            .insert(statsVisitors)
            .values(
              chunk.map(([hash, v]) => {
                const update = visits.get(hash);
                const visit = update?.utcDay === v.utcDay ? mergeVisit(null, update) : null;
                return { day: v.utcDay, hash, referrer: visit?.referrer ?? v.referrer, campaign: visit?.campaign ?? v.campaign, ...visitColumns(visit) };
              }),
            )
            .onConflictDoNothing()
            .returning({ hash: statsVisitors.hash });
          for (const { hash } of fresh) {
            inserted.add(hash);
            const id = `${visitors.get(hash)!.day}\tvisitors\t`;
            added.set(id, (added.get(id) ?? 0) + 1);
          }
        }
        // Visitors stored before (by this batch's predecessors or another instance): their visits carried on.
        await updateVisits(tx, [...visits].filter(([hash]) => !inserted.has(hash)));
        const rows = await this.capped(tx, counts);
        for (const [id, n] of added) rows.set(id, (rows.get(id) ?? 0) + n);
        const values = [...rows].map(([id, n]) => {
          const [day, kind, key] = id.split("\t");
          return { day, kind, key, n };
        });
        for (let i = 0; i < values.length; i += ROWS_PER_STATEMENT) {
          await tx
            .insert(statsCounts)
            .values(values.slice(i, i + ROWS_PER_STATEMENT))
            .onConflictDoUpdate({ target: [statsCounts.day, statsCounts.kind, statsCounts.key], set: { n: sql`${statsCounts.n} + excluded.n` } });
        }
      });
      if (this.seen.size + visitors.size > MAX_SEEN) this.seen.clear();
      for (const [hash, v] of visitors) if (v.utcDay === this.seenDay) this.seen.add(hash);
    } catch (error) {
      // Put the batch back (bounded by the same caps) for the next attempt.
      for (const [id, n] of counts) {
        const [day, kind, key] = id.split("\t");
        this.add(day, kind, key, n);
      }
      for (const [hash, v] of visitors) if (!this.visitors.has(hash) && this.visitors.size < MAX_PENDING_VISITORS) this.visitors.set(hash, v);
      // A visit seen again since keeps its newer state.
      for (const [hash, v] of visits) if (!this.visits.has(hash) && this.visits.size < MAX_PENDING_VISITORS) this.visits.set(hash, v);
      throw error;
    }
  }

  /**
   * The batch's visitors split at the day's cap (DAILY_VISITOR_CAP, counting the rows the table
   * holds): those to insert (known ones included; the insert skips them), and new ones past the cap.
   */
  private async withinVisitorCap(db: Db, visitors: Map<string, PendingVisitor>): Promise<{ entries: Array<[string, PendingVisitor]>; overCap: PendingVisitor[] }> {
    const byDay = new Map<string, Array<[string, PendingVisitor]>>();
    for (const entry of visitors) {
      const list = byDay.get(entry[1].utcDay) ?? [];
      list.push(entry);
      byDay.set(entry[1].utcDay, list);
    }
    const entries: Array<[string, PendingVisitor]> = [];
    const overCap: PendingVisitor[] = [];
    for (const [day, list] of byDay) {
      const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(statsVisitors).where(eq(statsVisitors.day, day));
      const room = DAILY_VISITOR_CAP - total;
      if (list.length <= room) {
        entries.push(...list);
        continue;
      }
      // Near the cap: only visitors not stored yet take room.
      const known = new Set<string>();
      for (let i = 0; i < list.length; i += ROWS_PER_STATEMENT) {
        const hashes = list.slice(i, i + ROWS_PER_STATEMENT).map(([hash]) => hash);
        const rows = await db.select({ hash: statsVisitors.hash }).from(statsVisitors).where(and(eq(statsVisitors.day, day), inArray(statsVisitors.hash, hashes)));
        for (const row of rows) known.add(row.hash);
      }
      let left = Math.max(0, room);
      for (const entry of list) {
        if (known.has(entry[0])) continue;
        if (left > 0) {
          left -= 1;
          entries.push(entry);
        } else overCap.push(entry[1]);
      }
    }
    return { entries, overCap };
  }

  /** The batch with keys past a day's cap (counting what the table already holds) moved to OTHER. */
  private async capped(db: Db, counts: Map<string, number>): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const fresh = new Map<string, string[]>();
    for (const id of counts.keys()) {
      const [day, kind, key] = id.split("\t");
      if (DAILY_KEY_CAPS[kind] === undefined || key === OTHER) continue;
      const group = `${day}\t${kind}`;
      if (this.stored.get(group)?.keys.has(key)) continue;
      const list = fresh.get(group) ?? [];
      list.push(key);
      fresh.set(group, list);
    }
    const refused = new Set<string>();
    for (const [group, keys] of fresh) {
      const [day, kind] = group.split("\t");
      const cap = DAILY_KEY_CAPS[kind];
      const existing = new Set<string>();
      for (let i = 0; i < keys.length; i += ROWS_PER_STATEMENT) {
        const rows = await db
          .select({ key: statsCounts.key })
          .from(statsCounts)
          .where(and(eq(statsCounts.day, day), eq(statsCounts.kind, kind), inArray(statsCounts.key, keys.slice(i, i + ROWS_PER_STATEMENT))));
        for (const row of rows) existing.add(row.key);
      }
      const [{ total }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(statsCounts)
        .where(and(eq(statsCounts.day, day), eq(statsCounts.kind, kind), sql`${statsCounts.key} <> ${OTHER}`));
      let room = cap - total;
      const known = this.stored.get(group) ?? { keys: new Set<string>(), total };
      known.total = total;
      for (const key of keys) {
        if (existing.has(key)) known.keys.add(key);
        else if (room > 0) {
          room -= 1;
          known.keys.add(key);
        } else refused.add(`${group}\t${key}`);
      }
      this.stored.set(group, known);
    }
    for (const [id, n] of counts) {
      let target = id;
      if (refused.has(id)) target = `${id.slice(0, id.lastIndexOf("\t"))}\t${OTHER}`;
      out.set(target, (out.get(target) ?? 0) + n);
    }
    return out;
  }

  /**
   * Past days' salts and visitor hashes (a minute after the UTC day turns, so a late batch of
   * yesterday cannot count a visitor twice), and counts older than KEEP_MONTHS; at most hourly,
   * and at once when the UTC day has turned.
   */
  private async prune(): Promise<void> {
    const at = this.now();
    const dayTurned = utcDay(this.lastPrune) !== utcDay(at - 60_000);
    if (!dayTurned && at - this.lastPrune < 3_600_000) return;
    this.lastPrune = at;
    const today = utcDay(at - 60_000);
    await this.db.delete(statsSalts).where(lt(statsSalts.day, utcDay(at)));
    await this.db.delete(statsVisitors).where(lt(statsVisitors.day, today));
    const keepFrom = minusMonths(firmClock.dayOf(at), KEEP_MONTHS);
    await this.db.delete(statsCounts).where(lt(statsCounts.day, keepFrom));
    await this.db.delete(statsEnquiries).where(lt(statsEnquiries.day, keepFrom));
    for (const group of [...this.stored.keys()]) if (group.slice(0, 10) < addDays(firmClock.dayOf(at), -1)) this.stored.delete(group);
  }
}

/** A visit as stats_visitors' columns (all null without one). */
const visitColumns = (visit: Visit | null) => ({ landing: visit?.landing ?? null, page: visit?.page ?? null, area: visit?.area ?? null, visitAt: visit ? new Date(visit.last) : null });

/**
 * The stored visits of some of a UTC day's visitors, by hash (absent: no row, e.g. past the day's
 * cap); `lock` takes their rows for the transaction (in the hashes' order, so two instances cannot
 * deadlock). A row without a visit (written before decision 0107, or past a full batch) has null.
 */
async function storedVisits(db: DbOrTx, day: string, hashes: string[], lock: boolean): Promise<Map<string, Visit | null>> {
  const t = statsVisitors;
  const query = db
    .select({ hash: t.hash, referrer: t.referrer, campaign: t.campaign, landing: t.landing, page: t.page, area: t.area, visitAt: t.visitAt })
    .from(t)
    .where(and(eq(t.day, day), inArray(t.hash, hashes)))
    .orderBy(t.hash);
  const rows = lock ? await query.for("update") : await query;
  const visits = new Map<string, Visit | null>();
  for (const row of rows) {
    const known = row.landing !== null && row.visitAt !== null;
    visits.set(row.hash, known ? { last: row.visitAt!.getTime(), landing: row.landing!, page: row.page, area: row.area, referrer: row.referrer, campaign: row.campaign } : null);
  }
  return visits;
}

/** A batch's visit states laid over the stored rows (decision 0107's rules, visits.ts), in one UPDATE per chunk. */
async function updateVisits(db: DbOrTx, updates: Array<[string, VisitUpdate & { utcDay: string }]>): Promise<void> {
  updates.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < updates.length; i += ROWS_PER_STATEMENT) {
    const byDay = new Map<string, Array<[string, VisitUpdate]>>();
    for (const [hash, update] of updates.slice(i, i + ROWS_PER_STATEMENT)) byDay.set(update.utcDay, [...(byDay.get(update.utcDay) ?? []), [hash, update]]);
    for (const [day, list] of byDay) {
      const stored = await storedVisits(db, day, list.map(([hash]) => hash), true);
      // Visitors not stored (past the day's cap) have no visit to carry on.
      const rows = list
        .filter(([hash]) => stored.has(hash))
        .map(([hash, update]) => {
          const visit = mergeVisit(stored.get(hash) ?? null, update)!;
          return sql`(${hash}, ${visit.landing}, ${visit.page}, ${visit.area}, ${visit.referrer}, ${visit.campaign}, ${new Date(visit.last).toISOString()})`;
        });
      if (rows.length === 0) continue;
      await db.execute(sql`update stats_visitors as s
        set landing = v.landing, page = v.page, area = v.area, referrer = v.referrer, campaign = v.campaign, visit_at = v.visit_at::timestamptz
        from (values ${sql.join(rows, sql`, `)}) as v (hash, landing, page, area, referrer, campaign, visit_at)
        where s.day = ${day} and s.hash = v.hash`);
    }
  }
}
