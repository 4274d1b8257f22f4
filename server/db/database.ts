/**
 * Opens the server database: SQLite (better-sqlite3, a file under DATA_DIR) when DATABASE_URL is
 * empty, PostgreSQL (pg Pool) otherwise, and brings its schema up to date.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { withStatementCache } from './statement-cache';
import { migrationProvider, type DialectName } from './migrations';
import type { Database } from './tables';

export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL's connection pool, for its counts (metrics); absent on SQLite, which has none. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

/** Where the database lives; the same two settings as the server config. */
export interface DatabaseSettings {
  databaseUrl: string;
  dataDir: string;
}

/** Opens (without migrating) the database named by the settings. */
export function openDatabase(settings: DatabaseSettings): OpenDatabase {
  if (settings.databaseUrl) {
    const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pool, close: () => db.destroy() };
  }
  mkdirSync(settings.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(join(settings.dataDir, 'ecopermit.sqlite'));
  // WAL lets readers (the dashboard) proceed while a submission writes; foreign keys are off by
  // default in SQLite and on in PostgreSQL, so switch them on for equal behaviour.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * The PostgreSQL advisory lock held while one instance migrates and seeds (any fixed number unused
 * by other locks; Kysely's own migration lock is another).
 */
export const MIGRATION_LOCK_ID = 7_316_046_285;

/**
 * Runs every pending migration, then `afterwards` (the seed and the stored applications' migrations),
 * all under one lock on PostgreSQL:
 * instances started together (a new release rolled out) take turns, the first migrates and seeds,
 * the others find nothing left to do. Kysely's migrator locks the migrations alone; the seed, run
 * by two instances at once, would insert the same rows twice and fail on their unique index. The
 * lock is a session lock on a connection of its own, held until both are done; the work itself
 * uses the pool. SQLite needs none: one file, one server. Safe to call on every start: applied
 * migrations are skipped.
 * @throws Error with the failing migration's name when one fails.
 */
export async function migrateToLatest(open: OpenDatabase, afterwards?: () => Promise<void>): Promise<void> {
  const migrate = async () => {
    const migrator = new Migrator({ db: open.db, provider: migrationProvider(open.dialect) });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
      throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    await afterwards?.();
  };
  if (open.dialect !== 'postgres') return migrate();
  await open.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(connection);
    try {
      await migrate();
    } finally {
      // Also released when the connection ends (a crash), so a failed start never blocks the next.
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(connection);
    }
  });
}

/** Current time as ISO text: the one timestamp format of every table. */
export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * True when a write failed on a unique index: two requests raced for the same e-mail, TIN, report
 * month... (SQLite `SQLITE_CONSTRAINT_UNIQUE` / `_PRIMARYKEY`, PostgreSQL 23505).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
