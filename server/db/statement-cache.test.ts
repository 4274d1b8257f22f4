// @module-tag dialect-free: better-sqlite3's statements, which PostgreSQL does not use.
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './statement-cache';

describe('withStatementCache', () => {
  const opened: SqliteDatabase.Database[] = [];
  const open = () => {
    const sqlite = new SqliteDatabase(':memory:');
    opened.push(sqlite);
    return sqlite;
  };
  afterEach(() => {
    for (const sqlite of opened.splice(0)) if (sqlite.open) sqlite.close();
  });

  it('compiles a SQL text once and answers the same statement after', () => {
    const sqlite = open();
    const prepare = vi.spyOn(sqlite, 'prepare');
    const cached = withStatementCache(sqlite);
    const first = cached.prepare('select 1 as one');
    expect(cached.prepare('select 1 as one')).toBe(first);
    expect(cached.prepare('select 2 as two')).not.toBe(first);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('drops the least recently used statement past its capacity', () => {
    const sqlite = open();
    const prepare = vi.spyOn(sqlite, 'prepare');
    const cached = withStatementCache(sqlite, 2);
    const a = cached.prepare('select 1');
    cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(a); // now the most recent
    cached.prepare('select 3'); // evicts 'select 2'
    expect(cached.prepare('select 1')).toBe(a);
    cached.prepare('select 2');
    expect(prepare.mock.calls.map(([text]) => text)).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });

  it('runs reads, writes and transactions through Kysely with reused statements, then closes', async () => {
    const sqlite = open();
    const db = new Kysely<{ items: { id: Generated<number>; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    await sql`create table items (id integer primary key, name text not null)`.execute(db);
    for (const name of ['a', 'b', 'c']) await db.insertInto('items').values({ name }).execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'd' }).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const named = (name: string) => db.selectFrom('items').select('id').where('name', '=', name).executeTakeFirst();
    expect(await named('b')).toEqual({ id: 2 });
    expect(await named('c')).toEqual({ id: 3 });
    expect(await named('d')).toBeUndefined();
    const streamed: unknown[] = [];
    for await (const row of db.selectFrom('items').select('name').orderBy('id').stream()) streamed.push(row);
    expect(streamed).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    // A stream left early frees its statement for the next run of the same query.
    for await (const row of db.selectFrom('items').select('name').orderBy('id').stream()) {
      expect(row).toEqual({ name: 'a' });
      break;
    }
    expect(await db.selectFrom('items').select('name').orderBy('id').execute()).toHaveLength(3);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
