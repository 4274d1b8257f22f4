import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Migrator, sql, type Kysely } from 'kysely';
import { isUniqueViolation, MIGRATION_LOCK_ID, migrateToLatest, openDatabase } from '../../server/db/database';
import { migrationProvider } from '../../server/db/migrations';
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
      expect(once.services).toBe(reference.services.length);
      expect(once.services).toBeGreaterThan(0);
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
      const first = await buildApp(config);
      await call(first, 'POST', 'clients', {
        body: { first_name: 'A', last_name: 'B', telephone: '0781234567', email: 'a@example.org' },
      });
      await first.close();
      const second = await buildApp(config);
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
    const { once, twice, reference } = await migrateAndSeedTwice({ databaseUrl: pgUrl, dataDir: testConfig().dataDir });
    expect(twice).toEqual(once);
    expect(once.services).toBe(reference.services.length);
  });

  it.skipIf(!pgUrl)('let one instance at a time migrate and seed on PostgreSQL (an advisory lock)', async () => {
    const name = `ecopermit_lock_${process.pid}`;
    const admin = openDatabase({ databaseUrl: pgUrl, dataDir: '' });
    await sql.raw(`create database ${name}`).execute(admin.db);
    const settings = { databaseUrl: pgUrl.replace(/\/[^/]*$/, `/${name}`), dataDir: '' };
    const instances = [openDatabase(settings), openDatabase(settings), openDatabase(settings)];
    const observer = openDatabase(settings);
    /** Whether another session could take the lock now (taken and given back at once). */
    const lockFree = () =>
      observer.db.connection().execute(async (connection) => {
        const lock = sql.lit(MIGRATION_LOCK_ID);
        const tried = await sql<{ free: boolean }>`select pg_try_advisory_lock(${lock}) as free`.execute(connection);
        const free = tried.rows[0]?.free === true;
        if (free) await sql`select pg_advisory_unlock(${lock})`.execute(connection);
        return free;
      });
    const reference = readReferenceData();
    let seeding = 0;
    let mostAtOnce = 0;
    const lockedWhileSeeding: boolean[] = [];
    try {
      // Three instances of a release started together on an empty database.
      await Promise.all(
        instances.map((open) =>
          migrateToLatest(open, async () => {
            seeding += 1;
            mostAtOnce = Math.max(mostAtOnce, seeding);
            lockedWhileSeeding.push(!(await lockFree()));
            await seedReferenceData(open.db, reference);
            seeding -= 1;
          }),
        ),
      );
      expect(lockedWhileSeeding).toEqual([true, true, true]);
      expect(mostAtOnce).toBe(1);
      expect(await lockFree()).toBe(true);
      const counts = await countRows(observer);
      expect(counts.services).toBe(reference.services.length);
      expect(counts.lookups).toBe(reference.lookups.reduce((n, l) => n + l.items.length, 0));
    } finally {
      await Promise.all([...instances, observer].map((open) => open.close()));
      await sql.raw(`drop database ${name}`).execute(admin.db);
      await admin.close();
    }
  });
});

/** Data written under the first schema, with the duplicates the security migration must resolve. */
async function migrateWithDuplicates(settings: { databaseUrl: string; dataDir: string }) {
  const open = openDatabase(settings);
  try {
    const migrator = new Migrator({ db: open.db, provider: migrationProvider(open.dialect) });
    const first = await migrator.migrateTo('0001_initial');
    expect(first.error).toBeUndefined();
    const db = open.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const now = new Date().toISOString();
    await db.insertInto('services').values({ id: 1, name: 'Plastics', description: 'x' }).execute();
    await db
      .insertInto('clients')
      .values({
        uid: 'u1',
        first_name: 'A',
        last_name: 'B',
        email: 'a@x.org',
        telephone: '0780000001',
        created_at: now,
      })
      .execute();
    const client = await db.selectFrom('clients').select('id').executeTakeFirstOrThrow();
    const company = (tin: string) => ({
      client_id: client.id,
      name: 'C',
      company_category_id: 1,
      type_registration: 'Company',
      tin,
      telephone: '0780000001',
      email: 'c@x.org',
      activities: 'a',
      address: 'b',
      contact_person_job_title: 'c',
      contact_person_phone: '0780000001',
      contact_person_email: 'c@x.org',
      created_at: now,
      updated_at: now,
    });
    for (const tin of [' 101 234 567', '101234567', '101234568'])
      await db.insertInto('companies').values(company(tin)).execute();
    const companies = await db.selectFrom('companies').select('id').orderBy('id').execute();
    const c1 = companies[0]?.id;
    for (const [month, quantity] of [
      ['2026-01-01', 5],
      ['2026-01-01', 7],
      ['2026-02-01', 3],
    ] as const) {
      await db
        .insertInto('recycled_reports')
        .values({ client_id: client.id, company_id: c1, report_month: month, quantity, created_at: now })
        .execute();
    }
    for (const appId of ['EP-1', 'EP-2']) {
      await db
        .insertInto('applications')
        .values({ app_id: appId, client_id: client.id, service_id: 1, status_id: 2, created_at: now, updated_at: now })
        .execute();
    }
    await db.insertInto('tokens').values({ token_hash: 'h', client_id: client.id, created_at: now }).execute();
    // An audit's stage in the columns of its time: moved to its facts by 0007.
    await db
      .updateTable('applications')
      .set({ tor_approval_date: '2026-03-01', is_application_in_phase_2: 1, approval_conditions: '<p>Trees</p>' })
      .where('app_id', '=', 'EP-1')
      .execute();
    // A staff account of the time before its key had a date: its key's age starts at its creation.
    expect((await migrator.migrateTo('0007_stage_facts')).error).toBeUndefined();
    await db
      .insertInto('staff')
      .values({ name: 'reviewer', key_hash: 'k', created_at: '2026-01-02T03:04:05.000Z', revoked_at: null })
      .execute();

    await migrateToLatest(open);
    expect(await open.db.selectFrom('staff').select(['name', 'key_created_at', 'last_used_at']).execute()).toEqual([
      { name: 'reviewer', key_created_at: '2026-01-02T03:04:05.000Z', last_used_at: null },
    ]);

    const facts = await open.db
      .selectFrom('application_facts')
      .innerJoin('applications', 'applications.id', 'application_facts.application_id')
      .select(['applications.app_id', 'application_facts.name', 'application_facts.value'])
      .orderBy('application_facts.name')
      .execute();
    expect(facts).toEqual([
      { app_id: 'EP-1', name: 'approval_conditions', value: '"<p>Trees</p>"' },
      { app_id: 'EP-1', name: 'is_application_in_phase_2', value: 'true' },
      { app_id: 'EP-1', name: 'tor_approval_date', value: '"2026-03-01"' },
    ]);
    const columns = Object.keys((await sql`select * from applications`.execute(open.db)).rows[0] as object);
    expect(columns).not.toContain('tor_approval_date');

    const tins = await open.db.selectFrom('companies').select(['id', 'tin']).orderBy('id').execute();
    expect(tins.map((c) => c.tin)).toEqual(['101234567', `101234567-DUPLICATE-${companies[1]?.id}`, '101234568']);
    const reports = await open.db
      .selectFrom('recycled_reports')
      .select(['report_month', 'quantity'])
      .orderBy('report_month')
      .execute();
    expect(reports.map((r) => [r.report_month, Number(r.quantity)])).toEqual([
      ['2026-01-01', 12],
      ['2026-02-01', 3],
    ]);
    const tokens = await open.db.selectFrom('applications').select('certificate_token').execute();
    expect(tokens.every((t) => /^[A-Za-z0-9_-]{22}$/.test(t.certificate_token))).toBe(true);
    expect(new Set(tokens.map((t) => t.certificate_token)).size).toBe(2);
    const session = await open.db.selectFrom('tokens').select(['created_at', 'last_used_at']).executeTakeFirstOrThrow();
    expect(session.last_used_at).toBe(session.created_at);
    const again = await db
      .insertInto('companies')
      .values(company('101234568'))
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(again)).toBe(true);

    // The phone is optional now (the SQLite table was rebuilt): the account and what refers to it are
    // kept, a phone is still unique when set, and references to clients are still enforced.
    expect(await open.db.selectFrom('clients').select(['id', 'telephone']).execute()).toEqual([
      { id: client.id, telephone: '0780000001' },
    ]);
    expect(await open.db.selectFrom('tokens').select('client_id').execute()).toEqual([{ client_id: client.id }]);
    await db.updateTable('clients').set({ telephone: null }).where('id', '=', client.id).execute();
    const another = (uid: string, email: string) => ({
      uid,
      first_name: 'C',
      last_name: 'D',
      email,
      telephone: '0780000002',
      created_at: now,
    });
    await db.insertInto('clients').values(another('u2', 'b@x.org')).execute();
    const samePhone = await db
      .insertInto('clients')
      .values(another('u3', 'c@x.org'))
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(samePhone)).toBe(true);
    const orphan = await db
      .insertInto('tokens')
      .values({ token_hash: 'h2', client_id: 999_999, created_at: now })
      .execute()
      .catch((e: unknown) => e);
    expect(orphan).toBeInstanceOf(Error);
  } finally {
    await open.close();
  }
}

describe('the migrations on a database with data', () => {
  it('resolve duplicate TINs and report months, give certificates tokens, make the phone optional (SQLite)', async () => {
    const config = testConfig();
    try {
      await migrateWithDuplicates({ databaseUrl: '', dataDir: config.dataDir });
    } finally {
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  it.skipIf(!adminUrl)('resolves them on PostgreSQL too', async () => {
    const name = `ecopermit_m2_${process.pid}`;
    const admin = openDatabase({ databaseUrl: adminUrl, dataDir: testConfig().dataDir });
    await sql.raw(`create database ${name}`).execute(admin.db);
    try {
      await migrateWithDuplicates({ databaseUrl: adminUrl.replace(/\/[^/]*$/, `/${name}`), dataDir: '' });
    } finally {
      await sql.raw(`drop database ${name}`).execute(admin.db);
      await admin.close();
    }
  });
});
