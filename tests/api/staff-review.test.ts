/**
 * The review page (`GET staff/applications/{id}`), its documents, notes and assignment: who may do
 * what, what each writes in the history (internal rows), and that nothing of it reaches the
 * applicant: their application's history, their copy, their e-mails, their certificate's date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../server/certificates/pdf-text';
import { moveStatus } from '../../server/transitions/execute';
import {
  applicantWithDraft,
  call,
  PDF,
  plasticsBody,
  PLASTICS_MANDATORY,
  startServer,
  type TestServer,
  type TestUser,
} from './helpers';
import { insertApplication, staffGet, staffPost, staffWith } from './staff-console-fixtures';

interface Review {
  application: {
    id: number;
    app_id: string;
    service: string;
    status_key: string;
    assignee: string | null;
    role: string | null;
  };
  answers: { application_flow_histories: unknown[]; auth_plastic_bags: Record<string, unknown> | null };
  documents: Array<{ id: number; description: string; name: string; url: string; internal: boolean }>;
  history: Array<{
    status_id: number;
    comment: string | null;
    actor: string | null;
    session: string | null;
    internal: boolean;
    event: string | null;
    event_subject: string | null;
  }>;
  notes: Array<{ author: string; body: string }>;
  transitions: Array<{ name: string; to_key: string; allowed: boolean; reason: string | null; role: string }>;
}

const SUBMIT = 'clients/applications/plastic-bags-authorization';
const NOTE = 'Ask about the supplier: the invoice looks odd';

let server: TestServer;
let applicant: TestUser;
let id: number;
let reviewer: string;
let colleague: string;
let viewer: string;
let disposalReviewer: string;

beforeAll(async () => {
  server = await startServer();
  const made = await applicantWithDraft(server);
  applicant = made.user;
  id = made.draft;
  const sent = await call(server.app, 'POST', SUBMIT, {
    token: applicant.token,
    body: plasticsBody({ clientId: applicant.id, company: made.company, applicationId: id }),
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  reviewer = await staffWith(server, 'rita.reviewer', [['plastics', 'reviewer']]);
  colleague = await staffWith(server, 'colin.approver', [['*', 'approver']]);
  viewer = await staffWith(server, 'vera.viewer', [['plastics', 'viewer']]);
  disposalReviewer = await staffWith(server, 'dora.disposal', [['disposal', 'reviewer']]);
});
afterAll(async () => server.close());

const review = (key: string, of = id) => staffGet<Review>(server, `staff/applications/${of}`, key);
const fields = (body: { data: unknown }) => (body.data as { fields: Array<{ field: string; message: string }> }).fields;

describe('GET staff/applications/{id}', () => {
  it("answers the application, its answers as the applicant's view has them, documents and the staff transitions", async () => {
    const { status, body } = await review(reviewer);
    expect(status, JSON.stringify(body)).toBe(200);
    const page = body.data;
    expect(page.application).toMatchObject({
      id,
      service: 'plastics',
      status_key: 'submitted',
      assignee: null,
      role: 'reviewer',
    });
    expect(page.answers.auth_plastic_bags).toMatchObject({ description: 'Carry bags', quantity: 10 });
    expect(page.documents.map((document) => document.description)).toEqual([PLASTICS_MANDATORY]);
    expect(page.documents[0]?.url).toBe(`/api/staff/applications/${id}/documents/${page.documents[0]?.id}`);
    expect(page.transitions.map((transition) => transition.name)).toEqual([
      'review',
      'approve-in-department',
      'propose-approval',
      'approve',
      'return',
      'reject',
    ]);
    // A reviewer takes the reviewer's rows; approving and rejecting are an approver's.
    expect(page.transitions.map(({ name, role, allowed }) => [name, role, allowed])).toEqual([
      ['review', 'reviewer', true],
      ['approve-in-department', 'reviewer', true],
      ['propose-approval', 'reviewer', true],
      ['approve', 'approver', false],
      ['return', 'reviewer', true],
      ['reject', 'approver', false],
    ]);
  });

  it('records each read as an internal row of the history, with who and their session', async () => {
    await review(reviewer);
    const { body } = await review(viewer);
    const reads = body.data.history.filter((row) => row.internal && row.comment === 'viewed');
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads.at(-1)).toMatchObject({ actor: 'staff:vera.viewer', session: 'key', status_id: 2, event: 'viewed' });
    // The applicant's own row (the submission) is there too.
    expect(body.data.history.some((row) => !row.internal && row.actor === 'applicant')).toBe(true);
  });

  it('tells a viewer which transitions they may not take, and why', async () => {
    const { body } = await review(viewer);
    const approve = body.data.transitions.find((transition) => transition.name === 'approve');
    expect(approve).toMatchObject({ allowed: false });
    expect(approve?.reason).toMatch(/needs the approver role on this service; you are a viewer/);
  });

  it('refuses staff with no role on its service, and a guessed or draft id, alike (403)', async () => {
    expect((await review(disposalReviewer)).status).toBe(403);
    expect((await review(reviewer, 999_999)).status).toBe(403);
    const draft = await insertApplication(server, { clientId: applicant.id, serviceId: 1, statusId: 1 });
    expect((await review(reviewer, draft.id)).status).toBe(403);
    expect((await call(server.app, 'GET', `staff/applications/${id}`, { token: applicant.token })).status).toBe(401);
  });
});

describe('GET staff/applications/{id}/documents/{documentId}', () => {
  it('streams the file, as a download or inline for a preview', async () => {
    const documentId = (await review(reviewer)).body.data.documents[0]?.id;
    const url = `/api/staff/applications/${id}/documents/${documentId}`;
    const headers = { authorization: `Bearer ${reviewer}` };
    const downloaded = await server.app.inject({ method: 'GET', url, headers });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(PDF)).toBe(true);
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment; filename="document\.pdf"/);
    const previewed = await server.app.inject({ method: 'GET', url: `${url}?inline=1`, headers });
    expect(previewed.headers['content-disposition']).toMatch(/^inline; filename="document\.pdf"/);
    // The console's page frames the preview (its own origin only); the PDF runs nothing of the portal's.
    expect(previewed.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(previewed.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(previewed.headers['x-content-type-options']).toBe('nosniff');
    // A download is framed by nobody.
    expect(downloaded.headers['content-security-policy']).toMatch(/sandbox.*frame-ancestors 'none'/);
    const elsewhere = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${disposalReviewer}` },
    });
    expect(elsewhere.statusCode).toBe(403);
    const missing = await server.app.inject({
      method: 'GET',
      url: `/api/staff/applications/${id}/documents/999999`,
      headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST staff/applications/{id}/notes', () => {
  it('adds a trimmed note with an internal row, for a reviewer', async () => {
    const added = await staffPost<{ author: string; body: string }>(
      server,
      `staff/applications/${id}/notes`,
      reviewer,
      {
        body: `  ${NOTE}  `,
      },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({ author: 'rita.reviewer', body: NOTE });
    const { body } = await review(reviewer);
    expect(body.data.notes).toEqual([expect.objectContaining({ author: 'rita.reviewer', body: NOTE })]);
    expect(body.data.history.some((row) => row.internal && row.comment === 'added a note')).toBe(true);
  });

  it('refuses a blank or too long note (422 naming body), and a viewer or a stranger (403)', async () => {
    const blank = await staffPost(server, `staff/applications/${id}/notes`, reviewer, { body: '   ' });
    expect(blank.status).toBe(422);
    expect(fields(blank.body).map((f) => f.field)).toEqual(['body']);
    const long = await staffPost(server, `staff/applications/${id}/notes`, reviewer, { body: 'x'.repeat(5001) });
    expect(fields(long.body)).toEqual([{ field: 'body', message: 'Enter at most 5000 characters.' }]);
    expect(
      (await staffPost(server, `staff/applications/${id}/notes`, reviewer, { body: 'x'.repeat(5000) })).status,
    ).toBe(201);
    expect((await staffPost(server, `staff/applications/${id}/notes`, viewer, { body: 'Seen' })).status).toBe(403);
    expect((await staffPost(server, `staff/applications/${id}/notes`, disposalReviewer, { body: 'Seen' })).status).toBe(
      403,
    );
    expect(
      (await staffPost(server, `staff/applications/999999/notes`, disposalReviewer, { body: 'Seen' })).status,
    ).toBe(403);
  });
});

describe('POST staff/applications/{id}/assignment', () => {
  const assign = (key: string, assignee: string | null) =>
    staffPost<{ assignee: string | null }>(server, `staff/applications/${id}/assignment`, key, { assignee });
  const assignee = async () => (await review(reviewer)).body.data.application.assignee;

  it('takes it, gives it to a colleague with a working role, releases it: each an internal row', async () => {
    expect((await assign(reviewer, 'rita.reviewer')).body.data.assignee).toBe('rita.reviewer');
    expect(await assignee()).toBe('rita.reviewer');
    expect((await assign(reviewer, 'colin.approver')).status).toBe(200);
    expect(await assignee()).toBe('colin.approver');
    expect((await assign(colleague, null)).status).toBe(200);
    expect(await assignee()).toBeNull();
    const internal = (await review(reviewer)).body.data.history.filter((row) => row.internal);
    // Each says what it records (for the console to word in its language) and whom it names.
    expect(internal.map((row) => [row.event, row.event_subject])).toEqual(
      expect.arrayContaining([
        ['took', null],
        ['assigned', 'colin.approver'],
        ['released', null],
      ]),
    );
    const comments = internal.map((row) => row.comment);
    expect(comments).toEqual(
      expect.arrayContaining([
        'took the application',
        'assigned the application to colin.approver',
        'released the application',
      ]),
    );
  });

  it('refuses a colleague without a reviewer or approver role on the service (422 naming assignee)', async () => {
    for (const name of ['vera.viewer', 'dora.disposal', 'nobody.here']) {
      const refused = await assign(reviewer, name);
      expect(refused.status, name).toBe(422);
      expect(fields(refused.body).map((f) => f.field)).toEqual(['assignee']);
    }
    expect(fields((await staffPost(server, `staff/applications/${id}/assignment`, reviewer, {})).body)).toEqual([
      { field: 'assignee', message: 'This field is required' },
    ]);
  });

  it('refuses a viewer and staff of another service (403)', async () => {
    expect((await assign(viewer, 'vera.viewer')).status).toBe(403);
    expect((await assign(disposalReviewer, null)).status).toBe(403);
  });
});

describe("what the applicant sees of the staff's work", () => {
  it('shows no internal row nor note in their application, copy and e-mails', async () => {
    const queued = async () =>
      (await server.database.db.selectFrom('mail_queue').select('id').where('application_id', '=', id).execute())
        .length;
    const before = await queued();
    await review(reviewer);
    await staffPost(server, `staff/applications/${id}/notes`, reviewer, { body: NOTE });
    await staffPost(server, `staff/applications/${id}/assignment`, reviewer, { assignee: 'rita.reviewer' });
    const exported = await server.app.inject({
      url: '/api/staff/queue/export?service=plastics&format=json',
      headers: { authorization: `Bearer ${reviewer}` },
    });
    expect(exported.statusCode).toBe(200);
    // Reads, exports, notes and assignments send the applicant nothing.
    expect(await queued()).toBe(before);

    const staffHistory = (await review(reviewer)).body.data.history;
    expect(staffHistory.filter((row) => row.internal).length).toBeGreaterThan(3);
    expect(staffHistory.some((row) => row.internal && row.event === 'exported')).toBe(true);
    const own = await call<{
      application_flow_histories: Array<{ comment_to_applicant: string | null; actor: string }>;
    }>(server.app, 'GET', `application/${id}`, { token: applicant.token });
    expect(own.status).toBe(200);
    expect(own.body.data.application_flow_histories).toHaveLength(staffHistory.filter((row) => !row.internal).length);
    const text = JSON.stringify(own.body.data);
    for (const hidden of [NOTE, 'viewed', 'exported', 'added a note', 'took the application', 'rita.reviewer'])
      expect(text).not.toContain(hidden);

    const copy = await server.app.inject({
      method: 'GET',
      url: `/api/application/${id}/copy`,
      headers: { authorization: `Bearer ${applicant.token}` },
    });
    expect(copy.statusCode).toBe(200);
    const lines = (await pdfTextLines(copy.rawPayload)).flat().join('\n');
    expect(lines).toContain('Carry bags');
    for (const hidden of [NOTE, 'viewed', 'exported', 'rita.reviewer']) expect(lines).not.toContain(hidden);
  });

  it('dates the certificate by its approval, not by a later staff read', async () => {
    const approved = await insertApplication(server, { clientId: applicant.id, serviceId: 1, statusId: 2 });
    await moveStatus(server.database.db, approved.id, { statusId: 6, actor: 'staff:rita.reviewer' });
    const approval = await server.database.db
      .selectFrom('flow_histories')
      .select('created_at')
      .where('application_id', '=', approved.id)
      .where('status_id', '=', 6)
      .executeTakeFirstOrThrow();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await review(reviewer, approved.id)).status).toBe(200);
    const token = (
      await server.database.db
        .selectFrom('applications')
        .select('certificate_token')
        .where('id', '=', approved.id)
        .executeTakeFirstOrThrow()
    ).certificate_token;
    const verified = await call<{ approved_at: string }>(server.app, 'GET', `verify/certificate/${token}?format=json`);
    expect(verified.status).toBe(200);
    expect(verified.body.data.approved_at).toBe(approval.created_at);
  });
});
