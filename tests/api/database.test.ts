import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../server/db/database';
import { readReferenceData } from '../../server/db/reference-data';
import { seedReferenceData } from '../../server/db/seed';
import { buildApp } from '../../server/app';
import { call, testConfig } from './helpers';

async function countRows(open: ReturnType<typeof openDatabase>) {
  const lookups = await open.db
    .selectFrom('lookups')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const attachments = await open.db
    .selectFrom('service_attachments')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const services = await open.db
    .selectFrom('services')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return { lookups: Number(lookups.n), attachments: Number(attachments.n), services: Number(services.n) };
}

async function migrateAndSeedTwice(settings: { databaseUrl: string; dataDir: string }) {
  const reference = readReferenceData();
  const first = openDatabase(settings);
  await migrateToLatest(first);
  await seedReferenceData(first.db, reference);
  const once = await countRows(first);
  await first.close();
  const second = openDatabase(settings);
  await migrateToLatest(second);
  await seedReferenceData(second.db, reference);
  const twice = await countRows(second);
  await second.close();
  return { once, twice, reference };
}

describe('migrations and seed', () => {
  it('run twice on SQLite without error or duplicates', async () => {
    const config = testConfig();
    try {
      const { once, twice, reference } = await migrateAndSeedTwice(config);
      expect(twice).toEqual(once);
      expect(once.services).toBe(8);
      expect(once.lookups).toBe(reference.lookups.reduce((n, l) => n + l.items.length, 0));
      expect(once.lookups).toBeGreaterThan(17000);
    } finally {
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('keeps data across restarts of the server', async () => {
    const config = testConfig();
    const countAccounts = async () => {
      const open = openDatabase(config);
      try {
        const row = await open.db
          .selectFrom('clients')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('email', '=', 'a@example.org')
          .executeTakeFirstOrThrow();
        return Number(row.n);
      } finally {
        await open.close();
      }
    };
    try {
      const first = await buildApp(config, { outbox: () => undefined });
      await call(first, 'POST', 'clients', {
        body: { first_name: 'A', last_name: 'B', telephone: '0781234567', email: 'a@example.org' },
      });
      await first.close();
      const second = await buildApp(config, { outbox: () => undefined });
      expect(await countAccounts()).toBe(1);
      // Registering again finds the stored account: still one.
      const again = await call(second, 'POST', 'clients', {
        body: { first_name: 'A', last_name: 'B', telephone: '0781234567', email: 'a@example.org' },
      });
      expect(again.status).toBe(201);
      expect(await countAccounts()).toBe(1);
      await second.close();
    } finally {
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  // PostgreSQL runs only when a disposable database is given, e.g.
  // TEST_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/ecopermit_test npx vitest run tests/api/database.test.ts
  const pgUrl = process.env.TEST_DATABASE_URL ?? '';
  it.skipIf(!pgUrl)('run twice on PostgreSQL without error or duplicates', async () => {
    const { once, twice } = await migrateAndSeedTwice({ databaseUrl: pgUrl, dataDir: testConfig().dataDir });
    expect(twice).toEqual(once);
    expect(once.services).toBe(8);
  });
});
