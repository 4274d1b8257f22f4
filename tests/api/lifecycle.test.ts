/**
 * A service's lifecycle from JSON alone: a scaffolded service given a two-phase lifecycle unlike the
 * audit's (tests/lifecycle/site-inspection.ts: staff book a site inspection with its day and plan,
 * the applicant sends the signed report) runs through the real API: the staff action and its
 * refusals, the stored facts in every answer, the plan's download, the task and the last decision.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaffoldService } from '../../scripts/services-new';
import { loadDefinitionsFrom } from '../../server/definitions';
import { addSiteInspection, INSPECTION } from '../lifecycle/site-inspection';
import { scratchService } from '../scratch-service';
import {
  applicationAt,
  attach,
  call,
  multipart,
  PDF,
  signUp,
  staffKeyWith,
  startServer,
  type TestServer,
  type TestUser,
  servicesUnderTest,
} from './helpers';

/** The id of the scaffolded service, under a key and id no authority's service holds (tests/scratch-service.ts). */
let serviceId: number;
const REPOSITORY = join(servicesUnderTest(), '..');

let root: string;
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let staffKey: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ecopermit-lifecycle-'));
  cpSync(join(REPOSITORY, 'services'), join(root, 'services'), { recursive: true });
  cpSync(join(REPOSITORY, 'fixtures'), join(root, 'fixtures'), { recursive: true });
  const service = scratchService(root, 'site-visit', 'Site Visit Permit');
  serviceId = service.id;
  await scaffoldService(root, service);
  addSiteInspection(root, service.key);
  server = await startServer(
    {},
    { servicesDir: join(root, 'services'), lookupsDir: join(root, 'fixtures', 'lookups') },
  );
  alice = await signUp(server);
  bob = await signUp(server);
  staffKey = await staffKeyWith(server, 'inspector');
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const staffCall = (id: number, action: string, fields: Record<string, string>, file?: Buffer) => {
  const { payload, headers } = multipart(fields, file ? { name: 'plan.pdf', content: file } : undefined);
  return server.app.inject({
    method: 'POST',
    url: `/api/staff/applications/${id}/${action}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${staffKey}` },
  });
};

type Detail = {
  application_status_id: number;
  inspection_booked: boolean;
  inspection_day: string | null;
  tor_approval_date: string | null;
  inspection_report: unknown;
  application_attachments: Array<{ description: string }>;
};

describe('a two-phase lifecycle written in JSON alone', () => {
  it('passes the checks', () => {
    const loaded = loadDefinitionsFrom(join(root, 'services'));
    expect(loaded.problems).toEqual([]);
    expect(
      loaded.definitions.find((d) => d.id === serviceId)?.lifecycle?.transitions.find((row) => row.via === 'action')
        ?.name,
    ).toBe(INSPECTION.action);
  });

  it('books the inspection only through its action, with its day and its plan', async () => {
    const { id, app_id } = await applicationAt(server, alice, serviceId, 2);
    const detail = async () =>
      (await call<Detail>(server.app, 'GET', `application/${id}`, { token: alice.token })).body.data;
    // Every answer carries the service's facts with their defaults (and the other services' too).
    expect(await detail()).toMatchObject({ inspection_booked: false, inspection_day: null, tor_approval_date: null });

    const bare = await server.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${id}/status`,
      payload: { status_id: INSPECTION.status },
      headers: { authorization: `Bearer ${staffKey}` },
    });
    expect(bare.statusCode).toBe(409);
    expect(bare.json<{ error: string }>().error).toContain(INSPECTION.action);
    // The audit's action is not this service's.
    expect((await staffCall(id, 'approve-tor', {}, PDF)).statusCode).toBe(409);
    // Its plan must be a PDF, its day is required.
    const notPdf = await staffCall(id, INSPECTION.action, { day: '3 December 2026' }, Buffer.from('plain text'));
    expect(notPdf.statusCode).toBe(422);
    expect(JSON.stringify(notPdf.json())).toContain('The inspection plan must be a PDF.');
    const noDay = await staffCall(id, INSPECTION.action, {}, PDF);
    expect(noDay.statusCode).toBe(422);
    expect(JSON.stringify(noDay.json())).toContain('Give the day of the inspection.');
    expect((await detail()).application_status_id).toBe(2);

    const booked = await staffCall(id, INSPECTION.action, { day: '3 December 2026' }, PDF);
    expect(booked.statusCode).toBe(200);
    expect(await detail()).toMatchObject({
      application_status_id: INSPECTION.status,
      inspection_booked: true,
      inspection_day: '3 December 2026',
      // The plan is the authority's: downloaded at its address, not listed with the applicant's files.
      application_attachments: [],
    });
    const plan = await server.app.inject({
      method: 'GET',
      url: `/api/${INSPECTION.download(app_id)}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(plan.statusCode).toBe(200);
    expect(plan.rawPayload.equals(PDF)).toBe(true);
    expect((await call(server.app, 'GET', INSPECTION.download(app_id), { token: bob.token })).status).toBe(404);

    // The dashboard's list carries the facts its rows read.
    const list = await call<{ items: Array<{ id: number; inspection_day: string | null }> }>(
      server.app,
      'GET',
      `clients/applications/${alice.id}`,
      { token: alice.token },
    );
    expect(list.body.data.items.find((item) => item.id === id)?.inspection_day).toBe('3 December 2026');
    // Booked once: the action is not taken again at its own status, and 40 moves on only as declared.
    expect((await staffCall(id, INSPECTION.action, { day: '4 December 2026' }, PDF)).statusCode).toBe(409);
    const approve = await server.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${id}/status`,
      payload: { status_id: 6 },
      headers: { authorization: `Bearer ${staffKey}` },
    });
    expect(approve.statusCode).toBe(409);
  });

  it('takes the signed report as the task of the second phase, then the authority decides', async () => {
    const { id } = await applicationAt(server, alice, serviceId, 2);
    const save = (body: Record<string, unknown>) =>
      call<Record<string, unknown>>(server.app, 'POST', INSPECTION.save, { token: alice.token, body });
    // Not before the booking.
    expect((await save({ application_id: id, inspector_name: 'Jean Bosco' })).status).toBe(409);
    expect((await staffCall(id, INSPECTION.action, { day: '5 December 2026' }, PDF)).statusCode).toBe(200);
    const missing = await save({ application_id: id, inspector_name: 'Jean Bosco' });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.body)).toContain('Please upload the signed inspection report');
    expect((await attach(server, alice, id, INSPECTION.report)).statusCode).toBe(201);
    const saved = await save({ application_id: id, inspector_name: 'Jean Bosco' });
    expect(saved.status).toBe(200);
    const detail = (await call<Detail>(server.app, 'GET', `application/${id}`, { token: alice.token })).body.data;
    expect(detail).toMatchObject({
      application_status_id: 3,
      inspection_booked: true,
      inspection_report: { inspector_name: 'Jean Bosco' },
    });
    expect(detail.application_attachments.map((a) => a.description)).toEqual([INSPECTION.report]);
    const approve = await server.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${id}/status`,
      payload: { status_id: 6 },
      headers: { authorization: `Bearer ${staffKey}` },
    });
    expect(approve.statusCode).toBe(200);
  });
});
