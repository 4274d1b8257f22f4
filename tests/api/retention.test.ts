/**
 * Retention (server/retention/): the job deletes a decided application once its service's class no
 * longer keeps it, with its stored files, leaving a tombstone without personal data in the trail's
 * register; a legal hold keeps it until staff lift it; the draft expiry reads its days from the same
 * class; a closed account goes once its last application has. Every run is given its clock, so nothing
 * waits. Runs on SQLite and, in `npm run test:pg`, on PostgreSQL; on the local store, and once on an
 * S3-compatible store (an s3rver of this process).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../engine/core';
import { expireDrafts } from '../../server/drafts';
import { DELIVERED_WEBHOOK_DAYS, runRetention } from '../../server/retention/retention-job';
import { parseStaffArgs } from '../../server/staff-cli';
import { openFileStore } from '../../server/storage/open-store';
// Loaded with the file, not in a test: the AWS SDK sets a global of its own at its first load.
import '../../server/storage/s3-store';
import type { FileStore } from '../../server/storage/file-store';
import type { WebhookState } from '../../server/db/tables';
import { moveStatus } from '../../server/transitions/execute';
import { verifyTrail } from '../../server/trail/verify';
import { startDevS3, type DevS3 } from '../../scripts/cluster/dev-s3';
import {
  applicantWithDraft,
  applicationAt,
  call,
  plasticsBody,
  signUp,
  staffCommand,
  startServer,
  staffKeyWith,
  type TestServer,
} from './helpers';

const SUBMIT = 'clients/applications/plastic-bags-authorization';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The plastics service's class (services/platform/retention.json, permit-10y) and the drafts'. */
const PLASTICS_KEPT_DAYS = 3650;
const DRAFT_IDLE_DAYS = 90;

/** `days` from now: the job's clock. */
const daysAhead = (days: number) => new Date(Date.now() + days * DAY_MS);

/** The server, its file store (a second handle on the same files) and what the job needs. */
interface Setup {
  server: TestServer;
  files: FileStore;
  ctx: Parameters<typeof runRetention>[0];
}

async function setUp(extra: Record<string, string> = {}): Promise<Setup> {
  const server = await startServer(extra);
  const files = await openFileStore(server.config);
  const ctx = {
    db: server.database.db,
    dialect: server.database.dialect,
    files,
    definitions: server.services.definitions,
    archived: server.services.archived,
  };
  return { server, files, ctx };
}

/** Whether the store still holds `key`. */
async function stored(files: FileStore, key: string): Promise<boolean> {
  const opened = await files.open(key);
  opened?.body.destroy();
  return opened !== null;
}

/** A submitted plastics application (with its document) of a new applicant, approved by staff. */
async function approvedApplication(server: TestServer) {
  const made = await applicantWithDraft(server);
  const sent = await call(server.app, 'POST', SUBMIT, {
    token: made.user.token,
    body: plasticsBody({ clientId: made.user.id, company: made.company, applicationId: made.draft }),
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  await moveStatus(server.database.db, made.draft, { statusId: STATUS.approved, actor: 'staff:tester' });
  const row = await server.database.db
    .selectFrom('applications')
    .select(['app_id', 'service_id', 'created_at'])
    .where('id', '=', made.draft)
    .executeTakeFirstOrThrow();
  const paths = (
    await server.database.db.selectFrom('attachments').select('path').where('application_id', '=', made.draft).execute()
  ).map((attachment) => attachment.path);
  expect(paths).toHaveLength(1);
  return { ...made, id: made.draft, ...row, paths };
}

const exists = async (server: TestServer, id: number) =>
  Boolean(await server.database.db.selectFrom('applications').select('id').where('id', '=', id).executeTakeFirst());

/** Every row naming application `id`, by table: none once it is deleted. */
async function rowsOf(server: TestServer, id: number): Promise<Record<string, number>> {
  const { db } = server.database;
  const counts: Record<string, number> = {};
  for (const table of [
    'application_records',
    'application_facts',
    'attachments',
    'flow_histories',
    'application_notes',
    'mail_queue',
    'webhook_outbox',
  ] as const) {
    const rows = await db.selectFrom(table).select('application_id').where('application_id', '=', id).execute();
    if (rows.length > 0) counts[table] = rows.length;
  }
  return counts;
}

describe('retention on the local store', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp();
  });
  afterAll(async () => {
    await setup.files.close();
    await setup.server.close();
  });

  it('deletes an approved application past its class with its rows and files, keeps it before, and leaves a tombstone without personal data', async () => {
    const { server, files, ctx } = setup;
    const approved = await approvedApplication(server);
    expect(await stored(files, approved.paths[0]!)).toBe(true);

    // A day before its class's end: kept.
    await runRetention(ctx, daysAhead(PLASTICS_KEPT_DAYS - 1));
    expect(await exists(server, approved.id)).toBe(true);

    const run = await runRetention(ctx, daysAhead(PLASTICS_KEPT_DAYS + 1));
    expect(run.applications).toBeGreaterThanOrEqual(1);
    expect(await exists(server, approved.id)).toBe(false);
    expect(await rowsOf(server, approved.id)).toEqual({});
    expect(await stored(files, approved.paths[0]!)).toBe(false);

    const tombstone = await server.database.db
      .selectFrom('trail_register')
      .selectAll()
      .where('application_id', '=', approved.id)
      .where('kind', '=', 'deleted')
      .executeTakeFirstOrThrow();
    expect(tombstone).toMatchObject({
      application_id: approved.id,
      app_id: approved.app_id,
      service_id: approved.service_id,
      created_at: approved.created_at,
    });
    expect(tombstone.decided_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Ids, service and dates: nothing of the applicant.
    const text = JSON.stringify(tombstone);
    for (const personal of [approved.user.email, approved.user.telephone, 'Carry bags', 'Jane'])
      expect(text).not.toContain(personal);
    const report = await verifyTrail(server.database.db);
    expect(report.problems).toEqual([]);
  });

  it('keeps an application on legal hold until staff lift it; the hold is an event of its trail', async () => {
    const { server, ctx } = setup;
    const approved = await approvedApplication(server);
    const viewer = await staffKeyWith(server, 'hold-viewer', ['plastics:reviewer']);
    const approver = await staffKeyWith(server, 'hold-approver', ['plastics:approver']);
    const hold = (key: string, body: unknown) =>
      call<Record<string, unknown>>(server.app, 'PUT', `staff/applications/${approved.id}/legal-hold`, {
        token: key,
        body,
      });

    const refused = await hold(viewer, { hold: true, reason: 'Court order 12/2026' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      'Setting or lifting a legal hold needs the approver or admin role on this service.',
    );
    const noReason = await hold(approver, { hold: true });
    expect(noReason.status).toBe(422);
    expect(noReason.body.data).toEqual({ fields: [{ field: 'reason', message: 'Say why the application is held.' }] });

    const held = await hold(approver, { hold: true, reason: 'Court order 12/2026' });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.data).toMatchObject({
      id: approved.id,
      legal_hold: true,
      legal_hold_by: 'staff:hold-approver',
      legal_hold_reason: 'Court order 12/2026',
    });
    await runRetention(ctx, daysAhead(PLASTICS_KEPT_DAYS + 1));
    expect(await exists(server, approved.id)).toBe(true);
    // The review page says who holds it, since when and why, to whoever may read it.
    const holdOnReview = async () =>
      (
        await call<{ application: { legal_hold: unknown } }>(server.app, 'GET', `staff/applications/${approved.id}`, {
          token: viewer,
        })
      ).body.data?.application.legal_hold;
    expect(await holdOnReview()).toEqual({
      by: 'hold-approver',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reason: 'Court order 12/2026',
    });

    // The service's admin may hold too (it decides nothing, but answers for the service's records).
    const admin = await staffKeyWith(server, 'hold-admin', ['plastics:admin']);
    const again = await hold(admin, { hold: true, reason: 'Court order 12/2026, extended' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ legal_hold_by: 'staff:hold-admin' });

    const lifted = await hold(approver, { hold: false, reason: null });
    expect(lifted.status).toBe(200);
    expect(lifted.body.data).toMatchObject({ legal_hold: false, legal_hold_reason: null });
    expect(await holdOnReview()).toBeNull();
    const events = await server.database.db
      .selectFrom('flow_histories')
      .select(['kind', 'actor', 'data'])
      .where('application_id', '=', approved.id)
      .where('kind', '=', 'legal-hold')
      .orderBy('seq')
      .execute();
    expect(events.map((event) => [event.actor, JSON.parse(event.data ?? 'null')])).toEqual([
      ['staff:hold-approver', { hold: true, reason: 'Court order 12/2026' }],
      ['staff:hold-admin', { hold: true, reason: 'Court order 12/2026, extended' }],
      ['staff:hold-approver', { hold: false, reason: null }],
    ]);
    expect((await verifyTrail(server.database.db, approved.id)).problems).toEqual([]);

    await runRetention(ctx, daysAhead(PLASTICS_KEPT_DAYS + 1));
    expect(await exists(server, approved.id)).toBe(false);
  });

  it('removes a webhook event delivered over 30 days ago; one delivered since, a dead one and a waiting one stay', async () => {
    const { server, ctx } = setup;
    const approved = await approvedApplication(server);
    const at = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    const event = (name: string, state: WebhookState, deliveredDaysAgo: number | null) => ({
      message_id: `msg_retention_${name}_${approved.id}`,
      subscription: 'retention-test',
      application_id: approved.id,
      service: 'plastics',
      event_type: 'application.approve',
      payload: '{}',
      created_at: at(40),
      state,
      attempts: 1,
      next_attempt_at: at(40),
      delivered_at: deliveredDaysAgo === null ? null : at(deliveredDaysAgo),
    });
    await server.database.db
      .insertInto('webhook_outbox')
      .values([
        event('old', 'delivered', DELIVERED_WEBHOOK_DAYS + 1),
        event('recent', 'delivered', DELIVERED_WEBHOOK_DAYS - 1),
        event('dead', 'dead', null),
        event('waiting', 'pending', null),
      ])
      .execute();
    const run = await runRetention(ctx);
    expect(run.webhooks).toBeGreaterThanOrEqual(1);
    const left = await server.database.db
      .selectFrom('webhook_outbox')
      .select('message_id')
      .where('application_id', '=', approved.id)
      .orderBy('id')
      .execute();
    expect(left.map((row) => row.message_id.replace(`_${approved.id}`, ''))).toEqual([
      'msg_retention_recent',
      'msg_retention_dead',
      'msg_retention_waiting',
    ]);
  });

  it('the command holds with a reason and releases', () => {
    expect(parseStaffArgs(['hold', 'EP-2026-000001', '--reason', 'Dispute', '--as', 'ana'])).toEqual({
      command: 'hold',
      application: 'EP-2026-000001',
      reason: 'Dispute',
      as: 'ana',
    });
    expect(parseStaffArgs(['release-hold', '12'])).toEqual({
      command: 'release-hold',
      application: '12',
      reason: null,
    });
    expect(() => parseStaffArgs(['hold', '12'])).toThrow('hold needs --reason "text"');
  });

  it("the command holds and releases an application as an approver, and refuses a viewer's hold", async () => {
    const { server } = setup;
    const approved = await approvedApplication(server);
    await staffKeyWith(server, 'cli-approver', ['plastics:approver']);
    await staffKeyWith(server, 'cli-viewer', ['plastics:viewer']);
    const staff = (args: string[]) => staffCommand(server, args);
    const stored = () =>
      server.database.db
        .selectFrom('applications')
        .select(['legal_hold', 'legal_hold_by', 'legal_hold_reason'])
        .where('id', '=', approved.id)
        .executeTakeFirstOrThrow();

    const refused = await staff(['hold', approved.app_id, '--reason', 'Audit', '--as', 'cli-viewer']);
    expect(refused.ok).toBe(false);
    expect(refused.stderr).toContain(
      'Setting or lifting a legal hold needs the approver or admin role on this service.',
    );
    expect((await stored()).legal_hold).toBe(0);

    const held = await staff(['hold', approved.app_id, '--reason', 'Court order 7/2026', '--as', 'cli-approver']);
    expect(held.stdout).toContain(`${approved.app_id}: on legal hold (Court order 7/2026)`);
    expect(await stored()).toEqual({
      legal_hold: 1,
      legal_hold_by: 'staff:cli-approver',
      legal_hold_reason: 'Court order 7/2026',
    });
    const released = await staff(['release-hold', String(approved.id), '--as', 'cli-approver']);
    expect(released.stdout).toContain(`${approved.app_id}: legal hold lifted`);
    expect((await stored()).legal_hold).toBe(0);
  });

  it("removes a draft left alone past its class's draftIdleDays, not before", async () => {
    const { server, ctx } = setup;
    const user = await signUp(server);
    const draft = await applicationAt(server, user, 1, STATUS.draft);
    await expireDrafts(ctx, daysAhead(DRAFT_IDLE_DAYS - 1));
    expect(await exists(server, draft.id)).toBe(true);
    expect(await expireDrafts(ctx, daysAhead(DRAFT_IDLE_DAYS + 1))).toBeGreaterThanOrEqual(1);
    expect(await exists(server, draft.id)).toBe(false);
    const tombstone = await server.database.db
      .selectFrom('trail_register')
      .select(['kind', 'decided_at'])
      .where('application_id', '=', draft.id)
      .where('kind', '=', 'deleted')
      .executeTakeFirstOrThrow();
    expect(tombstone.decided_at).toBeNull();
    expect((await verifyTrail(server.database.db)).problems).toEqual([]);
  });

  it("deletes a closed account's data once its last application is gone", async () => {
    const { server, ctx } = setup;
    const approved = await approvedApplication(server);
    const closed = await call(server.app, 'POST', `client/${approved.user.id}/close`, {
      token: approved.user.token,
      body: { password: approved.user.password, confirmation: approved.user.email },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const { db } = server.database;
    const client = () => db.selectFrom('clients').select('id').where('id', '=', approved.user.id).executeTakeFirst();

    // Its application is kept: so is the account, with its company.
    await runRetention(ctx, daysAhead(PLASTICS_KEPT_DAYS - 1));
    expect(await client()).toBeDefined();

    const run = await runRetention(ctx, daysAhead(PLASTICS_KEPT_DAYS + 1));
    expect(run.clients).toBeGreaterThanOrEqual(1);
    expect(await client()).toBeUndefined();
    for (const table of ['companies', 'recycled_reports', 'mail_queue', 'tokens', 'otps'] as const)
      expect(
        await db.selectFrom(table).select('client_id').where('client_id', '=', approved.user.id).execute(),
        table,
      ).toEqual([]);
    expect((await verifyTrail(db)).problems).toEqual([]);
  });
});

describe('retention on an S3-compatible store', () => {
  let s3: DevS3 | null = null;
  let setup: Setup;
  beforeAll(async () => {
    const given = process.env.TEST_S3_ENDPOINT;
    s3 = given ? null : await startDevS3({ buckets: ['retention'] });
    setup = await setUp({
      STORAGE_URL: `s3://${process.env.TEST_S3_BUCKET ?? 'retention'}/retention-${Date.now()}`,
      S3_ENDPOINT: given ?? s3!.endpoint,
      S3_ACCESS_KEY_ID: s3?.credentials.accessKeyId ?? process.env.TEST_S3_ACCESS_KEY_ID ?? '',
      S3_SECRET_ACCESS_KEY: s3?.credentials.secretAccessKey ?? process.env.TEST_S3_SECRET_ACCESS_KEY ?? '',
    });
  });
  afterAll(async () => {
    await setup.files.close();
    await setup.server.close();
    await s3?.close();
  });

  it('deletes the stored files of an application past its class', async () => {
    const { server, files, ctx } = setup;
    const approved = await approvedApplication(server);
    expect(await stored(files, approved.paths[0]!)).toBe(true);
    await runRetention(ctx, daysAhead(PLASTICS_KEPT_DAYS + 1));
    expect(await exists(server, approved.id)).toBe(false);
    expect(await stored(files, approved.paths[0]!)).toBe(false);
    expect((await verifyTrail(server.database.db)).problems).toEqual([]);
  });
});
