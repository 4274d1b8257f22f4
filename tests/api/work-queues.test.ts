/**
 * The audit's work queues (spec 02 section 7): counts per queue and the applications of each queue for
 * the caller only, placed by the queues' conditions in the audit's definition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveStatus } from '../../server/transitions/execute';
import { staffAction, staffMove } from '../../server/staff-decisions';
import { applicationAt, call, signUp, startServer, type TestServer, type TestUser, executorOf } from './helpers';

const AUDIT = 17003;
const BASE = 'environmental-audit';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startServer();
  alice = await signUp(server);
  bob = await signUp(server);
});
afterAll(async () => server.close());

const counts = (user: TestUser, of = user) =>
  call<Record<string, number>>(server.app, 'GET', `${BASE}/client-dashboard/${of.id}`, { token: user.token });
const list = (path: string, user: TestUser) =>
  call<Array<{ id: number; application_status_id: number }>>(server.app, 'GET', `${BASE}/${path}/${user.id}`, {
    token: user.token,
  });

describe('audit work queues', () => {
  it('start empty, with every queue counted', async () => {
    const empty = await counts(alice);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({
      request_for_tor_applications: 0,
      report_under_review: 0,
      report_submission_pending: 0,
      waiting_certificate: 0,
      approved_applications: 0,
    });
  });

  it('place each audit by its status and phase, and list them to their client only', async () => {
    const move = (id: number, statusId: number, conditions?: string) =>
      staffMove(executorOf(server), id, {
        statusId,
        actor: 'staff:tester',
        ...(conditions ? { texts: { conditions } } : {}),
      });
    const approveTor = (id: number, document: { path: string; name: string; size: number }, actor: string) =>
      staffAction(executorOf(server), id, 'approve-tor', {
        document: { ...document, pdf: true },
        actor,
      });
    await applicationAt(server, alice, AUDIT, 1); // a draft is in no queue
    const requested = await applicationAt(server, alice, AUDIT, 2);
    const tor = await applicationAt(server, alice, AUDIT, 2);
    await approveTor(tor.id, { path: 'uploads/tor-1', name: 'tor.pdf', size: 1 }, 'staff:t');
    const reviewed = await applicationAt(server, alice, AUDIT, 2);
    await approveTor(reviewed.id, { path: 'uploads/tor-2', name: 'tor.pdf', size: 1 }, 'staff:t');
    await move(reviewed.id, 5);
    const conditional = await applicationAt(server, alice, AUDIT, 2);
    await move(conditional.id, 18, '<p>Plant trees</p>');
    const manual = await applicationAt(server, alice, AUDIT, 2);
    await moveStatus(server.database.db, manual.id, { statusId: 6, manual: true });
    const approved = await applicationAt(server, alice, AUDIT, 2);
    await move(approved.id, 6);
    const returned = await applicationAt(server, alice, AUDIT, 2);
    await move(returned.id, 7); // returned: in no queue
    await applicationAt(server, alice, 2, 2); // another service: not the audit's

    expect((await counts(alice)).body.data).toEqual({
      request_for_tor_applications: 1,
      report_under_review: 1,
      report_submission_pending: 1,
      waiting_certificate: 2,
      approved_applications: 1,
    });
    const ids = async (path: string) => (await list(path, alice)).body.data.map((a) => a.id);
    expect(await ids('tor-applications')).toEqual([requested.id]);
    expect(await ids('reports-under-review-applications')).toEqual([reviewed.id]);
    expect(await ids('pending-reports-applications')).toEqual([tor.id]);
    expect(await ids('waiting-certificate-applications')).toEqual([manual.id, conditional.id]);
    expect(await ids('approved-applications')).toEqual([approved.id]);

    expect((await counts(bob)).body.data.waiting_certificate).toBe(0);
    expect((await counts(bob, alice)).status).toBe(403);
    expect((await call(server.app, 'GET', `${BASE}/tor-applications/${alice.id}`, { token: bob.token })).status).toBe(
      403,
    );
    expect((await call(server.app, 'GET', `${BASE}/client-dashboard/${alice.id}`)).status).toBe(401);
  });
});
