/**
 * The audit's applicant task (the firm/expert details of spec 02, `tasks` of its service.json): open
 * only in phase 2 at status 17 until saved; its uploads accepted only then, each with its own kinds;
 * its save judged with the spec's messages, refused without the required reports, and on success the
 * details become the application's record and the application goes back to review (3) with the
 * move in its history.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAction } from '../../server/staff-decisions';
import { TASK_CLOSED } from '../../server/routes/tasks';
import {
  applicationAt,
  attach,
  call,
  PDF,
  signUp,
  startServer,
  type TestServer,
  type TestUser,
  executorOf,
} from './helpers';

const AUDIT = 17003;
const SAVE = 'environmental-audit/firm-details';
const DOC = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64, 0)]);
const FIRM = {
  name: 'Green Audit Ltd',
  phone: '0788123456',
  email: 'audit@green.example',
  address: 'KG 7 Ave, Kigali',
  rapep_number: 'RAPEP-2026-014',
};
const REQUIRED_UPLOADS: Array<[string, { name: string; content: Buffer }]> = [
  ['Audit report (Word)', { name: 'report.doc', content: DOC }],
  ['Audit report (PDF)', { name: 'report.pdf', content: PDF }],
  ['RAPEP certificate', { name: 'rapep.pdf', content: PDF }],
  ['Additional report', { name: 'annex.pdf', content: PDF }],
];

type FieldErrors = { fields: Array<{ field: string; message: string }> };

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startServer();
  alice = await signUp(server);
  bob = await signUp(server);
});
afterAll(async () => server.close());

/** An audit of alice's in phase 2 (its ToR approved by staff). */
async function auditInPhase2(): Promise<{ id: number; app_id: string }> {
  const application = await applicationAt(server, alice, AUDIT, 2);
  const path = `uploads/${'cd'.repeat(8)}${(Date.now() + application.id).toString(16).padStart(16, '0')}`;
  mkdirSync(join(server.config.dataDir, 'uploads'), { recursive: true });
  writeFileSync(join(server.config.dataDir, path), PDF);
  await staffAction(executorOf(server), application.id, 'approve-tor', {
    document: { path, name: 'tor.pdf', size: PDF.length, pdf: true },
    actor: 'staff:t',
  });
  return application;
}

const save = (user: TestUser, body: Record<string, unknown>) =>
  call<FieldErrors & Record<string, unknown>>(server.app, 'POST', SAVE, { token: user.token, body });

const messagesOf = (body: { data: FieldErrors }) =>
  Object.fromEntries(body.data.fields.map((error) => [error.field, error.message]));

describe('the firm/expert details of an audit', () => {
  it('are not asked before the terms of reference are approved', async () => {
    const { id } = await applicationAt(server, alice, AUDIT, 2);
    const refused = await save(alice, { application_id: id, ...FIRM });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(TASK_CLOSED);
    expect((await attach(server, alice, id, 'Audit report (PDF)')).statusCode).toBe(409);
  });

  it('are judged with the messages of spec 02', async () => {
    const { id } = await auditInPhase2();
    const detail = await call<Record<string, unknown>>(server.app, 'GET', `application/${id}`, { token: alice.token });
    expect(detail.body.data.environmental_audit_firm).toBeNull();

    const empty = await save(alice, { application_id: id });
    expect(empty.status).toBe(422);
    expect(messagesOf(empty.body)).toEqual({
      name: 'Firm/Expert name is required',
      phone: 'Phone number is required',
      email: 'Email is required',
      address: 'Address is required',
      rapep_number: 'RAPEP number is required',
    });
    const wrong = await save(alice, {
      application_id: id,
      ...FIRM,
      name: 'Ab',
      phone: '07881234',
      email: 'not-an-email',
      address: '   ',
    });
    expect(messagesOf(wrong.body)).toEqual({
      name: 'Name must be at least 3 characters',
      phone: 'Phone number must be 10 digits',
      email: 'Invalid email format',
      address: 'Address is required',
    });
    const letters = await save(alice, { application_id: id, ...FIRM, phone: '07881234ab' });
    expect(messagesOf(letters.body)).toEqual({ phone: 'Only numbers are allowed' });
  });

  it('need the required reports, each of its own kind, and only the reports the task asks for', async () => {
    const { id } = await auditInPhase2();
    const without = await save(alice, { application_id: id, ...FIRM });
    expect(without.status).toBe(422);
    expect(messagesOf(without.body)).toEqual({
      'Audit report (Word)': 'Please upload the audit report in Word format',
      'Audit report (PDF)': 'Please upload the audit report in PDF format',
      'RAPEP certificate': 'Please upload the RAPEP certificate',
      'Additional report': 'Please upload the additional report',
    });
    // A PDF is not a Word report; a document the task does not ask for is refused.
    expect((await attach(server, alice, id, 'Audit report (Word)')).statusCode).toBe(415);
    expect((await attach(server, alice, id, 'Legal document')).statusCode).toBe(409);
    expect((await attach(server, bob, id, 'Audit report (PDF)')).statusCode).toBe(404);
  });

  it('are saved as the application record, which goes back to review with its history', async () => {
    const { id } = await auditInPhase2();
    for (const [description, file] of REQUIRED_UPLOADS)
      expect((await attach(server, alice, id, description, file)).statusCode).toBe(201);
    expect((await save(bob, { application_id: id, ...FIRM })).status).toBe(404);

    const saved = await save(alice, { application_id: id, ...FIRM, invented: 'dropped' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ application_status_id: 3, environmental_audit_firm: FIRM });

    const detail = await call<{
      application_status_id: number;
      environmental_audit_firm: unknown;
      application_attachments: Array<{ description: string }>;
      application_flow_histories: Array<{ application_status_id: number; comment_to_applicant: string; actor: string }>;
    }>(server.app, 'GET', `application/${id}`, { token: alice.token });
    const application = detail.body.data;
    expect(application.application_status_id).toBe(3);
    expect(application.environmental_audit_firm).toEqual(FIRM);
    expect(application.application_attachments.map((a) => a.description)).toEqual(
      REQUIRED_UPLOADS.map(([description]) => description),
    );
    expect(application.application_flow_histories.at(-1)).toMatchObject({
      application_status_id: 3,
      comment_to_applicant: 'Firm/expert details and audit reports sent.',
      actor: 'applicant',
    });

    // Done: neither a second save nor another report is taken.
    expect((await save(alice, { application_id: id, ...FIRM })).status).toBe(409);
    expect((await attach(server, alice, id, 'Supporting documents')).statusCode).toBe(409);
  });
});
