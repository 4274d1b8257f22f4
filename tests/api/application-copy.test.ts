/**
 * The applicant's copy of a submitted application (`GET application/{id}/copy`): a PDF in the caller's
 * language, read back as text, saying what the portal's view says (the engine's rows of the same
 * translated definition), with the documents' sizes and SHA-256 fingerprints; refused for a draft and
 * for anyone but the owner.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredViewRows, formOfApplication, type ServiceDefinition } from '../../engine/core';
import { localizeFromDisk } from '../../engine/core/node';
import { pdfTextLines } from '../../server/certificates/pdf-text';
import { DEFAULT_SERVICES_DIR } from '../../server/definitions';
import {
  applicantWithDraft,
  applicationAt,
  call,
  PDF,
  plasticsBody,
  PLASTICS_MANDATORY,
  signUp,
  startServer,
  type TestServer,
  type TestUser,
} from './helpers';

const SUBMIT = 'clients/applications/plastic-bags-authorization';

let server: TestServer;
let submitted: { user: TestUser; id: number; appId: string; submittedAt: string };

beforeAll(async () => {
  server = await startServer();
  const made = await applicantWithDraft(server);
  const sent = await call(server.app, 'POST', SUBMIT, {
    token: made.user.token,
    body: plasticsBody({ clientId: made.user.id, company: made.company, applicationId: made.draft }),
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const row = await server.database.db
    .selectFrom('applications')
    .select(['app_id', 'submitted_at'])
    .where('id', '=', made.draft)
    .executeTakeFirstOrThrow();
  submitted = { user: made.user, id: made.draft, appId: row.app_id, submittedAt: row.submitted_at ?? '' };
});
afterAll(async () => server.close());

function copyOf(id: number, token: string | undefined, language = 'en') {
  return server.app.inject({
    method: 'GET',
    url: `/api/application/${id}/copy`,
    headers: { 'accept-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** The copy's lines of text, every page after the other. */
async function linesOf(id: number, language: string): Promise<{ lines: string[]; pages: number }> {
  const answer = await copyOf(id, submitted.user.token, language);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  expect(answer.headers['content-disposition']).toBe(`attachment; filename="${submitted.appId}.pdf"`);
  const pages = await pdfTextLines(answer.rawPayload);
  return { lines: pages.flat(), pages: pages.length };
}

/** The line after `label` (a row's value is drawn right after its label). */
function after(lines: string[], label: string): string | undefined {
  const at = lines.indexOf(label);
  return at < 0 ? undefined : lines[at + 1];
}

/** The rows the portal's view shows for the application in `language`, by the engine. */
async function viewRows(language: string) {
  const plastics = server.services.definitions.find((d) => d.id === 1) as ServiceDefinition;
  const definition = localizeFromDisk(DEFAULT_SERVICES_DIR, plastics, language);
  const records = await server.database.db
    .selectFrom('application_records')
    .select(['record_key', 'data'])
    .where('application_id', '=', submitted.id)
    .execute();
  const application = Object.fromEntries(records.map((r) => [r.record_key, JSON.parse(r.data) as unknown]));
  const yesNo = language === 'ru' ? { yes: 'Да', no: 'Нет' } : { yes: 'Yes', no: 'No' };
  return answeredViewRows(formOfApplication(definition, application), application, undefined, yesNo);
}

/**
 * Each row after `from`, in order: its label's first line, its value's first line beside it (a long
 * label or value goes on on the lines after).
 */
function expectRowsInOrder(lines: string[], from: number, rows: ReadonlyArray<{ label: string; value: string }>) {
  expect(from).toBeGreaterThanOrEqual(0);
  let at = from + 1;
  for (const row of rows) {
    const found = lines.findIndex(
      (line, index) =>
        index >= at && line !== '' && row.label.startsWith(line) && row.value.startsWith(lines[index + 1] ?? '\0'),
    );
    expect(found, `${row.label}: ${row.value}`).toBeGreaterThanOrEqual(at);
    at = found + 2;
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('GET application/{id}/copy', () => {
  it('prints the service, number, status, dates, the view’s rows and the documents with size and SHA-256 (English)', async () => {
    const { lines } = await linesOf(submitted.id, 'en');
    expect(lines[0]).toBe('Authorization to use Plastics');
    expect(after(lines, 'Application number')).toBe(submitted.appId);
    expect(after(lines, 'Status')).toBe('SUBMITTED');
    expect(after(lines, 'Submitted on')).toBe(submitted.submittedAt.slice(0, 10));
    expect(after(lines, 'Company representative')).toBe('Jane');
    expect(after(lines, 'Description')).toBe('Carry bags');
    expect(after(lines, 'Applicant type')).toBe('Company');
    // Every row the view shows, in its order, label then value.
    const rows = await viewRows('en');
    expect(rows.length).toBeGreaterThan(5);
    expectRowsInOrder(lines, lines.indexOf('Details'), rows);
    expect(lines).toContain('Uploaded documents');
    expect(after(lines, PLASTICS_MANDATORY)).toBe('document.pdf');
    expect(after(lines, 'Size')).toBe(`${PDF.length} B`);
    expect(after(lines, 'SHA-256')).toBe(sha256(PDF));
    expect(lines.at(-1)).toBe(`${submitted.appId} · Page 1 of 1`);
  });

  it('is in Russian for a Russian reader, Cyrillic read back from the embedded font', async () => {
    const { lines } = await linesOf(submitted.id, 'ru,en;q=0.5');
    expect(lines[0]).toBe('Разрешение на использование пластика');
    expect(after(lines, 'Номер заявки')).toBe(submitted.appId);
    expect(after(lines, 'Статус')).toBe('ПОДАНО');
    expect(after(lines, 'Дата подачи')).toBe(submitted.submittedAt.slice(0, 10));
    expect(after(lines, 'Представитель компании')).toBe('Jane');
    expect(after(lines, 'Описание')).toBe('Carry bags');
    expect(after(lines, 'Тип заявителя')).toBe('Компания');
    const rows = await viewRows('ru');
    expectRowsInOrder(lines, lines.indexOf('Подробности'), rows);
    expect(lines).toContain('Загруженные документы');
    expect(after(lines, 'Размер')).toBe(`${PDF.length} Б`);
    expect(after(lines, 'SHA-256')).toBe(sha256(PDF));
    expect(lines.at(-1)).toBe(`${submitted.appId} · Страница 1 из 1`);
  });

  it('keeps the fingerprint taken at upload, and computes (and keeps) one for a file stored without it', async () => {
    const { db } = server.database;
    const stored = await db
      .selectFrom('attachments')
      .select(['id', 'sha256'])
      .where('application_id', '=', submitted.id)
      .executeTakeFirstOrThrow();
    expect(stored.sha256).toBe(sha256(PDF));
    await db.updateTable('attachments').set({ sha256: null }).where('id', '=', stored.id).execute();
    const { lines } = await linesOf(submitted.id, 'en');
    expect(after(lines, 'SHA-256')).toBe(sha256(PDF));
    const kept = await db.selectFrom('attachments').select('sha256').where('id', '=', stored.id).executeTakeFirst();
    expect(kept?.sha256).toBe(sha256(PDF));
  });

  it('is refused for a draft (409), for another client (404) and without a token (401)', async () => {
    const draft = await applicationAt(server, submitted.user, 1, 1);
    const refused = await copyOf(draft.id, submitted.user.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 409, error: 'Only a submitted application has a copy to download.' });
    const inRussian = await copyOf(draft.id, submitted.user.token, 'ru');
    expect(inRussian.json()).toMatchObject({ error: 'Копию можно скачать только для поданной заявки.' });
    const stranger = await signUp(server);
    expect((await copyOf(submitted.id, stranger.token)).statusCode).toBe(404);
    expect((await copyOf(submitted.id, undefined)).statusCode).toBe(401);
  });
});
