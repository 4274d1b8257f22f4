import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type OpenDatabase } from '../db/database';
import { holdLease, releaseLease } from './lease';
import { isServerFailure, retryDelayMs } from './mail-sender';

let dir: string;
let database: OpenDatabase;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ecopermit-lease-'));
  database = openDatabase({ databaseUrl: '', dataDir: dir });
  await migrateToLatest(database);
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

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
