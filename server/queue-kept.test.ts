import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../tests/api/helpers';
import { nowIso, type OpenDatabase } from './db/database';
import { KEPT_MS, keptAt, queueMark } from './queue-kept';
import { readReferenceData } from './db/reference-data';
import { seedReferenceData } from './db/seed';
import { moveStatus } from './transitions/execute';
import { insertBulkApplications } from '../scripts/bulk-applications';

let database: OpenDatabase;
let close: () => Promise<void>;

// On SQLite, and on PostgreSQL in its run (freshDatabase follows it).
beforeEach(async () => {
  ({ database, close } = await freshDatabase());
});
afterEach(() => close());

/** An application moved to another status: a history row, as every change the queue counts writes. */
async function statusMoved(): Promise<void> {
  await seedReferenceData(database.db, readReferenceData());
  const client = await database.db
    .insertInto('clients')
    .values({
      uid: 'queue-counts',
      first_name: 'Alice',
      last_name: 'Uwase',
      other_name: null,
      email: 'alice@example.org',
      telephone: null,
      id_number: null,
      password_hash: null,
      confirmed: 1,
      created_at: nowIso(),
      language: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertBulkApplications(database.db, client.id, 1);
  const app = await database.db.selectFrom('applications').select('id').executeTakeFirstOrThrow();
  await moveStatus(database.db, app.id, { statusId: 3 });
}

describe('keptAt', () => {
  it('reads once while the mark stands, and again once a status moved', async () => {
    let counted = 0;
    const count = async () => [{ status_id: 2, n: ++counted }];
    const kept = async () => keptAt(database.db, await queueMark(database.db), 'a', count);
    expect(await kept()).toEqual([{ status_id: 2, n: 1 }]);
    expect(await kept()).toEqual([{ status_id: 2, n: 1 }]);
    expect(counted).toBe(1);
    const before = await queueMark(database.db);
    await statusMoved();
    expect(await queueMark(database.db)).toBeGreaterThan(before);
    expect(await kept()).toEqual([{ status_id: 2, n: 2 }]);
    expect(counted).toBe(2);
  });

  it('keeps each filter apart', async () => {
    const a = await keptAt(database.db, 0, 'a', async () => [{ status_id: 2, n: 1 }]);
    const b = await keptAt(database.db, 0, 'b', async () => [{ status_id: 3, n: 7 }]);
    expect(a).toEqual([{ status_id: 2, n: 1 }]);
    expect(b).toEqual([{ status_id: 3, n: 7 }]);
  });

  it('reads again after KEPT_MS even when the mark stands', async () => {
    let clock = 1_000_000;
    let counted = 0;
    const count = async () => [{ status_id: 2, n: ++counted }];
    await keptAt(database.db, 0, 'a', count, () => clock);
    clock += KEPT_MS - 1;
    await keptAt(database.db, 0, 'a', count, () => clock);
    expect(counted).toBe(1);
    clock += 1;
    await keptAt(database.db, 0, 'a', count, () => clock);
    expect(counted).toBe(2);
  });
});
