/**
 * better-sqlite3 compiles a statement on every `prepare`, and Kysely's SQLite driver prepares each
 * query it runs: under load that compilation was a sixth of the API's time. Kysely builds the same
 * SQL text for the same query shape (values are parameters), so the compiled statements are kept
 * by text and reused.
 */
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Query shapes kept: the API has a few hundred; the bound keeps memory flat if text ever varies. */
const DEFAULT_CAPACITY = 500;

/**
 * `database` for Kysely's SqliteDialect whose `prepare` answers the statement compiled earlier for
 * the same SQL text, the least recently used being dropped past `capacity`. Reuse is safe because
 * Kysely runs one query at a time on its single SQLite connection and each statement runs to its
 * end (`all`, `run` or a finished `iterate`) before the next query.
 */
export function withStatementCache(database: SqliteDatabase, capacity = DEFAULT_CAPACITY): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last: Map keeps insertion order, so the first key is the oldest.
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= capacity) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
