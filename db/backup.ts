import { createReadStream, createWriteStream, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { migrationsFolder, MIGRATION_LOCK_KEY, pgliteOptions, type Db } from "./client";

/**
 * A portable backup: every table of the `public` schema, read from the catalog (so tables added
 * by later migrations are included without a change here), as gzip-compressed JSON lines.
 *
 *   {"backup": {format, version, createdAt, source, migrations: [when...], tables: [names]}}
 *   {"table": {name, columns: [...]}}      then one {"row": {...}} per row (PostgreSQL's row_to_json)
 *   ...
 *   {"end": {rows: {table: count}, sequences: [{name, value, called}]}}
 *
 * row_to_json writes every type in PostgreSQL's own text form (bytea as hex, timestamps with
 * their offset, jsonb as JSON) and json_populate_recordset reads it back, so values come back
 * exactly on PGlite and on PostgreSQL alike. Images live in the database (media_variants), so
 * they are in the backup. Tables are written parents first (foreign keys), rows in primary-key
 * order, all from one snapshot (a repeatable-read transaction).
 */

export const BACKUP_FORMAT = "law-firm-site-backup";
const BACKUP_VERSION = 1;
/** Rows fetched per round trip: a row can hold an image of a few hundred kilobytes. */
const FETCH_ROWS = 50;

export class BackupError extends Error {}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  /** Bytes held in binary columns (the images). */
  binaryBytes: number;
  /** Images (rows of `media`) and their stored variants. */
  media: number;
  mediaVariants: number;
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface TableInfo {
  name: string;
  columns: string[];
  primaryKey: string[];
  binaryColumns: string[];
}

/** Every table of the public schema with its columns, ordered parents before children. */
async function readTables(query: Query): Promise<TableInfo[]> {
  const tables = await query(
    `select c.oid::int as oid, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const columns = await query(
    `select a.attrelid::int as oid, a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
     join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attrelid, a.attnum`,
  );
  const keys = await query(
    `select i.indrelid::int as oid, a.attname as name from pg_index i
     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and i.indisprimary order by i.indrelid, array_position(i.indkey::int2[], a.attnum)`,
  );
  const references = await query(
    `select k.conrelid::int as child, k.confrelid::int as parent from pg_constraint k
     join pg_namespace n on n.oid = k.connamespace where n.nspname = 'public' and k.contype = 'f'`,
  );
  const info = new Map<number, TableInfo>();
  for (const row of tables) info.set(row.oid as number, { name: row.name as string, columns: [], primaryKey: [], binaryColumns: [] });
  for (const row of columns) {
    const table = info.get(row.oid as number);
    if (!table) continue;
    table.columns.push(row.name as string);
    if (row.type === "bytea") table.binaryColumns.push(row.name as string);
  }
  for (const row of keys) info.get(row.oid as number)?.primaryKey.push(row.name as string);

  // Parents first (Kahn's algorithm, by name among equals); a cycle keeps the remaining order.
  const parents = new Map<number, Set<number>>([...info.keys()].map((oid) => [oid, new Set<number>()]));
  for (const row of references) {
    const child = row.child as number;
    const parent = row.parent as number;
    if (child !== parent && info.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<number>();
  while (placed.size < info.size) {
    const ready = [...info.keys()].filter((oid) => !placed.has(oid) && [...parents.get(oid)!].every((p) => placed.has(p)));
    const next = ready.length > 0 ? ready : [...info.keys()].filter((oid) => !placed.has(oid)).slice(0, 1);
    for (const oid of next) {
      placed.add(oid);
      ordered.push(info.get(oid)!);
    }
  }
  return ordered;
}

async function* backupLines(query: Query, source: string, summary: BackupSummary): AsyncGenerator<string> {
  await query("set local timezone = 'UTC'");
  const applied = (await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`))[0]?.present
    ? await query(`select created_at::text as "when" from drizzle.__drizzle_migrations order by created_at`)
    : [];
  if (applied.length === 0) throw new BackupError("This database holds no site data (no migrations were ever applied to it).");
  const tables = await readTables(query);
  const header = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    source,
    migrations: applied.map((row) => Number(row.when)),
    tables: tables.map((table) => table.name),
  };
  yield JSON.stringify({ backup: header }) + "\n";

  const counts: Record<string, number> = {};
  for (const table of tables) {
    yield JSON.stringify({ table: { name: table.name, columns: table.columns } }) + "\n";
    const order = table.primaryKey.length > 0 ? ` order by ${table.primaryKey.map(quote).join(", ")}` : "";
    await query(`declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${quote(table.name)} t${order}`);
    let count = 0;
    for (;;) {
      const rows = await query(`fetch forward ${FETCH_ROWS} from backup_rows`);
      if (rows.length === 0) break;
      count += rows.length;
      yield rows.map((row) => `{"row":${row.j as string}}\n`).join("");
    }
    await query("close backup_rows");
    counts[table.name] = count;
    summary.rows += count;
    if (table.binaryColumns.length > 0) {
      const sum = table.binaryColumns.map((column) => `coalesce(sum(octet_length(${quote(column)})), 0)`).join(" + ");
      summary.binaryBytes += Number((await query(`select (${sum})::text as bytes from ${quote(table.name)}`))[0]?.bytes ?? 0);
    }
  }
  summary.tables = tables.length;
  summary.media = counts.media ?? 0;
  summary.mediaVariants = counts.media_variants ?? 0;

  const sequences = await query(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const states = [];
  for (const { name } of sequences) {
    const state = (await query(`select last_value::text as value, is_called as called from ${quote(name as string)}`))[0]!;
    states.push({ name, value: state.value, called: state.called });
  }
  yield JSON.stringify({ end: { rows: counts, sequences: states } }) + "\n";
}

/**
 * Write a backup of the database to `file` (created owner-only: it holds password hashes and the
 * inbox). The file appears under its name only once complete. On the embedded database the
 * snapshot transaction holds its one connection: requests wait for the backup meanwhile.
 */
export async function writeBackup(db: Db, file: string, source: "pglite" | "postgres"): Promise<BackupSummary> {
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  const summary: BackupSummary = { file: target, tables: 0, rows: 0, binaryBytes: 0, media: 0, mediaVariants: 0 };
  try {
    await db.transaction(
      async (tx) => {
        const query: Query = async (text) => ((await tx.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
        await pipeline(Readable.from(backupLines(query, source, summary)), createGzip(), createWriteStream(partial, { mode: 0o600 }));
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return summary;
}

// ---------------------------------------------------------------- restore

export interface RestoreSummary {
  tables: number;
  rows: number;
  /** The migrations the backup had; later ones of this version were applied after loading. */
  migrationsInBackup: number;
  migrationsApplied: number;
}

type TargetQuery = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** A target database opened as it is, without migrating. */
interface Target {
  query: TargetQuery;
  /** Run `work` in one transaction, with its `query` bound to it. */
  transaction<T>(work: (query: TargetQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function openPgliteTarget(dir: string): Promise<Target> {
  const client = await PGlite.create(dir, pgliteOptions());
  return {
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    transaction: (work) => client.transaction((tx) => work(async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows)),
    close: () => client.close(),
  };
}

async function openPostgresTarget(url: string): Promise<Target> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query: TargetQuery = async (text, params) => (await client.query(text, params)).rows as Record<string, unknown>[];
  // Instances starting meanwhile wait for the restore instead of migrating under it.
  await query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
  return {
    query,
    async transaction(work) {
      await query("begin");
      try {
        const result = await work(query);
        await query("commit");
        return result;
      } catch (error) {
        await query("rollback").catch(() => {});
        throw error;
      }
    },
    close: async () => {
      await query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      await client.end();
    },
  };
}

type Line =
  | { backup: { format: string; version: number; migrations: number[]; tables: string[] } }
  | { table: { name: string; columns: string[] } }
  | { row: unknown }
  | { end: { rows: Record<string, number>; sequences: { name: string; value: string; called: boolean }[] } };

/** The backup's lines, one parsed object each; a damaged file is named as such. */
async function* readLines(file: string): AsyncGenerator<{ line: Line; text: string }> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on("error", (error) => gunzip.destroy(error));
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const text of lines) {
      number += 1;
      if (text === "") continue;
      let line: Line;
      try {
        line = JSON.parse(text) as Line;
      } catch {
        throw new BackupError(`${file} is damaged: line ${number} is not readable.`);
      }
      yield { line, text };
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new BackupError(`${file} does not exist.`);
    if (code?.startsWith("Z_")) throw new BackupError(`${file} is not a backup of this site, or it is damaged (its compression is broken).`);
    throw error;
  } finally {
    lines.close();
    input.destroy();
  }
}

/** The migrations this version ships, as drizzle's migrator reads them (statements, time stamp, hash). */
type Migration = ReturnType<typeof readMigrationFiles>[number];

/** Apply migrations inside the caller's transaction, recording them as drizzle's migrator does. */
async function applyMigrations(query: TargetQuery, migrations: Migration[]): Promise<void> {
  await query("create schema if not exists drizzle");
  await query("create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)");
  for (const migration of migrations) {
    for (const statement of migration.sql) if (statement.trim()) await query(statement);
    await query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [migration.hash, migration.folderMillis]);
  }
}

async function publicTables(query: TargetQuery): Promise<string[]> {
  const rows = await query(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  return rows.map((row) => row.name as string);
}

/** Rows per non-empty table of the target. */
async function occupiedTables(query: TargetQuery): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of await publicTables(query)) {
    const count = Number((await query(`select count(*)::text as n from ${quote(name)}`))[0]?.n ?? 0);
    if (count > 0) out[name] = count;
  }
  return out;
}

export class RestoreRefused extends Error {}

/** Up to this many rows or characters of JSON per insert statement. */
const BATCH_ROWS = 200;
const BATCH_CHARS = 4 * 1024 * 1024;

/**
 * Restore a backup into the database of `databaseUrl` (PostgreSQL) or the embedded database in
 * `pgliteDir`. A database holding any row is refused unless `force` (its contents are replaced).
 * Everything happens in one transaction, so a failure leaves the database as it was: the tables
 * there are dropped, the schema is built up to the backup's migration, the rows are loaded and
 * the sequences set, then this version's later migrations run, as they would have on the
 * original database.
 */
export async function restoreBackup(
  where: { databaseUrl?: string; pgliteDir?: string },
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreSummary> {
  // Check the file before touching the database.
  const first = await readLines(file).next();
  const header = !first.done && "backup" in first.value.line ? first.value.line.backup : null;
  if (!header || header.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a backup of this site.`);
  if (header.version !== BACKUP_VERSION) {
    throw new BackupError(`${file} has backup format ${header.version}; this version of the site reads format ${BACKUP_VERSION}.`);
  }
  const shipped = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  const level = header.migrations.length;
  if (!header.migrations.every((when, i) => shipped[i]?.folderMillis === when)) {
    throw new BackupError(
      `${file} comes from a newer or different version of the site (its database has migrations this version does not know): update the site, then restore.`,
    );
  }

  const target = where.databaseUrl ? await openPostgresTarget(where.databaseUrl) : await openPgliteTarget(where.pgliteDir!);
  try {
    const occupied = await occupiedTables(target.query);
    const total = Object.values(occupied).reduce((a, b) => a + b, 0);
    if (total > 0 && !options.force) {
      const names = Object.keys(occupied);
      throw new RestoreRefused(
        `The target database is not empty (${total} rows, in ${names.slice(0, 5).join(", ")}${names.length > 5 ? ", ..." : ""}). Restoring replaces all of its data: run again with --force to do so.`,
      );
    }
    const loaded: Record<string, number> = {};
    let tables = 0;
    let rows = 0;
    await target.transaction(async (query) => {
      await query("set local timezone = 'UTC'");
      for (const name of await publicTables(query)) await query(`drop table if exists ${quote(name)} cascade`);
      await query("drop schema if exists drizzle cascade");
      await applyMigrations(query, shipped.slice(0, level));

      let current: { name: string; columns: string[] } | null = null;
      let batch: string[] = [];
      let chars = 0;
      const flush = async () => {
        if (!current || batch.length === 0) return;
        const columns = current.columns.map(quote).join(", ");
        await query(
          `insert into ${quote(current.name)} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${quote(current.name)}, $1::json)`,
          [`[${batch.join(",")}]`],
        );
        loaded[current.name] = (loaded[current.name] ?? 0) + batch.length;
        rows += batch.length;
        batch = [];
        chars = 0;
      };
      let ended = false;
      for await (const { line, text } of readLines(file)) {
        if ("table" in line) {
          await flush();
          current = line.table;
          loaded[current.name] = 0;
          tables += 1;
        } else if ("row" in line) {
          if (!current) throw new BackupError(`${file} is damaged: a row comes before any table.`);
          // The row's JSON as written, without parsing it again: {"row":...}
          batch.push(text.slice('{"row":'.length, -1));
          chars += text.length;
          if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
        } else if ("end" in line) {
          await flush();
          for (const [name, count] of Object.entries(line.end.rows)) {
            if ((loaded[name] ?? 0) !== count) throw new BackupError(`${file} is damaged: ${name} should hold ${count} rows, it has ${loaded[name] ?? 0}.`);
          }
          for (const sequence of line.end.sequences) {
            await query("select setval($1, $2::bigint, $3)", [quote(sequence.name), sequence.value, sequence.called]);
          }
          ended = true;
        }
      }
      if (!ended) throw new BackupError(`${file} is incomplete (it ends before its last table): nothing was restored.`);
      await applyMigrations(query, shipped.slice(level));
    });
    return { tables, rows, migrationsInBackup: level, migrationsApplied: shipped.length - level };
  } finally {
    await target.close();
  }
}
