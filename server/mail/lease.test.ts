import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../tests/api/helpers';
import type { Kysely } from 'kysely';
import type { OpenDatabase } from '../db/database';
import type { Database } from '../db/tables';
import { readServerMessages } from '../messages';
import { queueAccountExistsNotice } from './account-mail';
import { holdLease, releaseLease } from './lease';
import { isServerFailure, retryDelayMs, startMailSender, type OutgoingEmail } from './mail-sender';

// SQLite, or PostgreSQL on its run (npm run test:pg): taking a lease is one conditional update on both.
let database: OpenDatabase;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ database, close } = await freshDatabase());
});
afterAll(async () => close());

describe('leases', () => {
  it('are held by one holder at a time until they expire or are released', async () => {
    const { db } = database;
    expect(await holdLease(db, 'job', 'a', 60_000)).toBe(true);
    expect(await holdLease(db, 'job', 'b', 60_000)).toBe(false);
    expect(await holdLease(db, 'job', 'a', 60_000)).toBe(true);
    await releaseLease(db, 'job', 'b');
    expect(await holdLease(db, 'job', 'b', 60_000)).toBe(false);
    await releaseLease(db, 'job', 'a');
    expect(await holdLease(db, 'job', 'b', 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await holdLease(db, 'job', 'a', 60_000)).toBe(true);
    expect(await holdLease(db, 'other job', 'b', 60_000)).toBe(true);
  });

  it('let only one of many asking at once win', async () => {
    const { db } = database;
    const won = await Promise.all(['p', 'q', 'r', 's'].map((holder) => holdLease(db, 'race', holder, 60_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});

describe('the sender', () => {
  it('waits twice as long after each failure, up to the maximum', () => {
    expect([1, 2, 3, 4, 10].map((attempts) => retryDelayMs(attempts, 100, 1_000))).toEqual([100, 200, 400, 800, 1_000]);
  });

  it('pauses for a failing server, and goes on past a refused message', () => {
    expect(isServerFailure(Object.assign(new Error('refused'), { code: 'ECONNECTION' }))).toBe(true);
    expect(isServerFailure(Object.assign(new Error('busy'), { code: 'EENVELOPE', responseCode: 421 }))).toBe(true);
    expect(isServerFailure(Object.assign(new Error('no such user'), { code: 'EENVELOPE', responseCode: 550 }))).toBe(
      false,
    );
  });
});

/**
 * Resolves once the `mail-sender` lease runs past `time` (ms), asking the database until it does: the
 * timers are fake, so it waits on the database's answers, never on a clock. Fails after many asks.
 */
async function leaseRenewedPast(db: Kysely<Database>, time: number): Promise<void> {
  for (let ask = 0; ask < 5_000; ask += 1) {
    const row = await db.selectFrom('leases').select('expires_at').where('name', '=', 'mail-sender').executeTakeFirst();
    if (row && Date.parse(row.expires_at) > time) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('the mail sender did not renew its lease');
}

describe('a slow delivery', () => {
  it('keeps the lease while the SMTP server takes longer than it, so no other instance takes over', async () => {
    const { db } = database;
    const client = await db
      .insertInto('clients')
      .values({
        uid: 'slow-smtp',
        first_name: 'Ana',
        last_name: 'Slow',
        email: 'slow@example.org',
        telephone: '0789999999',
        confirmed: 1,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await queueAccountExistsNotice(db, client.id, ['slow@example.org']);
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearInterval', 'clearTimeout', 'Date'] });
    try {
      let accept: () => void = () => undefined;
      const delivered: OutgoingEmail[] = [];
      const sender = startMailSender(
        { db, definitions: [], archived: [], messages: readServerMessages() },
        {
          deliver: (email) =>
            new Promise<void>((resolve) => {
              delivered.push(email);
              accept = resolve;
            }),
          publicUrl: 'https://portal.example.org',
          pollMs: 600_000,
          retryBaseMs: 1_000,
          retryMaxMs: 1_000,
          leaseMs: 3_000,
        },
      );
      const run = sender.runOnce();
      await vi.waitFor(() => expect(delivered).toHaveLength(1));
      // Ten times the lease passes while the server has not answered: another instance never gets it.
      for (let second = 0; second < 30; second += 1) {
        await vi.advanceTimersByTimeAsync(1_000);
        // The renewal this second fired is a database write in flight: wait for it to land (a busy
        // database takes a while), then ask as the other instance.
        await leaseRenewedPast(db, Date.now() + 2_000);
        expect(await holdLease(db, 'mail-sender', 'another instance', 3_000)).toBe(false);
      }
      accept();
      expect(await run).toBe(1);
      await sender.stop();
      // Released on stop: the other instance takes it at once.
      expect(await holdLease(db, 'mail-sender', 'another instance', 3_000)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
