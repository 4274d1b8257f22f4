/**
 * Opens the server database: SQLite (better-sqlite3, a file under DATA_DIR) when DATABASE_URL is
 * empty, PostgreSQL (pg Pool) otherwise, and brings its schema up to date.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  SqliteDialect,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
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

/** Where the database lives; the same settings as the server config. */
export interface DatabaseSettings {
  databaseUrl: string;
  dataDir: string;
  /**
   * How long a query waits for the database before it fails (and its request answers 503): for a
   * PostgreSQL connection (a new one, or a free one of the pool), or for SQLite's lock held by another
   * process. 10 s by default.
   */
  databaseWaitMs?: number;
  /**
   * Told of a connection the database server ended or lost while it was idle in the pool or between
   * two queries (a restart, a failover): the pool drops it and opens a new one when needed.
   */
  onConnectionError?: (error: Error) => void;
}

/** The default of `DatabaseSettings.databaseWaitMs`. */
export const DEFAULT_DATABASE_WAIT_MS = 10_000;

/** Opens (without migrating) the database named by the settings. */
export function openDatabase(settings: DatabaseSettings): OpenDatabase {
  const waitMs = settings.databaseWaitMs ?? DEFAULT_DATABASE_WAIT_MS;
  if (settings.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: settings.databaseUrl,
      max: 10,
      // Without a bound, a database that accepts no connection (a failover in progress) would hold
      // every request until the client gives up.
      connectionTimeoutMillis: waitMs,
      // A peer that vanished without closing the connection (a network partition) is noticed.
      keepAlive: true,
    });
    const onConnectionError =
      settings.onConnectionError ??
      ((error: Error) => console.warn(`database connection lost: ${error.message} (a new one is opened when needed)`));
    // A connection the server ends emits 'error': on the pool while it is idle there, on the client
    // while a request holds it between two queries. Unheard, either event ends the process; heard, the
    // pool drops the connection, the query that ran on it fails (answered 503, isDatabaseUnavailable)
    // and later queries get new connections once the server is back.
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: discardingBroken(pool) }) });
    return { db, dialect: 'postgres', pool, close: () => db.destroy() };
  }
  mkdirSync(settings.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(join(settings.dataDir, 'ecopermit.sqlite'));
  // WAL lets readers (the dashboard) proceed while a submission writes; foreign keys are off by
  // default in SQLite and on in PostgreSQL, so switch them on for equal behaviour.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process writing (the staff command, a backup) holds the file's lock for a moment: a write
  // waits this long for it, then fails with SQLITE_BUSY (answered 503). better-sqlite3 waits
  // synchronously, so the wait is kept short.
  sqlite.pragma(`busy_timeout = ${Math.round(waitMs)}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * The pool as Kysely uses it: a connection on which a query failed because the connection itself broke
 * (`isDatabaseUnavailable`: the server ended it, the socket failed) goes back as broken, so the pool
 * closes it instead of handing it to the next request. node-postgres marks a connection dead only when
 * its socket's end is read, which can come a moment after the query's error: in that moment the dead
 * connection would look idle and fail one more request after the database is back.
 */
function discardingBroken(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let broken: Error | undefined;
    const query = (...args: unknown[]): unknown => {
      const result = (client.query as (...a: unknown[]) => unknown)(...args);
      // A cursor (a streamed query) is given back as it is; a query's promise is watched.
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) broken = error as Error;
        throw error;
      });
    };
    return {
      query: query as PostgresPoolClient['query'],
      release() {
        const error = broken;
        broken = undefined;
        client.release(error);
      },
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrapped.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrapped.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
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

const DAY_MS = 24 * 60 * 60 * 1000;

/** The time `days` days before `now` as ISO text (a retention period's cutoff), as `nowIso` writes it. */
export function isoDaysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/** PostgreSQL's codes of a database that is not there: connection exceptions (class 08), shutdown, start-up, too many connections. */
const UNAVAILABLE_PG_CODES = /^(08[0-9A-Z]{3}|57P0[1-4]|53300)$/;
/** Node's codes of a connection that could not be made or broke. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** node-postgres's own messages for a connection that ended, broke or never came (they carry no code). */
const UNAVAILABLE_PG_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;

/**
 * True when a query failed because the database is not there or not free, rather than because of the
 * query: PostgreSQL restarting, shut down, unreachable or refusing connections, the pool waiting past
 * its bound, a connection that broke mid-request; SQLite's file locked by another process past the
 * busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`). A retry can work: the request answers 503. Follows
 * `cause` (an error wrapped by a library).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_PG_CODES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
      if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_PG_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when a write failed on a unique index: two requests raced for the same e-mail, TIN, report
 * month... (SQLite `SQLITE_CONSTRAINT_UNIQUE` / `_PRIMARYKEY`, PostgreSQL 23505).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
