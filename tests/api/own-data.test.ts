/**
 * The applicant's own data: the archive of everything held about them (what it holds, and what it
 * never holds: the authority's internal rows, notes, staff names, secrets, another applicant's data),
 * and closing the account (drafts and files deleted, sessions and codes gone, submitted applications
 * kept, the same e-mail free to register again).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { STATUS } from '../../engine/core';
import { moveStatus } from '../../server/transitions/execute';
import { ARCHIVES_PER_HOUR } from '../../server/routes/own-data';
import {
  applicationAt,
  attach,
  call,
  companyBody,
  PDF,
  PLASTICS_MANDATORY,
  sendQueuedMail,
  signUp,
  startServer,
  type TestServer,
  type TestUser,
} from './helpers';

/** The entries of a ZIP by name. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const STAFF_NAME = 'Inspector Quillfeather';
const INTERNAL_COMMENT = 'INTERNAL-ONLY-REMARK';
const NOTE = 'SECRET-NOTE-BODY';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const storedFile = (path: string) => join(server.config.dataDir, path);

/**
 * An applicant with a company, a submitted application (its answers, an uploaded file, a history
 * with a staff comment, and the authority's internal row, note and assignee) and a draft with a file.
 */
async function applicantWithHistory() {
  const { db } = server.database;
  const user = await signUp(server);
  const company = await call<{ id: number }>(server.app, 'POST', 'companies', {
    token: user.token,
    body: companyBody(user.id, { name: 'Lakeside Recyclers' }),
  });
  expect(company.status).toBe(201);
  const submitted = await applicationAt(server, user, 1, 1);
  expect(
    (await attach(server, user, submitted.id, PLASTICS_MANDATORY, { name: 'registration.pdf', content: PDF }))
      .statusCode,
  ).toBe(201);
  // A second file of the same name, so the archive must name them apart.
  expect(
    (await attach(server, user, submitted.id, 'Other document', { name: 'registration.pdf', content: PDF })).statusCode,
  ).toBe(201);
  await db
    .insertInto('application_records')
    .values({
      application_id: submitted.id,
      record_key: 'plastic',
      data: JSON.stringify({ description: 'Carry bags for the market' }),
      updated_at: new Date().toISOString(),
    })
    .execute();
  await moveStatus(db, submitted.id, { statusId: STATUS.submitted, actor: 'applicant' });
  await moveStatus(db, submitted.id, {
    statusId: STATUS.returned,
    comment: 'Please sign page 2',
    actor: `staff:${STAFF_NAME}`,
  });
  await db
    .insertInto('flow_histories')
    .values({
      application_id: submitted.id,
      status_id: STATUS.returned,
      comment_to_applicant: INTERNAL_COMMENT,
      created_at: new Date().toISOString(),
      actor: `staff:${STAFF_NAME}`,
      internal: 1,
      event: 'read',
      event_subject: STAFF_NAME,
    })
    .execute();
  await db
    .insertInto('application_notes')
    .values({ application_id: submitted.id, author: STAFF_NAME, body: NOTE, created_at: new Date().toISOString() })
    .execute();
  await db.updateTable('applications').set({ assignee: STAFF_NAME }).where('id', '=', submitted.id).execute();

  const draft = await applicationAt(server, user, 1, 1);
  expect(
    (await attach(server, user, draft.id, PLASTICS_MANDATORY, { name: 'draft-scan.pdf', content: PDF })).statusCode,
  ).toBe(201);
  await sendQueuedMail(server);
  return { user, company: company.body.data.id, submitted, draft };
}

async function archiveOf(user: TestUser, headers: Record<string, string> = {}) {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/client/${user.id}/archive`,
    headers: { authorization: `Bearer ${user.token}`, ...headers },
  });
  return response;
}

describe('the archive of the applicant’s own data', () => {
  it('holds the account, companies, reports, e-mails and each application with its documents, and nothing of the authority’s or of anyone else', async () => {
    const { user, submitted, draft } = await applicantWithHistory();
    const other = await signUp(server);
    const othersCompany = await call(server.app, 'POST', 'companies', {
      token: other.token,
      body: companyBody(other.id, { name: 'Someone Else Holdings' }),
    });
    expect(othersCompany.status).toBe(201);
    const othersApplication = await applicationAt(server, other, 1, 1);
    // The authority's files: a document the audit's applicant downloads (its approved ToR), an internal
    // one nobody outside sees, and a certificate filed by hand on the plastics application.
    const audit = await applicationAt(server, user, 17003, 2);
    // An approved application: its certificate, as the verification address makes it.
    const approved = await applicationAt(server, user, 1, STATUS.approved);
    const store = async (applicationId: number, description: string, name: string, content: string) => {
      const path = `uploads/${randomBytes(16).toString('hex')}`;
      mkdirSync(join(server.config.dataDir, 'uploads'), { recursive: true });
      writeFileSync(storedFile(path), content);
      await server.database.db
        .insertInto('attachments')
        .values({
          application_id: applicationId,
          description,
          path,
          name,
          size: content.length,
          mime: 'application/pdf',
          created_at: new Date().toISOString(),
          internal: 1,
        })
        .execute();
      return path;
    };
    await store(audit.id, 'Final terms of reference', 'ToR.pdf', 'APPROVED-TOR');
    await store(audit.id, 'Internal memo', 'memo.pdf', 'MEMO-SECRET');
    const certificate = `uploads/${randomBytes(16).toString('hex')}`;
    writeFileSync(storedFile(certificate), 'CERTIFICATE-BY-HAND');
    await server.database.db
      .updateTable('applications')
      .set({ manual_certificate_path: certificate, manual_certificate_name: 'certificate.pdf' })
      .where('id', '=', submitted.id)
      .execute();

    const response = await archiveOf(user, { 'accept-language': 'de' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="?ecopermit-data-\d{4}-\d{2}-\d{2}\.zip/,
    );
    const entries = await unzip(response.rawPayload);
    const names = [...entries.keys()].sort();
    expect(names).toEqual(
      [
        'README.txt',
        'account.json',
        'companies.json',
        'emails.json',
        'reports.json',
        `applications/${submitted.app_id}/application.json`,
        `applications/${submitted.app_id}/documents/registration.pdf`,
        `applications/${submitted.app_id}/documents/registration (2).pdf`,
        `applications/${submitted.app_id}/documents/certificate.pdf`,
        `applications/${audit.app_id}/application.json`,
        `applications/${audit.app_id}/documents/ToR.pdf`,
        `applications/${approved.app_id}/application.json`,
        `applications/${approved.app_id}/documents/certificate-${approved.app_id}.pdf`,
        `applications/${draft.app_id}/application.json`,
        `applications/${draft.app_id}/documents/draft-scan.pdf`,
      ].sort(),
    );
    const read = (name: string) => JSON.parse(entries.get(name)?.toString('utf8') ?? 'null') as unknown;

    // The README in the page's language.
    expect(entries.get('README.txt')?.toString('utf8')).toContain('Ihre im EcoPermit-Portal gespeicherten Daten');
    const account = read('account.json') as Record<string, unknown>;
    expect(account).toMatchObject({ id: user.id, email: user.email, phone: user.telephone, first_name: 'Alice' });
    expect(Object.keys(account)).not.toContain('password_hash');
    expect((read('companies.json') as Array<{ name: string }>).map((c) => c.name)).toEqual(['Lakeside Recyclers']);
    expect(read('reports.json')).toEqual([]);
    const emails = read('emails.json') as Array<{ subject: string | null; status: string; to: string }>;
    expect(emails.length).toBeGreaterThan(0);
    expect(emails[0]).toMatchObject({ status: 'sent', to: user.email });
    // Written in the page's language, as the README.
    expect(emails[0]?.subject).toBe('Ihr EcoPermit-Registrierungscode');

    const application = read(`applications/${submitted.app_id}/application.json`) as Record<string, unknown>;
    expect(application).toMatchObject({
      app_id: submitted.app_id,
      plastic: { description: 'Carry bags for the market' },
    });
    const history = application.application_flow_histories as Array<{
      comment_to_applicant: string | null;
      actor: string | null;
    }>;
    expect(history.map((row) => row.comment_to_applicant)).toContain('Please sign page 2');
    expect(history.map((row) => row.actor)).toContain('staff');
    expect(entries.get(`applications/${submitted.app_id}/documents/registration.pdf`)).toEqual(PDF);
    expect(entries.get(`applications/${submitted.app_id}/documents/certificate.pdf`)?.toString()).toBe(
      'CERTIFICATE-BY-HAND',
    );
    expect(entries.get(`applications/${audit.app_id}/documents/ToR.pdf`)?.toString()).toBe('APPROVED-TOR');
    const pdf = entries.get(`applications/${approved.app_id}/documents/certificate-${approved.app_id}.pdf`);
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');

    // Nothing of the authority's own, no secret, nothing of another applicant's, in any entry.
    const everything = [...entries.values()].map((entry) => entry.toString('utf8')).join('\n');
    const storedHash = await server.database.db
      .selectFrom('clients')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    for (const secret of [
      STAFF_NAME,
      INTERNAL_COMMENT,
      NOTE,
      'MEMO-SECRET',
      'memo.pdf',
      user.password,
      user.token,
      storedHash.password_hash ?? 'no hash?',
      other.email,
      'Someone Else Holdings',
      othersApplication.app_id,
      'certificate_token',
      'assignee',
    ])
      expect(everything, secret).not.toContain(secret);
  });

  it('is the caller’s own only, and limited per hour', async () => {
    const user = await signUp(server);
    const other = await signUp(server);
    const refused = await server.app.inject({
      method: 'GET',
      url: `/api/client/${other.id}/archive`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(refused.statusCode).toBe(403);
    for (let i = 0; i < ARCHIVES_PER_HOUR; i += 1) expect((await archiveOf(user)).statusCode).toBe(200);
    const limited = await archiveOf(user);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('closing an account', () => {
  it('refuses a wrong password or confirmation with the 422 envelope naming the field, and changes nothing', async () => {
    const user = await signUp(server);
    const wrong = await call<{ fields: Array<{ field: string; message: string }> }>(
      server.app,
      'POST',
      `client/${user.id}/close`,
      { token: user.token, body: { password: 'Not-The-Password-1', confirmation: user.email } },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe(422);
    expect(wrong.body.data.fields).toEqual([{ field: 'password', message: 'The password is not correct.' }]);
    const unconfirmed = await call<{ fields: Array<{ field: string }> }>(
      server.app,
      'POST',
      `client/${user.id}/close`,
      {
        token: user.token,
        body: { password: user.password, confirmation: 'someone@else.example' },
        headers: { 'accept-language': 'es' },
      },
    );
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.data.fields).toEqual([
      {
        field: 'confirmation',
        message: 'Para confirmar, escriba su dirección de correo electrónico exactamente como se muestra.',
      },
    ]);
    const missing = await call<{ fields: Array<{ field: string }> }>(server.app, 'POST', `client/${user.id}/close`, {
      token: user.token,
      body: { confirmation: user.email },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.data.fields.map((f) => f.field)).toEqual(['password']);
    // Still open: the session works.
    expect((await archiveOf(user)).statusCode).toBe(200);
    const someoneElse = await signUp(server);
    const notOwn = await call(server.app, 'POST', `client/${someoneElse.id}/close`, {
      token: user.token,
      body: { password: user.password, confirmation: someoneElse.email },
    });
    expect(notOwn.status).toBe(403);
  });

  it('deletes drafts and their files, sessions, codes and personal data, keeps submitted applications, e-mails the confirmation; the e-mail registers again', async () => {
    const { db } = server.database;
    const { user, submitted, draft } = await applicantWithHistory();
    await call(server.app, 'PUT', `client/${user.id}/language`, { token: user.token, body: { language: 'it' } });
    // The sender sends only when the test runs it (`sendQueuedMail`): what waits is what the test sees.
    await server.app.mailSender.stop();
    // A second session, and a code asked for and not yet sent.
    const second = await call<{ token: string }>(server.app, 'POST', 'clients/login', {
      body: { username: user.email, password: user.password },
    });
    expect(second.status).toBe(200);
    expect((await call(server.app, 'POST', 'clients/reset-password', { body: { username: user.email } })).status).toBe(
      200,
    );
    const draftFiles = await db
      .selectFrom('attachments')
      .select('path')
      .where('application_id', '=', draft.id)
      .execute();
    const keptFiles = await db
      .selectFrom('attachments')
      .select('path')
      .where('application_id', '=', submitted.id)
      .execute();
    expect(draftFiles.length).toBe(1);
    for (const { path } of [...draftFiles, ...keptFiles]) expect(existsSync(storedFile(path))).toBe(true);

    const closed = await call(server.app, 'POST', `client/${user.id}/close`, {
      token: user.token,
      body: { password: user.password, confirmation: ` ${user.email.toUpperCase()} ` },
    });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toEqual({ done: true });

    // Signed out everywhere, and no way back in.
    for (const token of [user.token, second.body.data.token])
      expect((await call(server.app, 'GET', 'client/drafts', { token })).status).toBe(401);
    const login = await call(server.app, 'POST', 'clients/login', {
      body: { username: user.email, password: user.password },
    });
    expect(login.status).toBe(401);

    // The draft and its file are gone; the submitted application, its files and company stay.
    expect(
      await db.selectFrom('applications').select('id').where('id', '=', draft.id).executeTakeFirst(),
    ).toBeUndefined();
    for (const { path } of draftFiles) expect(existsSync(storedFile(path))).toBe(false);
    const kept = await db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', submitted.id)
      .executeTakeFirstOrThrow();
    expect(kept.client_id).toBe(user.id);
    for (const { path } of keptFiles) expect(existsSync(storedFile(path))).toBe(true);
    expect(await db.selectFrom('companies').select('id').where('client_id', '=', user.id).execute()).toHaveLength(1);

    const row = await db.selectFrom('clients').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: user.email,
      first_name: 'Alice',
      password_hash: null,
      telephone: null,
      id_number: null,
      language: null,
      decision_emails: 0,
    });
    expect(row.closed_at).toMatch(/^\d{4}-/);
    expect(await db.selectFrom('tokens').select('id').where('client_id', '=', user.id).execute()).toEqual([]);
    expect(await db.selectFrom('otps').select('id').where('client_id', '=', user.id).execute()).toEqual([]);

    // The code asked for before is not sent; the confirmation is, in the language the account had.
    const before = server.lines.length;
    await sendQueuedMail(server);
    expect(
      await db
        .selectFrom('mail_queue')
        .select('last_error')
        .where('client_id', '=', user.id)
        .where('kind', '=', 'code')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    ).toEqual({ last_error: 'not sent: the account was closed' });
    const sent = server.lines.slice(before);
    expect(sent).toEqual([`[mail] To ${user.email} (it): Il Suo account EcoPermit è chiuso`]);

    // The same e-mail registers a new account, which signs in; the closed one stays as it was.
    const again = await signUp(server, { email: user.email });
    expect(again.id).not.toBe(user.id);
    expect((await call(server.app, 'GET', 'client/drafts', { token: again.token })).status).toBe(200);
    expect(
      (await db.selectFrom('applications').select('client_id').where('id', '=', submitted.id).executeTakeFirstOrThrow())
        .client_id,
    ).toBe(user.id);
  });
});
