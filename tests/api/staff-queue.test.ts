/**
 * `GET staff/queue`: the submitted applications of the services a staff member may view, filtered,
 * searched, sorted and paged, with the count per status under the same filters but the status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, companyBody, signUp, startServer, type TestServer } from './helpers';
import { insertApplication, staffGet, staffPost, staffWith } from './staff-console-fixtures';

interface QueueItem {
  id: number;
  app_id: string;
  service: string;
  service_title: string;
  status_id: number;
  status_key: string;
  applicant: string;
  company: string | null;
  submitted_at: string | null;
  assignee: string | null;
}
interface QueuePage {
  items: QueueItem[];
  total: number;
  page: number;
  size: number;
  counts: Array<{ status_id: number; status_key: string; count: number }>;
}

const PLASTICS = 1;
const DISPOSAL = 2;

let server: TestServer;
let reviewer: string;
let everyViewer: string;
let disposalViewer: string;
let nobody: string;
let applicantToken: string;
const apps: Record<string, { id: number; app_id: string }> = {};

beforeAll(async () => {
  server = await startServer();
  const alice = await signUp(server);
  applicantToken = alice.token;
  const bob = await signUp(server, { email: 'bob.kalisa@example.org' });
  await server.database.db
    .updateTable('clients')
    .set({ first_name: 'Bob', last_name: 'Kalisa' })
    .where('id', '=', bob.id)
    .execute();
  const company = await call<{ id: number }>(server.app, 'POST', 'companies', {
    token: alice.token,
    body: companyBody(alice.id, { name: 'Green Packaging Ltd' }),
  });
  expect(company.status).toBe(201);
  reviewer = await staffWith(server, 'plastics.reviewer', [['plastics', 'reviewer']]);
  everyViewer = await staffWith(server, 'every.viewer', [['*', 'viewer']]);
  disposalViewer = await staffWith(server, 'disposal.viewer', [['disposal', 'viewer']]);
  nobody = await staffWith(server, 'no.role', []);
  const plastics = (statusId: number, clientId: number, submittedAt: string, extra = {}) =>
    insertApplication(server, { clientId, serviceId: PLASTICS, statusId, submittedAt, ...extra });
  apps.aliceSubmitted = await plastics(2, alice.id, '2026-01-10T09:00:00.000Z', {
    record: { key: 'auth_plastic_bags', data: { is_company: true, company_id: company.body.data.id } },
  });
  apps.aliceApproved = await plastics(6, alice.id, '2026-02-05T09:00:00.000Z');
  apps.aliceDraft = await insertApplication(server, { clientId: alice.id, serviceId: PLASTICS, statusId: 1 });
  apps.bobReview = await plastics(3, bob.id, '2026-03-01T09:00:00.000Z', { assignee: 'plastics.reviewer' });
  apps.bobReturned = await plastics(7, bob.id, '2026-01-15T23:59:59.000Z');
  apps.aliceDisposal = await insertApplication(server, {
    clientId: alice.id,
    serviceId: DISPOSAL,
    statusId: 2,
    submittedAt: '2026-01-20T09:00:00.000Z',
  });
});
afterAll(async () => server.close());

const queue = (query: string, key = reviewer) => staffGet<QueuePage>(server, `staff/queue${query}`, key);
const numbers = (page: QueuePage) => page.items.map((item) => item.app_id);

describe('GET staff/queue', () => {
  it("lists the submitted applications of the caller's services, newest first, never a draft", async () => {
    const { status, body } = await queue('');
    expect(status).toBe(200);
    expect(numbers(body.data)).toEqual([
      apps.bobReview?.app_id,
      apps.aliceApproved?.app_id,
      apps.bobReturned?.app_id,
      apps.aliceSubmitted?.app_id,
    ]);
    expect(body.data).toMatchObject({ total: 4, page: 1, size: 25 });
    expect(body.data.items[0]).toEqual({
      id: apps.bobReview?.id,
      app_id: apps.bobReview?.app_id,
      service: 'plastics',
      service_title: 'Authorization to use Plastics',
      status_id: 3,
      status_key: 'under-review',
      applicant: 'Bob Kalisa',
      company: null,
      submitted_at: '2026-03-01T09:00:00.000Z',
      assignee: 'plastics.reviewer',
    });
    expect(body.data.items.find((item) => item.id === apps.aliceSubmitted?.id)?.company).toBe('Green Packaging Ltd');
    expect(body.data.counts).toEqual([
      { status_id: 2, status_key: 'submitted', count: 1 },
      { status_id: 3, status_key: 'under-review', count: 1 },
      { status_id: 6, status_key: 'approved', count: 1 },
      { status_id: 7, status_key: 'returned', count: 1 },
    ]);
  });

  it('filters by status (key or id), the counts still counting every status', async () => {
    for (const status of ['submitted', '2']) {
      const { body } = await queue(`?status=${status}`);
      expect(numbers(body.data)).toEqual([apps.aliceSubmitted?.app_id]);
      expect(body.data.total).toBe(1);
      expect(body.data.counts.map((row) => row.count)).toEqual([1, 1, 1, 1]);
    }
  });

  it('filters by assignee, by "mine" and by the day of submission', async () => {
    expect(numbers((await queue('?assignee=plastics.reviewer')).body.data)).toEqual([apps.bobReview?.app_id]);
    expect(numbers((await queue('?mine=true')).body.data)).toEqual([apps.bobReview?.app_id]);
    expect((await queue('?mine=true', everyViewer)).body.data.total).toBe(0);
    const january = await queue('?from=2026-01-10&to=2026-01-15');
    expect(numbers(january.body.data)).toEqual([apps.bobReturned?.app_id, apps.aliceSubmitted?.app_id]);
    expect(january.body.data.counts).toEqual([
      { status_id: 2, status_key: 'submitted', count: 1 },
      { status_id: 7, status_key: 'returned', count: 1 },
    ]);
  });

  it("searches the application number, the applicant's name and e-mail, and the company's name", async () => {
    const found = async (q: string) => numbers((await queue(`?q=${encodeURIComponent(q)}`)).body.data);
    expect(await found(apps.aliceApproved?.app_id.slice(-6) ?? '')).toEqual([apps.aliceApproved?.app_id]);
    expect(await found('bob kalisa')).toEqual([apps.bobReview?.app_id, apps.bobReturned?.app_id]);
    expect(await found('BOB.KALISA@')).toEqual([apps.bobReview?.app_id, apps.bobReturned?.app_id]);
    expect(await found('green pack')).toEqual([apps.aliceSubmitted?.app_id]);
    // LIKE's wildcards are searched as themselves.
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
  });

  it('sorts by submission either way, number, status and service', async () => {
    expect(numbers((await queue('?sort=submitted')).body.data)).toEqual([
      apps.aliceSubmitted?.app_id,
      apps.bobReturned?.app_id,
      apps.aliceApproved?.app_id,
      apps.bobReview?.app_id,
    ]);
    const byNumber = numbers((await queue('?sort=number')).body.data);
    expect(byNumber).toEqual([...byNumber].sort());
    expect((await queue('?sort=status')).body.data.items.map((item) => item.status_id)).toEqual([2, 3, 6, 7]);
    const byService = (await queue('?sort=service', everyViewer)).body.data.items.map((item) => item.service);
    expect(byService.indexOf('disposal')).toBeLessThan(byService.indexOf('plastics'));
  });

  it('pages', async () => {
    const { body } = await queue('?size=3&page=2');
    expect(body.data).toMatchObject({ total: 4, page: 2, size: 3 });
    expect(numbers(body.data)).toEqual([apps.aliceSubmitted?.app_id]);
  });

  it('shows every service to a viewer of all, and only theirs to a viewer of one', async () => {
    expect((await queue('', everyViewer)).body.data.total).toBe(5);
    const disposal = await queue('', disposalViewer);
    expect(numbers(disposal.body.data)).toEqual([apps.aliceDisposal?.app_id]);
  });

  it('refuses a filter naming a service the caller cannot view, and a caller with no role (403)', async () => {
    expect((await queue('?service=disposal')).status).toBe(403);
    expect((await queue('?service=plastics', disposalViewer)).status).toBe(403);
    const none = await queue('', nobody);
    expect(none.status).toBe(403);
    expect(none.body.error).toBe('You have no role on any service.');
  });

  it('refuses an applicant, and a call without a key (401)', async () => {
    expect((await call(server.app, 'GET', 'staff/queue', { token: applicantToken })).status).toBe(401);
    expect((await call(server.app, 'GET', 'staff/queue')).status).toBe(401);
  });

  it('answers bad filters with 422 naming the field', async () => {
    const fields = async (query: string) => {
      const { status, body } = await queue(query);
      expect(status).toBe(422);
      return (body.data as unknown as { fields: Array<{ field: string }> }).fields.map((f) => f.field);
    };
    expect(await fields('?service=no-such-service')).toEqual(['service']);
    expect(await fields('?status=no-such-status')).toEqual(['status']);
    expect(await fields('?size=101')).toEqual(['size']);
    expect(await fields('?page=0')).toEqual(['page']);
    expect(await fields('?sort=colour')).toEqual(['sort']);
    expect(await fields('?mine=yes')).toEqual(['mine']);
    expect(await fields('?from=2026-02-30')).toEqual(['from']);
    expect(await fields('?to=yesterday')).toEqual(['to']);
  });
});

describe('the counts per status', () => {
  it('follow a transition and an assignment at once, though they are kept between pages', async () => {
    const counts = async (query = '') =>
      Object.fromEntries((await queue(query)).body.data.counts.map((row) => [row.status_key, row.count]));
    const before = await counts();
    expect(await counts()).toEqual(before);
    const taken = await staffPost(server, `staff/applications/${apps.aliceSubmitted?.id}/review`, reviewer, {});
    expect(taken.status).toBe(200);
    // A status no application is at is not listed.
    const after = await counts();
    expect(after.submitted ?? 0).toBe((before.submitted ?? 0) - 1);
    expect(after['under-review']).toBe((before['under-review'] ?? 0) + 1);
    const mine = (await counts('?mine=true'))['under-review'] ?? 0;
    const took = await staffPost(server, `staff/applications/${apps.aliceSubmitted?.id}/assignment`, reviewer, {
      assignee: 'plastics.reviewer',
    });
    expect(took.status).toBeLessThan(300);
    expect((await counts('?mine=true'))['under-review']).toBe(mine + 1);
  });
});
