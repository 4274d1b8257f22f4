import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRAFT_ANSWERS_MAX_CHARS } from '../../engine/core';
import {
  applicantWithDraft,
  applicationAt,
  attach,
  call,
  plasticsBody,
  PLASTICS_MANDATORY,
  restartServer,
  signUp,
  startServer,
  type TestServer,
  type TestUser,
} from './helpers';

const SUBMIT = 'clients/applications/plastic-bags-authorization';

interface DraftDetail {
  application_status_id: number;
  draft: { answers: Record<string, unknown>; variant?: string; saved_at: string | null } | null;
  application_attachments: Array<{ path: string; description: string }>;
}
interface Offered {
  application_id: number;
  service_id: number;
  saved_at: string;
  has_answers: boolean;
  files: number;
}

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

const saveDraft = (user: TestUser, id: number, body: unknown) =>
  call<{ saved_at: string; fields?: Array<{ field: string; message: string }> }>(
    server.app,
    'PUT',
    `client/application/${id}/draft`,
    { token: user.token, body },
  );
const offered = async (user: TestUser, query = '') =>
  (await call<Offered[]>(server.app, 'GET', `client/drafts${query}`, { token: user.token })).body.data;
/** Where the local store keeps a stored file (`uploads/<hex>`). */
const storedFile = (path: string) => join(server.config.dataDir, path);

describe("a draft's answers", () => {
  it('are saved as given, read back with the application and offered, but stay out of the table and the counts', async () => {
    const user = await signUp(server);
    const { id } = await applicationAt(server, user, 1, 1);
    // Not offered while empty: an Apply Now left at once is no draft to continue.
    expect(await offered(user)).toEqual([]);
    // Incomplete and with a text half typed: a draft is not judged as a submission.
    const answers = { description: 'Carry bags for the ma', quantity: 10, items: [1], is_company: true };
    const saved = await saveDraft(user, id, { answers });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.saved_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const detail = await call<DraftDetail>(server.app, 'GET', `application/${id}`, { token: user.token });
    expect(detail.body.data.draft).toEqual({ answers, saved_at: saved.body.data.saved_at });

    const list = await offered(user);
    expect(list).toEqual([
      expect.objectContaining({
        application_id: id,
        service_id: 1,
        saved_at: saved.body.data.saved_at,
        has_answers: true,
        files: 0,
      }),
    ]);
    expect(await offered(user, '?service_id=1')).toHaveLength(1);
    expect(await offered(user, '?service_id=2')).toEqual([]);

    const table = await call<{ total: number }>(server.app, 'GET', `clients/applications/${user.id}`, {
      token: user.token,
    });
    expect(table.body.data.total).toBe(0);
    const counts = await call<Record<string, number>>(server.app, 'GET', `client/statistics/${user.id}`, {
      token: user.token,
    });
    expect(counts.body.data.all_applications).toBe(0);

    // Saved again: the latest answers replace the earlier ones.
    expect((await saveDraft(user, id, { answers: { description: 'Carry bags for the market' } })).status).toBe(200);
    const again = await call<DraftDetail>(server.app, 'GET', `application/${id}`, { token: user.token });
    expect(again.body.data.draft?.answers).toEqual({ description: 'Carry bags for the market' });
  });

  it('offers a draft holding only files, dated by its latest file', async () => {
    const user = await signUp(server);
    const { id } = await applicationAt(server, user, 1, 1);
    expect((await attach(server, user, id, PLASTICS_MANDATORY)).statusCode).toBe(201);
    expect(await offered(user)).toEqual([
      expect.objectContaining({ application_id: id, has_answers: false, files: 1 }),
    ]);
  });

  it("refuses another client's draft (404), an application past draft (409) and answers not of the form (422)", async () => {
    const user = await signUp(server);
    const other = await signUp(server);
    const { id } = await applicationAt(server, user, 1, 1);
    const answers = { description: 'x' };

    expect((await saveDraft(other, id, { answers })).status).toBe(404);
    expect((await call(server.app, 'DELETE', `client/application/${id}`, { token: other.token })).status).toBe(404);
    expect((await call(server.app, 'PUT', `client/application/${id}/draft`, { body: { answers } })).status).toBe(401);

    const submitted = await applicationAt(server, user, 1, 2);
    const late = await saveDraft(user, submitted.id, { answers });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('This application is no longer a draft');
    expect((await call(server.app, 'DELETE', `client/application/${submitted.id}`, { token: user.token })).status).toBe(
      409,
    );

    for (const body of [{}, { answers: 'text' }, { answers: [] }, { answers: null }, { answers, variant: '' }]) {
      const refused = await saveDraft(user, id, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.error).toBeTruthy();
    }
    const unknown = await saveDraft(user, id, { answers: { nope: 1, description: 2 } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toBe('Invalid fields: answers.nope, answers.description');
    expect(unknown.body.data.fields).toEqual([
      { field: 'answers.nope', message: 'Not a field of this form' },
      { field: 'answers.description', message: "This value does not have the field's type" },
    ]);
    // The messages in the caller's language, as every answer of the API.
    const german = await call(server.app, 'PUT', `client/application/${id}/draft`, {
      token: user.token,
      body: { answers: { nope: 1 } },
      headers: { 'accept-language': 'de' },
    });
    expect(JSON.stringify(german.body)).toContain('Kein Feld dieses Formulars');

    const long = await saveDraft(user, id, { answers: { description: 'a'.repeat(DRAFT_ANSWERS_MAX_CHARS) } });
    expect(long.status).toBe(413);
    // Nothing refused was kept.
    const detail = await call<DraftDetail>(server.app, 'GET', `application/${id}`, { token: user.token });
    expect(detail.body.data.draft).toEqual({ answers: {}, saved_at: null });
  });

  it('is no longer kept once the application is submitted, and cannot be saved after', async () => {
    const made = await applicantWithDraft(server);
    expect((await saveDraft(made.user, made.draft, { answers: { description: 'Carry' } })).status).toBe(200);
    const sent = await call(server.app, 'POST', SUBMIT, {
      token: made.user.token,
      body: plasticsBody({ clientId: made.user.id, company: made.company, applicationId: made.draft }),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const row = await server.database.db
      .selectFrom('applications')
      .select(['draft_answers', 'draft_saved_at'])
      .where('id', '=', made.draft)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ draft_answers: null, draft_saved_at: null });
    expect(await offered(made.user)).toEqual([]);
    expect((await saveDraft(made.user, made.draft, { answers: { description: 'Late' } })).status).toBe(409);
  });
});

describe('discarding a draft', () => {
  it('removes the application, its records and its stored files', async () => {
    const user = await signUp(server);
    const { id } = await applicationAt(server, user, 1, 1);
    expect((await saveDraft(user, id, { answers: { description: 'To be discarded' } })).status).toBe(200);
    const uploaded = await attach(server, user, id, PLASTICS_MANDATORY);
    const path = uploaded.json<{ data: { path: string } }>().data.path;
    expect(existsSync(storedFile(path))).toBe(true);

    const discarded = await call(server.app, 'DELETE', `client/application/${id}`, { token: user.token });
    expect(discarded.status, JSON.stringify(discarded.body)).toBe(200);
    expect(existsSync(storedFile(path))).toBe(false);
    expect((await call(server.app, 'GET', `application/${id}`, { token: user.token })).status).toBe(404);
    const left = await server.database.db
      .selectFrom('attachments')
      .select('id')
      .where('application_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    expect(await offered(user)).toEqual([]);
    // Discarding it again finds nothing.
    expect((await call(server.app, 'DELETE', `client/application/${id}`, { token: user.token })).status).toBe(404);
  });
});

describe("removing a document's file from a draft", () => {
  const removeDocument = (user: TestUser, id: number, description?: string) =>
    call<{ id: number; description: string; removed: number }>(
      server.app,
      'DELETE',
      `client/application/${id}/attachments${description === undefined ? '' : `?description=${encodeURIComponent(description)}`}`,
      { token: user.token },
    );
  const held = async (user: TestUser, id: number) =>
    (await call<DraftDetail>(server.app, 'GET', `application/${id}`, { token: user.token })).body.data
      .application_attachments;

  it('removes the file of that document only, from the record and the store, and nothing the second time', async () => {
    const user = await signUp(server);
    const { id } = await applicationAt(server, user, 1, 1);
    const certificate = (await attach(server, user, id, PLASTICS_MANDATORY)).json<{ data: { path: string } }>().data;
    expect((await attach(server, user, id, 'Product sample picture')).statusCode).toBe(201);

    const removed = await removeDocument(user, id, ` ${PLASTICS_MANDATORY} `);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data).toEqual({ id, description: PLASTICS_MANDATORY, removed: 1 });
    expect((await held(user, id)).map((item) => item.description)).toEqual(['Product sample picture']);
    expect(existsSync(storedFile(certificate.path))).toBe(false);

    const again = await removeDocument(user, id, PLASTICS_MANDATORY);
    expect(again.status).toBe(200);
    expect(again.body.data.removed).toBe(0);
  });

  it("refuses another client's draft (404), no token (401), no description (422) and an application past draft (409)", async () => {
    const made = await applicantWithDraft(server);
    const other = await signUp(server);
    expect((await removeDocument(other, made.draft, PLASTICS_MANDATORY)).status).toBe(404);
    expect(
      (
        await call(
          server.app,
          'DELETE',
          `client/application/${made.draft}/attachments?description=${encodeURIComponent(PLASTICS_MANDATORY)}`,
        )
      ).status,
    ).toBe(401);
    for (const description of [undefined, '', '   ']) {
      const refused = await removeDocument(made.user, made.draft, description);
      expect(refused.status, String(description)).toBe(422);
      expect(refused.body.data).toMatchObject({
        fields: [{ field: 'description', message: 'This field is required' }],
      });
    }

    const sent = await call(server.app, 'POST', SUBMIT, {
      token: made.user.token,
      body: plasticsBody({ clientId: made.user.id, company: made.company, applicationId: made.draft }),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const late = await removeDocument(made.user, made.draft, PLASTICS_MANDATORY);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('This application is no longer a draft');
    // A submitted application keeps its documents.
    expect((await held(made.user, made.draft)).map((item) => item.description)).toEqual([PLASTICS_MANDATORY]);
  });
});

describe('expiry', () => {
  it('removes the drafts left alone past the retention with their files, at start, and keeps the others', async () => {
    const user = await signUp(server);
    const old = await applicationAt(server, user, 1, 1);
    const fresh = await applicationAt(server, user, 1, 1);
    const oldSaved = await applicationAt(server, user, 1, 1);
    const submitted = await applicationAt(server, user, 1, 2);
    const path = (await attach(server, user, old.id, PLASTICS_MANDATORY)).json<{ data: { path: string } }>().data.path;
    expect((await saveDraft(user, oldSaved.id, { answers: { description: 'Saved long ago' } })).status).toBe(200);
    expect((await saveDraft(user, fresh.id, { answers: { description: 'Saved now' } })).status).toBe(200);

    // 91 days ago: past the default retention of 90 days.
    const longAgo = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000).toISOString();
    const { db } = server.database;
    await db
      .updateTable('applications')
      .set({ created_at: longAgo })
      .where('id', 'in', [old.id, fresh.id, oldSaved.id, submitted.id])
      .execute();
    await db.updateTable('applications').set({ draft_saved_at: longAgo }).where('id', '=', oldSaved.id).execute();
    await db.updateTable('attachments').set({ created_at: longAgo }).where('application_id', '=', old.id).execute();

    await restartServer(server);
    const remaining = async () =>
      (
        await db
          .selectFrom('applications')
          .select('id')
          .where('id', 'in', [old.id, fresh.id, oldSaved.id, submitted.id])
          .orderBy('id')
          .execute()
      ).map((row) => row.id);
    // The start's run is not waited for by the start itself.
    await vi.waitFor(async () => expect(await remaining()).toEqual([fresh.id, submitted.id]), { timeout: 5000 });
    expect(existsSync(storedFile(path))).toBe(false);
    expect(await offered(user)).toEqual([expect.objectContaining({ application_id: fresh.id })]);
  });
});
