/**
 * Opens the server database: SQLite (better-sqlite3, a file under DATA_DIR) when DATABASE_URL is
 * empty, PostgreSQL (pg Pool) otherwise, and brings its schema up to date.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { withStatementCache } from './statement-cache';
import { migrationProvider, type DialectName } from './migrations';
import type { Database } from './tables';

export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
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
    return { db, dialect: 'postgres', close: () => db.destroy() };
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
 * Runs every pending migration. Safe to call on every start: applied migrations are skipped.
 * @throws Error with the failing migration's name when one fails.
 */
export async function migrateToLatest(open: OpenDatabase): Promise<void> {
  const migrator = new Migrator({ db: open.db, provider: migrationProvider(open.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
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
