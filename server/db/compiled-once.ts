/**
 * A query every request of a kind asks, built and compiled once per database: building a Kysely
 * query and compiling it to SQL costs more than running it on SQLite, so the hot reads (the staff
 * key, its grants, the queue's revision) bind their values to the compiled text instead, as the
 * applicants' session read does (server/auth-hook.ts).
 */
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './tables';

/**
 * A runner of the query `build` makes (with placeholder values), compiled on its first run on each
 * database; each run binds `parameters` in the order the compiled SQL takes them.
 */
export function compiledOnce<R>(
  build: (db: Kysely<Database>) => Compilable<R>,
): (db: Kysely<Database>, parameters: readonly unknown[]) => Promise<QueryResult<R>> {
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<R>>();
  return (db, parameters) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db).compile();
      if (query.parameters.length !== parameters.length)
        throw new Error(`the query takes ${query.parameters.length} values, ${parameters.length} given`);
      compiled.set(db, query);
    }
    return db.executeQuery<R>({ ...query, parameters });
  };
}
