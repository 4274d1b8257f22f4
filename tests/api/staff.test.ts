/**
 * The staff API: staff accounts created by the staff command's module make the staff moves over HTTP
 * (status moves along the transitions, conditional approvals, the approved terms of reference);
 * applicants' tokens and unknown keys are refused, and each move is recorded with the staff name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../server/http';
import {
  createStaff,
  grantRole,
  listStaff,
  removeStaff,
  revokeRole,
  rotateStaff,
  STAFF_KEY_EXPIRED,
  staffActorOfName,
} from '../../server/staff-accounts';
import { attachAuthorityDocument } from '../../server/staff-decisions';
import { parseStaffArgs, staffUsage } from '../../server/staff-cli';
import { collectStaffTransitions } from '../../server/transitions/staff-transitions';
import {
  CERTIFICATE_NOT_PDF,
  MANUAL_ONLY_WHEN_APPROVED,
  MANUAL_OR_CERTIFICATE,
  NO_CERTIFICATE_TO_COME,
} from '../../server/staff-decisions';
import {
  applicationAt,
  call,
  multipart,
  PDF,
  signUp,
  staffKeyWith,
  startServer,
  type TestServer,
  type TestUser,
} from './helpers';

const AUDIT = 17003;

let server: TestServer;
let alice: TestUser;
let staffKey: string;

beforeAll(async () => {
  server = await startServer();
  alice = await signUp(server);
  staffKey = await staffKeyWith(server, 'reviewer.one');
});
afterAll(async () => server.close());

const status = (id: number, body: Record<string, unknown>, key = staffKey) =>
  server.app.inject({
    method: 'POST',
    url: `/api/staff/applications/${id}/status`,
    payload: body,
    headers: { authorization: `Bearer ${key}` },
  });

describe('staff API', () => {
  it('refuses applicants, unknown keys and no key', async () => {
    const { id } = await applicationAt(server, alice, AUDIT, 2);
    for (const key of [alice.token, `staff_${'x'.repeat(43)}`])
      expect((await status(id, { status_id: 7 }, key)).statusCode).toBe(401);
    const none = await server.app.inject({ method: 'POST', url: `/api/staff/applications/${id}/status`, payload: {} });
    expect(none.statusCode).toBe(401);
    expect(JSON.parse(none.body).error).toBe('Staff sign-in required.');
  });

  it('moves along the transitions, with the name in the history', async () => {
    const { id } = await applicationAt(server, alice, AUDIT, 2);
    const returned = await status(id, { status_id: 7, comment: 'Add the site plan.' });
    expect(returned.statusCode).toBe(200);
    expect(JSON.parse(returned.body).data).toMatchObject({ from: 2, application_status_id: 7 });
    const refused = await status(id, { status_id: 6 });
    expect(refused.statusCode).toBe(409);
    expect(JSON.parse(refused.body).error).toBe('An application at status 7 can move to 9, not 6.');
    expect((await status(id, { status_id: 'x' })).statusCode).toBe(422);
    const history = await server.database.db
      .selectFrom('flow_histories')
      .select(['status_id', 'actor'])
      .where('application_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toEqual({ status_id: 7, actor: 'staff:reviewer.one' });

    const conditional = await applicationAt(server, alice, AUDIT, 2);
    expect((await status(conditional.id, { status_id: 18 })).statusCode).toBe(422);
    expect((await status(conditional.id, { status_id: 18, conditions: '<p>Trees</p>' })).statusCode).toBe(200);
  });

  it('approves the terms of reference with a PDF, and only a PDF', async () => {
    const { id, app_id } = await applicationAt(server, alice, AUDIT, 2);
    const send = (content: Buffer) => {
      const { payload, headers } = multipart({}, { name: 'tor.pdf', content });
      return server.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${id}/approve-tor`,
        payload,
        headers: { ...headers, authorization: `Bearer ${staffKey}` },
      });
    };
    const notPdf = await send(Buffer.from('plain text'));
    expect(notPdf.statusCode).toBe(422);
    const approved = await send(PDF);
    expect(approved.statusCode).toBe(200);
    const tor = await server.app.inject({
      method: 'GET',
      url: `/api/verify/tor/${app_id}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(tor.statusCode).toBe(200);
    expect(tor.rawPayload.equals(PDF)).toBe(true);
    expect((await send(PDF)).statusCode).toBe(409);
  });

  it("reaches a service's own status only through the action that carries what it needs", async () => {
    const { id, app_id } = await applicationAt(server, alice, AUDIT, 2);
    // A bare move to TOR Approved would leave it without its ToR: refused, naming the action.
    const bare = await status(id, { status_id: 17 });
    expect(bare.statusCode).toBe(409);
    expect(bare.json<{ error: string }>().error).toContain(`npm run staff -- approve-tor ${app_id} --file <pdf>`);
    // A text only the action reaching the status takes.
    const stray = await status(id, { status_id: 7, conditions: '<p>Trees</p>' });
    expect(stray.statusCode).toBe(422);
    // A plastics application has no terms of reference to approve.
    const plastics = await applicationAt(server, alice, 1, 2);
    const { payload, headers } = multipart({}, { name: 'tor.pdf', content: PDF });
    const refused = await server.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${plastics.id}/approve-tor`,
      payload,
      headers: { ...headers, authorization: `Bearer ${staffKey}` },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toContain("has no action 'approve-tor'");
    // Nor a conditional approval: 18 is not one of its statuses, and nothing there takes conditions.
    expect((await status(plastics.id, { status_id: 18 })).statusCode).toBe(409);
    expect((await status(plastics.id, { status_id: 18, conditions: '<p>x</p>' })).statusCode).toBe(422);
    // An action with a text, through the API as JSON.
    const conditional = await server.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${id}/approve-with-conditions`,
      payload: { conditions: '<p>Plant trees</p>', comment: 'On conditions.' },
      headers: { authorization: `Bearer ${staffKey}` },
    });
    expect(conditional.statusCode).toBe(200);
    expect(conditional.json<{ data: { application_status_id: number } }>().data.application_status_id).toBe(18);
    const detail = await call<{ approval_conditions: string }>(server.app, 'GET', `application/${id}`, {
      token: alice.token,
    });
    expect(detail.body.data.approval_conditions).toBe('<p>Plant trees</p>');
  });

  it('has a route per transition name: an unknown name is not found, bodies are judged by the route', async () => {
    const { id } = await applicationAt(server, alice, AUDIT, 2);
    const take = (name: string, payload?: Record<string, unknown>) =>
      server.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${id}/${name}`,
        ...(payload ? { payload } : {}),
        headers: { authorization: `Bearer ${staffKey}` },
      });
    expect((await take('approve-everything', {})).statusCode).toBe(404);
    const fields = async (answer: Promise<{ statusCode: number; json<T>(): T }>) => {
      const got = await answer;
      expect(got.statusCode).toBe(422);
      return got.json<{ data: { fields: unknown[] } }>().data.fields;
    };
    expect(await fields(take('approve-with-conditions', { comment: 'On conditions.' }))).toEqual([
      { field: 'conditions', message: 'A conditional approval needs its conditions.' },
    ]);
    expect(await fields(take('return', { comment: 5 }))).toEqual([
      { field: 'comment', message: 'must be a text of at most 20,000 characters' },
    ]);
    expect(await fields(take('return', { comment: 'x'.repeat(20_001) }))).toEqual([
      { field: 'comment', message: 'must be a text of at most 20,000 characters' },
    ]);
    expect(await fields(status(id, { status_id: '3' }))).toEqual([
      { field: 'status_id', message: 'must be a status id' },
    ]);
    expect(await fields(status(id, { comment: 'Why?' }))).toEqual([
      { field: 'status_id', message: 'must be a status id' },
    ]);
    expect(await fields(status(id, { status_id: 6, manual: 'yes' }))).toEqual([
      { field: 'manual', message: 'must be true or false' },
    ]);
    // A text the transition does not take is refused by name; a bare transition needs no body.
    expect(await fields(take('return', { conditions: '<p>x</p>' }))).toEqual([
      { field: 'conditions', message: "A move to status 7 takes no 'conditions'." },
    ]);
    const reviewed = await take('review');
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json<{ data: { application_status_id: number } }>().data.application_status_id).toBe(3);
  });

  it("lists the services' transitions in the command's usage, and refuses a word none has", () => {
    const transitions = collectStaffTransitions(server.services);
    const usage = staffUsage(transitions);
    expect(usage).toMatch(/\n {2}approve-with-conditions +approves the application on conditions/);
    expect(usage).toContain('takes --conditions <html>, --comment');
    expect(usage).toContain('takes --file <pdf>, --comment');
    expect(() => parseStaffArgs(['approve-everything', '7'], transitions)).toThrow(
      /Unknown command 'approve-everything'\. The transitions of the services are: review, .*approve-tor/,
    );
    expect(parseStaffArgs(['approve-tor', '7', '--file', 'tor.pdf'], transitions)).toMatchObject({
      command: 'action',
      action: 'approve-tor',
      file: 'tor.pdf',
    });
    expect(parseStaffArgs(['status', '7', '3'], transitions)).toMatchObject({ command: 'status', statusId: 3 });
    expect(parseStaffArgs(['list-staff'], transitions)).toEqual({ command: 'list-staff' });
    expect(parseStaffArgs(['help'], transitions)).toEqual({ command: 'help' });
  });

  it('names staff accounts once, and the command parses add-staff', async () => {
    await expect(createStaff(server.database.db, 'reviewer.one')).rejects.toThrow(/exists already/);
    await expect(createStaff(server.database.db, 'x')).rejects.toThrow();
    expect(parseStaffArgs(['add-staff', 'reviewer.two'])).toEqual({ command: 'add-staff', name: 'reviewer.two' });
    expect(() => parseStaffArgs(['add-staff'])).toThrow(/needs one name/);
  });

  it('acts as a named staff account with its roles, and parses the roles the command grants', async () => {
    const db = server.database.db;
    const services = server.services.definitions.map((definition) => definition.key);
    expect(parseStaffArgs(['add-staff', 'reviewer.two', '--role', 'plastics:reviewer', '--role', '*:viewer'])).toEqual({
      command: 'add-staff',
      name: 'reviewer.two',
      roles: [
        { service: 'plastics', role: 'reviewer' },
        { service: '*', role: 'viewer' },
      ],
    });
    expect(() => parseStaffArgs(['add-staff', 'reviewer.two', '--role', 'reviewer'])).toThrow(
      /A role is given as <service>:<role>/,
    );
    expect(parseStaffArgs(['grant', 'reviewer.two', '*:approver'])).toEqual({
      command: 'grant',
      name: 'reviewer.two',
      grant: { service: '*', role: 'approver' },
    });
    expect(parseStaffArgs(['revoke', 'reviewer.two', 'plastics:viewer'])).toMatchObject({ command: 'revoke' });
    expect(() => parseStaffArgs(['grant', 'reviewer.two'])).toThrow(/grant needs a name and <service>:<role>/);
    expect(parseStaffArgs(['status', '7', '3', '--as', 'reviewer.two', '--comment', 'x'])).toMatchObject({
      command: 'status',
      statusId: 3,
      comment: 'x',
      as: 'reviewer.two',
    });
    expect(parseStaffArgs(['approve', '7', '--as', 'abe'])).toMatchObject({ command: 'action', as: 'abe' });
    expect(() => parseStaffArgs(['list-staff', '--as', 'abe'])).toThrow(/--as is for the commands that act/);
    expect(() => parseStaffArgs(['approve', '7', '--as'])).toThrow(/--as needs the name of a staff account/);

    // The command's account: it must exist and not be removed; its grants are read from staff_roles.
    await expect(staffActorOfName(db, 'no.such')).rejects.toThrow(
      "No staff account 'no.such': create it with npm run staff -- add-staff no.such --role <service>:<role>",
    );
    await createStaff(db, 'command.user');
    await expect(
      grantRole(db, 'command.user', { service: 'plastic', role: 'reviewer' }, services, 'x'),
    ).rejects.toThrow(ValidationError);
    expect(await grantRole(db, 'command.user', { service: 'plastics', role: 'reviewer' }, services, 'x')).toEqual([
      { service: 'plastics', role: 'reviewer' },
    ]);
    expect(await staffActorOfName(db, 'command.user')).toEqual({
      name: 'command.user',
      grants: [{ service: 'plastics', role: 'reviewer' }],
      session: 'command',
    });
    expect(await revokeRole(db, 'command.user', { service: 'plastics', role: 'reviewer' }, services)).toEqual([]);
    await expect(revokeRole(db, 'command.user', { service: 'plastics', role: 'reviewer' }, services)).rejects.toThrow(
      'No role plastics:reviewer to withdraw from command.user.',
    );
    await removeStaff(db, 'command.user');
    await expect(staffActorOfName(db, 'command.user')).rejects.toThrow(/was removed/);
  });

  it("files the authority's review documents out of the applicant's sight, and the command parses attach", async () => {
    const draft = await applicationAt(server, alice, AUDIT, 1);
    const file = (n: number) => ({
      path: `uploads/${String(n).padStart(32, 'e')}`,
      name: 'minutes.pdf',
      size: PDF.length,
    });
    await expect(
      attachAuthorityDocument(server.database.db, server.services, draft.id, 'meeting-minutes', file(0)),
    ).rejects.toThrow(/draft/);
    const { id } = await applicationAt(server, alice, AUDIT, 2);
    // The kinds are the audit's (lifecycle.reviewDocuments); another service declares none.
    const kinds = ['draft-tor', 'checklist-review', 'meeting-minutes', 'inspection-report'];
    for (const [n, kind] of kinds.entries())
      await attachAuthorityDocument(server.database.db, server.services, id, kind, file(n + 1));
    await expect(attachAuthorityDocument(server.database.db, server.services, id, 'photos', file(9))).rejects.toThrow(
      /Invalid fields: kind/,
    );
    const plastics = await applicationAt(server, alice, 1, 2);
    await expect(
      attachAuthorityDocument(server.database.db, server.services, plastics.id, 'meeting-minutes', file(10)),
    ).rejects.toThrow(/Invalid fields: kind/);
    const held = await server.database.db
      .selectFrom('attachments')
      .select('description')
      .where('application_id', '=', id)
      .execute();
    expect(held).toHaveLength(4);
    const detail = await call<{ application_attachments: unknown[] }>(server.app, 'GET', `application/${id}`, {
      token: alice.token,
    });
    expect(detail.body.data.application_attachments).toEqual([]);

    expect(parseStaffArgs(['attach', 'EP-2026-000001', '--kind', 'inspection-report', '--file', 'r.pdf'])).toEqual({
      command: 'attach',
      application: 'EP-2026-000001',
      kind: 'inspection-report',
      file: 'r.pdf',
    });
    expect(() => parseStaffArgs(['attach', '7', '--kind', 'Gossip!', '--file', 'r.pdf'])).toThrow(/needs --kind/);
    expect(() => parseStaffArgs(['attach', '7', '--kind', 'meeting-minutes'])).toThrow(/needs --file/);
  });

  it('takes the options of a manual process on an approval only, through the API as through the command', async () => {
    const { id } = await applicationAt(server, alice, 1, 2);
    const manualReturn = await status(id, { status_id: 7, manual: true, comment: 'Add the site plan.' });
    expect(manualReturn.statusCode).toBe(422);
    expect(manualReturn.json<{ data: { fields: unknown[] } }>().data.fields).toEqual([
      { field: 'manual', message: MANUAL_ONLY_WHEN_APPROVED },
    ]);
    const conditionsOnReturn = await status(id, { status_id: 7, conditions: '<p>Trees</p>' });
    expect(conditionsOnReturn.statusCode).toBe(422);
    // Nothing moved.
    const row = await server.database.db
      .selectFrom('applications')
      .select(['status_id', 'manually_processed'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status_id: 2, manually_processed: 0 });
    // The command says the same, in the same words.
    expect(() => parseStaffArgs(['status', String(id), '7', '--manual'])).toThrow(MANUAL_ONLY_WHEN_APPROVED);
    expect(() => parseStaffArgs(['status', String(id), '6', '--manual', '--manual-certificate', 'c.pdf'])).toThrow(
      MANUAL_OR_CERTIFICATE,
    );
  });

  it('files the certificate of an application approved with its certificate to come', async () => {
    const { id } = await applicationAt(server, alice, 1, 10);
    const certificate = (content: Buffer, extra: Record<string, string> = {}) => {
      const { payload, headers } = multipart(extra, { name: 'certificate.pdf', content });
      return server.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${id}/certificate`,
        payload,
        headers: { ...headers, authorization: `Bearer ${staffKey}` },
      });
    };
    // Not approved yet: nothing to file it with.
    const early = await certificate(PDF);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ error: string }>().error).toContain(NO_CERTIFICATE_TO_COME);
    expect((await status(id, { status_id: 6, manual: true })).statusCode).toBe(200);
    const detail = () =>
      call<{ application_status_id: number; final_certificate_uploaded: boolean; manual_certificate: unknown }>(
        server.app,
        'GET',
        `application/${id}`,
        { token: alice.token },
      );
    const waiting = (await detail()).body.data;
    expect(waiting.final_certificate_uploaded).toBe(false);
    expect(waiting.manual_certificate).toBeNull();

    const notPdf = await certificate(Buffer.from('plain text'));
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json<{ data: { fields: unknown[] } }>().data.fields).toEqual([
      { field: 'file', message: CERTIFICATE_NOT_PDF },
    ]);
    expect((await certificate(PDF, { comment: 'x' })).statusCode).toBe(422);
    const filed = await certificate(PDF);
    expect(filed.statusCode).toBe(200);
    const approved = (await detail()).body.data;
    expect(approved).toMatchObject({ application_status_id: 6, final_certificate_uploaded: true });
    expect(approved.manual_certificate).toMatchObject({ file_name: 'certificate.pdf' });
    // Once: a second certificate is refused.
    expect((await certificate(PDF)).statusCode).toBe(409);
    // An application approved with its generated certificate takes none.
    const generated = await applicationAt(server, alice, 1, 10);
    expect((await status(generated.id, { status_id: 6 })).statusCode).toBe(200);
    const { payload, headers } = multipart({}, { name: 'certificate.pdf', content: PDF });
    const refused = await server.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${generated.id}/certificate`,
      payload,
      headers: { ...headers, authorization: `Bearer ${staffKey}` },
    });
    expect(refused.statusCode).toBe(409);
    // Kept files: only the one certificate (the refused ones were removed).
    const kept = await server.database.db
      .selectFrom('applications')
      .select('manual_certificate_path')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept.manual_certificate_path).toMatch(/^uploads\//);

    expect(parseStaffArgs(['certificate', 'EP-2026-000001', '--file', 'c.pdf'])).toEqual({
      command: 'certificate',
      application: 'EP-2026-000001',
      file: 'c.pdf',
    });
    expect(() => parseStaffArgs(['certificate', '7'])).toThrow(/certificate needs --file/);
  });

  it('refuses a removed account at once, rotates keys, lets keys expire, and lists accounts without their keys', async () => {
    const db = server.database.db;
    const { id } = await applicationAt(server, alice, 1, 2);
    const ask = (key: string) => status(id, { status_id: 3 }, key);
    const key = await staffKeyWith(server, 'reviewer.leaving', ['plastics:reviewer']);
    expect((await ask(key)).statusCode).toBe(200);

    // Rotation: the former key is refused from the next request on, the new one works.
    const rotated = await rotateStaff(db, 'reviewer.leaving');
    expect(rotated.key).not.toBe(key);
    expect((await ask(key)).statusCode).toBe(401);
    expect((await status(id, { status_id: 3 }, rotated.key)).statusCode).toBe(409); // at 3 already: signed in

    // Expiry: a key older than the setting (90 days by default) is refused, with why.
    const ninetyOneDaysAgo = new Date(Date.now() - 91 * 24 * 3600_000).toISOString();
    await db
      .updateTable('staff')
      .set({ key_created_at: ninetyOneDaysAgo })
      .where('name', '=', 'reviewer.leaving')
      .execute();
    const expired = await ask(rotated.key);
    expect(expired.statusCode).toBe(401);
    expect(expired.json<{ error: string }>().error).toBe(STAFF_KEY_EXPIRED);
    const renewed = await rotateStaff(db, 'reviewer.leaving');
    expect((await status(id, { status_id: 7, comment: 'Add the plan.' }, renewed.key)).statusCode).toBe(200);

    // The list: names, dates, when the key expires; never a key or its hash.
    const listed = await listStaff(db, server.config.limits.staffKeyMs);
    const leaving = listed.find((account) => account.name === 'reviewer.leaving');
    expect(leaving).toMatchObject({ removed_at: null, roles: [{ service: 'plastics', role: 'reviewer' }] });
    expect(leaving?.last_used_at).not.toBeNull();
    expect(Date.parse(leaving?.key_expires_at ?? '') - Date.now()).toBeGreaterThan(89 * 24 * 3600_000);
    const text = JSON.stringify(listed);
    for (const secret of [key, rotated.key, renewed.key]) expect(text).not.toContain(secret.slice(6, 20));
    expect(Object.keys(leaving ?? {}).sort()).toEqual([
      'created_at',
      'key_expires_at',
      'last_used_at',
      'name',
      'removed_at',
      'roles',
    ]);

    // Removal: refused at once; the name stays taken (the histories name it).
    await removeStaff(db, 'reviewer.leaving');
    expect((await ask(renewed.key)).statusCode).toBe(401);
    await expect(rotateStaff(db, 'reviewer.leaving')).rejects.toThrow(/No staff account/);
    await expect(removeStaff(db, 'reviewer.leaving')).rejects.toThrow(/No staff account/);
    await expect(createStaff(db, 'reviewer.leaving')).rejects.toThrow(/was removed/);
    const after = await listStaff(db, server.config.limits.staffKeyMs);
    expect(after.find((account) => account.name === 'reviewer.leaving')?.removed_at).not.toBeNull();

    expect(parseStaffArgs(['remove-staff', 'reviewer.two'])).toEqual({ command: 'remove-staff', name: 'reviewer.two' });
    expect(parseStaffArgs(['rotate-staff', 'reviewer.two'])).toEqual({ command: 'rotate-staff', name: 'reviewer.two' });
    expect(parseStaffArgs(['list-staff'])).toEqual({ command: 'list-staff' });
    expect(() => parseStaffArgs(['list-staff', 'x'])).toThrow(/Unexpected argument/);
    expect(() => parseStaffArgs(['remove-staff'])).toThrow(/needs one name/);
  });
});
