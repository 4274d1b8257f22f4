import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveStatus } from '../../server/transitions/execute';
import { parseStaffArgs } from '../../server/staff-cli';
import { call, signUp, startServer, type TestServer, type TestUser } from './helpers';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  server = await startServer();
  alice = await signUp(server);
  bob = await signUp(server);
});
afterAll(async () => server.close());

type Draft = { id: number; app_id: string; application_status_id: number };
type Page = {
  items: Array<Record<string, unknown> & { id: number }>;
  page: number;
  per_page: number;
  total: number;
  last_page: number;
};

const createDraft = async (user: TestUser, serviceId = 1) =>
  (
    await call<Draft>(server.app, 'POST', `client/application/${serviceId}`, {
      token: user.token,
      body: { client_id: user.id },
    })
  ).body.data;

describe('drafts and detail', () => {
  it('creates a draft with a readable app id', async () => {
    const draft = await createDraft(alice);
    expect(draft.application_status_id).toBe(1);
    expect(draft.app_id).toMatch(new RegExp(`^EP-\\d{4}-${String(draft.id).padStart(6, '0')}$`));
  });

  it('refuses another client id (403) and an unknown service (404)', async () => {
    expect(
      (await call(server.app, 'POST', 'client/application/1', { token: alice.token, body: { client_id: bob.id } }))
        .status,
    ).toBe(403);
    expect(
      (await call(server.app, 'POST', 'client/application/5', { token: alice.token, body: { client_id: alice.id } }))
        .status,
    ).toBe(404);
  });

  it('answers the detail shape to the owner and 404 to anyone else', async () => {
    const draft = await createDraft(alice);
    const res = await call<Record<string, unknown>>(server.app, 'GET', `application/${draft.id}`, {
      token: alice.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: draft.id,
      app_id: draft.app_id,
      service_id: 1,
      service: { id: 1, name: 'Authorization to use Plastics' },
      application_status_id: 1,
      application_status: { id: 1, name: 'Draft' },
      resubmitted: false,
      submitted_at: null,
      manually_processed: false,
      manual_certificate: null,
      final_certificate_uploaded: false,
      is_application_in_phase_2: false,
      application_attachments: [],
      application_flow_histories: [],
      auth_plastic_bags: null,
    });
    const other = await call(server.app, 'GET', `application/${draft.id}`, { token: bob.token });
    expect(other.body).toEqual({ code: 404, data: null, error: 'Application not found' });
    expect((await call(server.app, 'GET', 'application/999999', { token: bob.token })).status).toBe(404);
  });
});

describe('list, statistics, verification', () => {
  it('pages 25 at a time, newest first, hiding drafts and other clients', async () => {
    const user = await signUp(server);
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) ids.push((await createDraft(user, i % 2 === 0 ? 1 : 2)).id);
    const statuses = [2, 6, 6, 9, 7, 5];
    for (let i = 0; i < 27; i += 1) {
      const id = ids[i] ?? 0;
      await moveStatus(server.database.db, id, { statusId: statuses[i % statuses.length] ?? 2 });
    }
    const first = await call<Page>(server.app, 'GET', `clients/applications/${user.id}`, { token: user.token });
    expect(first.body.data).toMatchObject({ page: 1, per_page: 25, total: 27, last_page: 2 });
    expect(first.body.data.items).toHaveLength(25);
    expect(first.body.data.items[0]?.id).toBe(ids[26]);
    expect(first.body.data.items[0]).toMatchObject({
      service: { id: 1 },
      application_status: { id: 6, name: 'Approved' },
    });
    const second = await call<Page>(server.app, 'GET', `clients/applications/${user.id}?page=2`, { token: user.token });
    expect(second.body.data.items.map((i) => i.id)).toEqual([ids[1], ids[0]]);
    expect(second.body.data.items.every((i) => i.application_status_id !== 1)).toBe(true);
    expect((await call(server.app, 'GET', `clients/applications/${user.id}`, { token: alice.token })).status).toBe(403);

    const stats = await call(server.app, 'GET', `client/statistics/${user.id}`, { token: user.token });
    // 27 moved: statuses cycle 2,6,6,9,7,5 -> 6 appears 10 times, 9 appears 4 times.
    expect(stats.body.data).toEqual({ all_applications: 27, processing: 13, approved: 10, rejected: 4 });
    // Approved by hand with the certificate still to come: under review for the applicant, so processing.
    await moveStatus(server.database.db, ids[27] ?? 0, { statusId: 6, manual: true });
    const manual = await call(server.app, 'GET', `client/statistics/${user.id}`, { token: user.token });
    expect(manual.body.data).toEqual({ all_applications: 28, processing: 14, approved: 10, rejected: 4 });
    expect((await call(server.app, 'GET', `client/statistics/${user.id}`, { token: bob.token })).status).toBe(403);
  });

  it('tells whether the client submitted a plastic bags authorisation', async () => {
    const user = await signUp(server);
    const url = `application/check-plastic-bags-authorization/${user.id}`;
    const draft = await createDraft(user, 1);
    expect((await call(server.app, 'GET', url, { token: user.token })).body.data).toEqual({
      has_submitted_auth_plastic_bag: false,
    });
    await moveStatus(server.database.db, draft.id, { statusId: 2 });
    expect((await call(server.app, 'GET', url, { token: user.token })).body.data).toEqual({
      has_submitted_auth_plastic_bag: true,
    });
    expect((await call(server.app, 'GET', url, { token: alice.token })).status).toBe(403);
  });

  it('shows staff moves in the history, with the comment', async () => {
    const draft = await createDraft(alice);
    await moveStatus(server.database.db, draft.id, { statusId: 2 });
    await moveStatus(server.database.db, draft.id, { statusId: 7, comment: 'Please add the certificate' });
    const res = await call<{ application_flow_histories: unknown[]; application_status: unknown }>(
      server.app,
      'GET',
      `application/${draft.id}`,
      { token: alice.token },
    );
    expect(res.body.data.application_status).toEqual({ id: 7, name: 'Returned' });
    expect(res.body.data.application_flow_histories).toEqual([
      { application_status_id: 2, comment_to_applicant: null, created_at: expect.any(String), actor: 'system' },
      {
        application_status_id: 7,
        comment_to_applicant: 'Please add the certificate',
        created_at: expect.any(String),
        actor: 'system',
      },
    ]);
  });
});

describe('staff command arguments', () => {
  it('parses a status move and explains misuse', () => {
    expect(parseStaffArgs(['status', '12', '7', '--comment', 'Fix it'])).toEqual({
      command: 'status',
      application: '12',
      statusId: 7,
      comment: 'Fix it',
      texts: {},
      certificate: null,
      manual: false,
    });
    // The text an action takes: judged against the application's service when the move runs.
    expect(parseStaffArgs(['status', '12', '18', '--conditions', '<p>Plant trees</p>'])).toMatchObject({
      texts: { conditions: '<p>Plant trees</p>' },
    });
    expect(parseStaffArgs(['status', '12', '6', '--manual'])).toMatchObject({ manual: true });
    // Any other command is an action of the application's service (lifecycle.actions).
    expect(parseStaffArgs(['approve-tor', 'EP-2026-000003', '--file', 'tor.pdf'])).toEqual({
      command: 'action',
      action: 'approve-tor',
      application: 'EP-2026-000003',
      file: 'tor.pdf',
      comment: null,
      texts: {},
    });
    expect(parseStaffArgs(['book-inspection', '3', '--date', '2026-12-01', '--comment', 'See you'])).toMatchObject({
      action: 'book-inspection',
      texts: { date: '2026-12-01' },
      comment: 'See you',
    });
    expect(parseStaffArgs(['actions', '3'])).toEqual({ command: 'actions', application: '3' });
    expect(() => parseStaffArgs(['approve-tor', '3', '--file'])).toThrow(/Unexpected argument '--file'/);
    expect(() => parseStaffArgs(['Approve!', '3'])).toThrow(/Unknown command/);
    expect(() => parseStaffArgs(['status', '12', '7', '--manual'])).toThrow(/approved \(status 6\)/);
    expect(() => parseStaffArgs(['status', '12', '6', '--manual', '--manual-certificate', 'c.pdf'])).toThrow(
      /not both/,
    );
    expect(parseStaffArgs(['status', 'EP-2026-000001', '6', '--manual-certificate', '/tmp/c.pdf'])).toMatchObject({
      certificate: '/tmp/c.pdf',
    });
    expect(() => parseStaffArgs([])).toThrow(/Usage: npm run staff -- status/);
    expect(() => parseStaffArgs(['status', '12', 'x'])).toThrow(/status id must be a positive integer/);
    expect(() => parseStaffArgs(['status', '12', '7', '--what'])).toThrow(/Unexpected argument/);
  });
});
