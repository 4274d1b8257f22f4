/**
 * The audit trail (server/trail/): every change of an application is an event chained to the one
 * before it, the answers as JSON Patches that rebuild them, and `verifyTrail` finds a row edited, a
 * row deleted (in the middle, the last), an application's rows deleted and an application deleted
 * whole; a draft the applicant discards leaves its tombstone. Runs on SQLite and, in `npm run
 * test:pg`, on PostgreSQL.
 */
import type { Operation } from 'fast-json-patch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { migrateToLatest, openDatabase } from '../../server/db/database';
import { migrationProvider } from '../../server/db/migrations';
import { queueMark } from '../../server/queue-kept';
import { parseStaffArgs } from '../../server/staff-cli';
import { answersDocument, applyAnswersPatches } from '../../server/trail/answers';
import { trailReportText, verifyTrail } from '../../server/trail/verify';
import {
  applicantWithDraft,
  applicationAt,
  call,
  ownPostgresDatabase,
  plasticsBody,
  signUp,
  staffCommand,
  startServer,
  staffKeyWith,
  type TestServer,
} from './helpers';

const SUBMIT = 'clients/applications/plastic-bags-authorization';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

/** The trail of application `id`, in order. */
const trailOf = (id: number) =>
  server.database.db.selectFrom('flow_histories').selectAll().where('application_id', '=', id).orderBy('seq').execute();

/** A submitted plastics application whose draft was saved twice and which holds its document. */
async function submittedApplication() {
  const made = await applicantWithDraft(server);
  const save = (answers: Record<string, unknown>) =>
    call(server.app, 'PUT', `client/application/${made.draft}/draft`, { token: made.user.token, body: { answers } });
  expect((await save({ description: 'Carry' })).status).toBe(200);
  expect((await save({ description: 'Carry bags', quantity: 10 })).status).toBe(200);
  const sent = await call(server.app, 'POST', SUBMIT, {
    token: made.user.token,
    body: plasticsBody({ clientId: made.user.id, company: made.company, applicationId: made.draft }),
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return made;
}

/** The problems the check finds for application `id` (and the register's). */
async function problemsOf(id: number) {
  return (await verifyTrail(server.database.db, id)).problems.map(({ application, seq, what }) => ({
    application,
    seq,
    what,
  }));
}

describe('the trail of an application', () => {
  it('records every change in order, chained, and its answers patches rebuild the answers', async () => {
    const made = await submittedApplication();
    const rows = await trailOf(made.draft);
    expect(rows.map((row) => row.kind)).toEqual(['created', 'file-added', 'answers', 'answers', 'records', 'status']);
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.map((row) => row.actor)).toEqual(Array(6).fill('applicant'));
    expect(rows[1]!.data && JSON.parse(rows[1]!.data)).toMatchObject({
      name: 'document.pdf',
      sha256: expect.any(String),
    });
    // The first save adds the draft, the second patches it; the submission stores the record and clears the draft.
    const patches = rows
      .filter((row) => row.kind === 'answers' || row.kind === 'records')
      .map((row) => (JSON.parse(row.data!) as { patch: Operation[] }).patch);
    expect(patches[1]).toEqual(
      expect.arrayContaining([
        { op: 'replace', path: '/draft/answers/description', value: 'Carry bags' },
        { op: 'add', path: '/draft/answers/quantity', value: 10 },
      ]),
    );
    expect(applyAnswersPatches(patches.slice(0, 2))).toEqual({
      draft: { answers: { description: 'Carry bags', quantity: 10 } },
      records: {},
    });
    const stored = await answersDocument(server.database.db, made.draft);
    expect(stored.draft).toBeNull();
    expect(Object.keys(stored.records).length).toBeGreaterThan(0);
    expect(applyAnswersPatches(patches)).toEqual(stored);
    const head = await server.database.db
      .selectFrom('applications')
      .select(['trail_seq', 'trail_hash'])
      .where('id', '=', made.draft)
      .executeTakeFirstOrThrow();
    expect(head).toEqual({ trail_seq: 6, trail_hash: rows[5]!.hash });
    expect(await problemsOf(made.draft)).toEqual([]);
  });

  it('keeps the histories as they were: the applicant sees status rows, staff status and their own rows', async () => {
    const made = await submittedApplication();
    const key = await staffKeyWith(server, `trail-staff-${made.draft}`);
    const detail = await call<{ application_flow_histories: unknown[] }>(
      server.app,
      'GET',
      `application/${made.draft}`,
      { token: made.user.token },
    );
    expect(detail.body.data.application_flow_histories).toHaveLength(1);
    const noted = await call(server.app, 'POST', `staff/applications/${made.draft}/notes`, {
      token: key,
      body: { body: 'Looks complete' },
    });
    expect(noted.status, JSON.stringify(noted.body)).toBe(201);
    const kinds = (await trailOf(made.draft)).map((row) => row.kind);
    expect(kinds.slice(-1)).toEqual(['note']);
    // The staff's history: the submission and the note (not the answers, files or the making of the draft).
    const seen = await call<{ history: Array<{ comment: string | null }> }>(
      server.app,
      'GET',
      `staff/applications/${made.draft}`,
      { token: key },
    );
    expect(seen.body.data.history.map((row) => row.comment)).toEqual([null, 'added a note', 'viewed']);
    expect(await problemsOf(made.draft)).toEqual([]);
  });
});

describe("the queue's mark", () => {
  it('stands on a draft saved, a staff read and a note; moves on a submission and an assignment', async () => {
    const { db } = server.database;
    const made = await applicantWithDraft(server);
    const key = await staffKeyWith(server, `mark-staff-${made.draft}`);
    const mark = await queueMark(db);
    const saved = await call(server.app, 'PUT', `client/application/${made.draft}/draft`, {
      token: made.user.token,
      body: { answers: { description: 'Carry' } },
    });
    expect(saved.status).toBe(200);
    expect(await queueMark(db)).toBe(mark);
    const sent = await call(server.app, 'POST', SUBMIT, {
      token: made.user.token,
      body: plasticsBody({ clientId: made.user.id, company: made.company, applicationId: made.draft }),
    });
    expect(sent.status).toBe(200);
    const submitted = await queueMark(db);
    expect(submitted).toBeGreaterThan(mark);
    expect((await call(server.app, 'GET', `staff/applications/${made.draft}`, { token: key })).status).toBe(200);
    const noted = await call(server.app, 'POST', `staff/applications/${made.draft}/notes`, {
      token: key,
      body: { body: 'Checked' },
    });
    expect(noted.status).toBe(201);
    expect(await queueMark(db)).toBe(submitted);
    const taken = await call(server.app, 'POST', `staff/applications/${made.draft}/assignment`, {
      token: key,
      body: { assignee: `mark-staff-${made.draft}` },
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(await queueMark(db)).toBeGreaterThan(submitted);
    expect(await problemsOf(made.draft)).toEqual([]);
  });
});

describe('an export', () => {
  it("appends one 'exported' row to each exported application's chain, which stays whole", async () => {
    const first = await submittedApplication();
    const second = await submittedApplication();
    const key = await staffKeyWith(server, `export-staff-${first.draft}`);
    const before = await Promise.all([trailOf(first.draft), trailOf(second.draft)]);
    const exported = await call(server.app, 'GET', 'staff/queue/export?format=json&service=plastics', { token: key });
    expect(exported.status).toBe(200);
    for (const [index, id] of [first.draft, second.draft].entries()) {
      const rows = await trailOf(id);
      const added = rows.slice(before[index]!.length);
      expect(added.map((row) => [row.kind, row.event, row.internal, row.seq])).toEqual([
        ['internal', 'exported', 1, before[index]!.length + 1],
      ]);
      expect(added[0]!.prev_hash).toBe(before[index]!.at(-1)!.hash);
      expect(await problemsOf(id)).toEqual([]);
    }
  });
});

describe('verify-trail finds', () => {
  it("a row's comment edited", async () => {
    const made = await submittedApplication();
    const status = (await trailOf(made.draft)).find((row) => row.kind === 'status')!;
    await server.database.db
      .updateTable('flow_histories')
      .set({ comment_to_applicant: 'Approved, no questions asked' })
      .where('id', '=', status.id)
      .execute();
    expect(await problemsOf(made.draft)).toEqual([{ application: made.draft, seq: status.seq, what: 'hash mismatch' }]);
  });

  it('a row deleted in the middle', async () => {
    const made = await submittedApplication();
    const rows = await trailOf(made.draft);
    await server.database.db.deleteFrom('flow_histories').where('id', '=', rows[2]!.id).execute();
    expect(await problemsOf(made.draft)).toEqual([{ application: made.draft, seq: 3, what: 'missing row' }]);
  });

  it('the last row deleted', async () => {
    const made = await submittedApplication();
    const rows = await trailOf(made.draft);
    await server.database.db.deleteFrom('flow_histories').where('id', '=', rows.at(-1)!.id).execute();
    expect(await problemsOf(made.draft)).toEqual([
      { application: made.draft, seq: rows.length, what: 'head mismatch' },
    ]);
  });

  it("an application's rows deleted, and an application deleted whole", async () => {
    const made = await submittedApplication();
    const { db } = server.database;
    await db.deleteFrom('flow_histories').where('application_id', '=', made.draft).execute();
    expect(await problemsOf(made.draft)).toEqual([{ application: made.draft, seq: 6, what: 'head mismatch' }]);
    for (const table of ['mail_queue', 'application_facts', 'application_records', 'attachments'] as const)
      await db.deleteFrom(table).where('application_id', '=', made.draft).execute();
    await db.deleteFrom('applications').where('id', '=', made.draft).execute();
    expect(await problemsOf(made.draft)).toEqual([{ application: made.draft, seq: null, what: 'missing tombstone' }]);
    // The check of every application says so too, with the register's head.
    const all = await verifyTrail(db);
    expect(all.problems).toContainEqual(
      expect.objectContaining({ application: made.draft, what: 'missing tombstone' }),
    );
    expect(all.registerHead).toMatch(/^[0-9a-f]{64}$/);
  });

  it('nothing wrong with a draft its applicant discarded: its tombstone is in the register', async () => {
    const user = await signUp(server);
    const { id } = await applicationAt(server, user, 1, 1);
    expect((await call(server.app, 'DELETE', `client/application/${id}`, { token: user.token })).status).toBe(200);
    expect(await problemsOf(id)).toEqual([]);
    const register = await server.database.db
      .selectFrom('trail_register')
      .select(['kind', 'application_id'])
      .where('application_id', '=', id)
      .orderBy('seq')
      .execute();
    expect(register).toEqual([
      { kind: 'created', application_id: id },
      { kind: 'deleted', application_id: id },
    ]);
  });
});

describe('npm run staff -- verify-trail', () => {
  it('takes --app <id|app_id> or nothing', () => {
    expect(parseStaffArgs(['verify-trail'])).toEqual({ command: 'verify-trail' });
    expect(parseStaffArgs(['verify-trail', '--app', 'EP-2026-000001'])).toEqual({
      command: 'verify-trail',
      application: 'EP-2026-000001',
    });
    expect(() => parseStaffArgs(['verify-trail', '--app'])).toThrow(/verify-trail takes --app/);
    expect(() => parseStaffArgs(['verify-trail', '12'])).toThrow(/verify-trail takes --app/);
  });

  it('prints OK with the counts and the register head, or each broken place', () => {
    const head = 'a'.repeat(64);
    expect(trailReportText({ applications: 2, events: 9, registerRows: 3, registerHead: head, problems: [] })).toBe(
      `OK: 2 application(s), 9 event(s), register 3 row(s), register head ${head}`,
    );
    const broken = trailReportText({
      applications: 2,
      events: 8,
      registerRows: 3,
      registerHead: head,
      problems: [
        { application: 4, seq: 3, what: 'missing row', detail: 'event 3 is missing' },
        { application: 7, seq: null, what: 'missing tombstone', detail: 'application 7 is gone without a tombstone' },
      ],
    }).split('\n');
    expect(broken).toEqual([
      `BROKEN: 2 place(s) (2 application(s), 8 event(s), register 3 row(s), register head ${head})`,
      'application 4, event 3: missing row (event 3 is missing)',
      'application 7: missing tombstone (application 7 is gone without a tombstone)',
    ]);
  });

  it('exits 1 naming the place on a tampered database', async () => {
    const made = await submittedApplication();
    const status = (await trailOf(made.draft)).find((row) => row.kind === 'status')!;
    await server.database.db
      .updateTable('flow_histories')
      .set({ actor: 'system' })
      .where('id', '=', status.id)
      .execute();
    const { code, stdout: output } = await staffCommand(server, ['verify-trail', '--app', String(made.draft)]);
    expect(code).toBe(1);
    expect(output).toContain(`application ${made.draft}, event ${status.seq}: hash mismatch`);
  });
});

describe('the migration to the trail', () => {
  it('chains the rows stored before it, in id order per application, and registers every application', async () => {
    const own = await ownPostgresDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'ecopermit-trail-'));
    const open = openDatabase({ databaseUrl: own?.url ?? '', dataDir });
    try {
      const migrator = new Migrator({ db: open.db, provider: migrationProvider(open.dialect) });
      expect((await migrator.migrateTo('0014_queue_order')).error).toBeUndefined();
      const db = open.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const now = '2026-01-02T03:04:05.000Z';
      await db.insertInto('services').values({ id: 1, name: 'Plastics', description: 'x' }).execute();
      const client = await db
        .insertInto('clients')
        .values({ uid: 'u1', first_name: 'A', last_name: 'B', email: 'a@x.org', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ids: number[] = [];
      for (const appId of ['EP-1', 'EP-2', 'EP-3']) {
        const row = await db
          .insertInto('applications')
          .values({
            app_id: appId,
            client_id: client.id,
            service_id: 1,
            status_id: 2,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(Number(row.id));
      }
      // Interleaved rows of two applications; the third has none.
      for (const [application, internal] of [
        [ids[0], 0],
        [ids[1], 0],
        [ids[0], 1],
        [ids[0], 0],
      ] as const)
        await db
          .insertInto('flow_histories')
          .values({ application_id: application, status_id: 2, created_at: now, actor: 'system', internal })
          .execute();
      await migrateToLatest(open);
      const rows = await open.db
        .selectFrom('flow_histories')
        .select(['application_id', 'seq', 'kind'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { application_id: ids[0], seq: 1, kind: 'status' },
        { application_id: ids[1], seq: 1, kind: 'status' },
        { application_id: ids[0], seq: 2, kind: 'internal' },
        { application_id: ids[0], seq: 3, kind: 'status' },
      ]);
      const report = await verifyTrail(open.db);
      expect(report).toMatchObject({ applications: 3, events: 4, registerRows: 3, problems: [] });
      // Chained as the writer chains: the next event follows on.
      expect(
        (await open.db.selectFrom('applications').select('trail_seq').orderBy('id').execute()).map((a) => a.trail_seq),
      ).toEqual([3, 1, 0]);
    } finally {
      await open.close();
      await own?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
