/**
 * Decisions after submission: staff moves only along the transitions of
 * engine/core/status-transitions.ts (409 with the reason otherwise), a conditional approval needs its
 * conditions, every move is in the history with who made it, and the applicant answers approval
 * conditions with `application/applicant-confirmation` (own applications at status 18 only; a denial
 * needs a reason; acceptance approves and makes the certificate); the terms of reference of an
 * audit are approved with a PDF the applicant downloads at `verify/tor/{app_id}`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAction, staffMove } from '../../server/staff-decisions';
import { HttpError, ValidationError } from '../../server/http';
import { applicationAt, call, signUp, startServer, type TestServer, type TestUser, executorOf } from './helpers';

const CONFIRM = 'application/applicant-confirmation';
const AUDIT = 17003;
const CONDITIONS = '<p>Plant 200 trees around the site.</p>';

type Detail = {
  application_status_id: number;
  approval_conditions: string | null;
  certUrl: string | null;
  application_flow_histories: Array<{
    application_status_id: number;
    comment_to_applicant: string | null;
    actor: string;
  }>;
};

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startServer();
  alice = await signUp(server);
  bob = await signUp(server);
});
afterAll(async () => server.close());

const move = (id: number, statusId: number, extra: { conditions?: string; comment?: string } = {}) => {
  const { conditions, ...rest } = extra;
  return staffMove(executorOf(server), id, {
    statusId,
    actor: 'staff:tester',
    ...rest,
    ...(conditions !== undefined ? { texts: { conditions } } : {}),
  });
};

const approveTor = (id: number, document: { path: string; name: string; size: number }, actor: string) =>
  staffAction(executorOf(server), id, 'approve-tor', {
    document: { ...document, pdf: true },
    actor,
  });

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('the move was not refused');
}

const detail = async (user: TestUser, id: number) =>
  (await call<Detail>(server.app, 'GET', `application/${id}`, { token: user.token })).body.data;

describe('staff moves', () => {
  it('refuses to decide a draft or to change a decision, with the reason', async () => {
    const draft = await applicationAt(server, alice, AUDIT, 1);
    expect(await refusal(move(draft.id, 9))).toEqual({
      status: 409,
      message: 'A draft has not been submitted: it cannot be decided.',
    });
    const submitted = await applicationAt(server, alice, AUDIT, 2);
    await move(submitted.id, 9, { comment: 'Out of scope.' });
    expect(await refusal(move(submitted.id, 6))).toEqual({
      status: 409,
      message: 'The application has been decided already.',
    });
    expect((await refusal(move(987654, 6))).status).toBe(404);
  });

  it('needs the conditions of a conditional approval and records who moved it', async () => {
    const { id } = await applicationAt(server, alice, AUDIT, 2);
    await expect(move(id, 18)).rejects.toBeInstanceOf(ValidationError);
    await move(id, 18, { conditions: CONDITIONS, comment: 'Approved on conditions.' });
    const application = await detail(alice, id);
    expect(application.application_status_id).toBe(18);
    expect(application.approval_conditions).toBe(CONDITIONS);
    expect(application.certUrl).toBeNull();
    expect(application.application_flow_histories.at(-1)).toMatchObject({
      application_status_id: 18,
      comment_to_applicant: 'Approved on conditions.',
      actor: 'staff',
    });
  });
});

describe('the applicant answers approval conditions', () => {
  async function conditional(): Promise<number> {
    const { id } = await applicationAt(server, alice, AUDIT, 2);
    await move(id, 18, { conditions: CONDITIONS });
    return id;
  }
  const confirm = (user: TestUser, body: Record<string, unknown>) =>
    call<{ fields?: Array<{ field: string; message: string }>; application_status_id?: number }>(
      server.app,
      'POST',
      CONFIRM,
      { token: user.token, body },
    );

  it('needs a reason to deny, then sends the application back to review with it', async () => {
    const id = await conditional();
    for (const reason of [undefined, '', '   ']) {
      const refused = await confirm(alice, {
        application_id: id,
        applicant_confirmed: false,
        applicant_reject_comment: reason,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe('Invalid fields: applicant_reject_comment');
      expect(refused.body.data.fields).toEqual([
        { field: 'applicant_reject_comment', message: 'Please provide a reason for rejection.' },
      ]);
    }
    // The README tells API users the same answer.
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(
      "(else 422 'Invalid fields: applicant_reject_comment', with 'Please provide a reason for rejection.' as that field's message in `data.fields`)",
    );
    const denied = await confirm(alice, {
      application_id: id,
      applicant_confirmed: false,
      applicant_reject_comment: 'The trees cannot grow on rock.',
    });
    expect(denied.status).toBe(200);
    const application = await detail(alice, id);
    expect(application.application_status_id).toBe(3);
    expect(application.certUrl).toBeNull();
    expect(application.application_flow_histories.at(-1)).toMatchObject({
      application_status_id: 3,
      comment_to_applicant: 'The trees cannot grow on rock.',
      actor: 'applicant',
    });
    // No longer waiting for an answer: a second one is refused.
    expect((await confirm(alice, { application_id: id, applicant_confirmed: true })).status).toBe(409);
  });

  it('approves on acceptance, which makes the certificate', async () => {
    const id = await conditional();
    const accepted = await confirm(alice, { application_id: id, applicant_confirmed: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.application_status_id).toBe(6);
    const application = await detail(alice, id);
    expect(application.application_status_id).toBe(6);
    expect(application.certUrl).toMatch(/^verify\/certificate\//);
    const certificate = await server.app.inject({ method: 'GET', url: `/api/${application.certUrl}` });
    expect(certificate.statusCode).toBe(200);
  });

  it("refuses another client's application and one that is not conditionally approved", async () => {
    const id = await conditional();
    expect((await confirm(bob, { application_id: id, applicant_confirmed: true })).status).toBe(404);
    const submitted = await applicationAt(server, alice, AUDIT, 2);
    const early = await confirm(alice, { application_id: submitted.id, applicant_confirmed: true });
    expect(early.status).toBe(409);
    expect((await detail(alice, submitted.id)).application_status_id).toBe(2);
    const malformed = await confirm(alice, { application_id: 'x', applicant_confirmed: 'yes' });
    expect(malformed.status).toBe(422);
  });
});

describe('approved terms of reference', () => {
  const TOR = Buffer.from('%PDF-1.4 approved terms of reference\n%%EOF\n');
  function storedTor(): { path: string; name: string; size: number } {
    const path = `uploads/${'ab'.repeat(8)}${Date.now().toString(16).padStart(16, '0')}`;
    mkdirSync(join(server.config.dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(server.config.dataDir, path), TOR);
    return { path, name: 'tor.pdf', size: TOR.length };
  }

  it('moves the audit to phase 2 and lets its applicant alone download the ToR, kept out of the list', async () => {
    const { id, app_id } = await applicationAt(server, alice, AUDIT, 2);
    const before = await call(server.app, 'GET', `verify/tor/${app_id}`, { token: alice.token });
    expect(before.status).toBe(404);
    await approveTor(id, storedTor(), 'staff:tester');
    const application = (
      await call<
        Detail & {
          is_application_in_phase_2: boolean;
          tor_approval_date: string | null;
          application_attachments: unknown[];
        }
      >(server.app, 'GET', `application/${id}`, { token: alice.token })
    ).body.data;
    expect(application).toMatchObject({ application_status_id: 17, is_application_in_phase_2: true });
    expect(application.tor_approval_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(application.application_attachments).toEqual([]);
    const tor = await server.app.inject({
      method: 'GET',
      url: `/api/verify/tor/${app_id}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(tor.statusCode).toBe(200);
    expect(tor.headers['content-type']).toBe('application/pdf');
    expect(tor.rawPayload.equals(TOR)).toBe(true);
    expect((await call(server.app, 'GET', `verify/tor/${app_id}`, { token: bob.token })).status).toBe(404);
    expect((await call(server.app, 'GET', `verify/tor/${app_id}`)).status).toBe(401);
  });

  it('is refused for a draft and once decided', async () => {
    const draft = await applicationAt(server, alice, AUDIT, 1);
    expect((await refusal(approveTor(draft.id, storedTor(), 'staff:t'))).status).toBe(409);
    const approved = await applicationAt(server, alice, AUDIT, 2);
    await move(approved.id, 6);
    expect((await refusal(approveTor(approved.id, storedTor(), 'staff:t'))).status).toBe(409);
  });
});
