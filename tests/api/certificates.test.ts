import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveStatus } from '../../server/transitions/execute';
import { nowIso } from '../../server/db/database';
import { JSON_MESSAGES } from '../../server/json-body';
import { pdfTextLines } from '../../server/certificates/pdf-text';
import { call, signUp, startServer, type TestServer, type TestUser } from './helpers';

let server: TestServer;
let alice: TestUser;
beforeAll(async () => {
  server = await startServer();
  alice = await signUp(server);
});
afterAll(async () => server.close());

type Draft = { id: number; app_id: string; token: string };

/**
 * An application of alice (plastics unless `service` says otherwise), its record saved as the
 * submission would, moved to `statusId`.
 */
async function application(
  statusId: number,
  record: Record<string, unknown> | null,
  service = { id: 1, record: 'auth_plastic_bags' },
): Promise<Draft> {
  const draft = (
    await call<Draft>(server.app, 'POST', `client/application/${service.id}`, {
      token: alice.token,
      body: { client_id: alice.id },
    })
  ).body.data;
  if (record) {
    await server.database.db
      .insertInto('application_records')
      .values({
        application_id: draft.id,
        record_key: service.record,
        data: JSON.stringify(record),
        updated_at: nowIso(),
      })
      .execute();
  }
  if (statusId !== 1) await moveStatus(server.database.db, draft.id, { statusId });
  const { certificate_token: token } = await server.database.db
    .selectFrom('applications')
    .select('certificate_token')
    .where('id', '=', draft.id)
    .executeTakeFirstOrThrow();
  return { ...draft, token };
}

const verify = (id: string, query = '') =>
  server.app.inject({ method: 'GET', url: `/api/verify/certificate/${id}${query}` });

describe('GET verify/certificate/{certificate token}', () => {
  it('is an unguessable address, named in the detail once approved; the app id does not open it', async () => {
    const approved = await application(6, { company_name: 'Alice Bags Ltd' });
    expect(approved.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const detail = await call<{ certUrl: string | null }>(server.app, 'GET', `application/${approved.id}`, {
      token: alice.token,
    });
    expect(detail.body.data.certUrl).toBe(`verify/certificate/${approved.token}`);
    expect((await verify(approved.app_id)).statusCode).toBe(404);
    const submitted = await application(2, { company_name: 'Alice Bags Ltd' });
    const pending = await call<{ certUrl: string | null }>(server.app, 'GET', `application/${submitted.id}`, {
      token: alice.token,
    });
    expect(pending.body.data.certUrl).toBeNull();
    const tokens = await server.database.db.selectFrom('applications').select('certificate_token').execute();
    expect(new Set(tokens.map((t) => t.certificate_token)).size).toBe(tokens.length);
  });

  it('answers the facts of an approved certificate, naming the holder from the record', async () => {
    const approved = await application(6, { company_name: 'Alice Bags Ltd', is_company: true });
    const answer = await verify(approved.token, '?format=json');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      code: 200,
      error: null,
      data: {
        app_id: approved.app_id,
        service: 'Authorization to use Plastics',
        holder: 'Alice Bags Ltd',
        approved: true,
        approved_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/),
      },
    });
  });

  it('answers the certificate as a PDF by default', async () => {
    const approved = await application(6, { company_name: 'Alice Bags Ltd' });
    const answer = await verify(approved.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(`inline; filename="certificate-${approved.app_id}.pdf"`);
    const pdf = await PDFDocument.load(answer.rawPayload);
    expect(pdf.getTitle()).toBe(`Certificate ${approved.app_id}`);
    expect(pdf.getPageCount()).toBe(1);
  });

  it('answers a letter, not a certificate, for a service that issues one (the no-objection letter)', async () => {
    const approved = await application(
      6,
      {
        legal_status: 'private',
        company_name: 'Alice Solar Ltd',
        accredited_entity: 'Green Fund Partners',
        project_name: 'Solar pumps for Bugesera',
        no_objection_reason: 'Concept Notes',
        project_description: 'Pumps.',
      },
      { id: 17002, record: 'no_objection_request' },
    );
    const answer = await verify(approved.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe(`inline; filename="letter-${approved.app_id}.pdf"`);
    const lines = (await pdfTextLines(answer.rawPayload)).flat();
    expect(lines).toContain('Alice Solar Ltd');
    expect(lines).toContain('Subject: Letter of no objection: Solar pumps for Bugesera');
    expect(lines.join(' ')).toContain('to be carried out with the accredited entity Green Fund Partners.');
    expect(lines.join(' ')).not.toMatch(/CERTIFICATE|authorisation/);
  });

  it('names the applicant when the record names no holder', async () => {
    const approved = await application(6, { is_company: false });
    const answer = await verify(approved.token, '?format=json');
    expect(answer.json().data.holder).toMatch(/^Alice /);
  });

  it('tells nothing about applications that are not approved, or unknown', async () => {
    for (const statusId of [1, 2, 7, 9, 18]) {
      const other = await application(statusId, { company_name: 'Alice Bags Ltd' });
      for (const query of ['', '?format=json']) {
        const answer = await verify(other.token, query);
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ code: 404, data: null, error: 'Certificate not found' });
      }
    }
    expect((await verify('EP-1999-999999')).statusCode).toBe(404);
    expect((await verify('A'.repeat(22))).statusCode).toBe(404);
    // NUL characters are refused as bad input before any lookup, as on every route.
    expect((await verify('%00'.repeat(30))).json()).toEqual({ code: 400, data: null, error: JSON_MESSAGES.nul });
  });
});
