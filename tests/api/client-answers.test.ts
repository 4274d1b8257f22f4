/**
 * The client's kept reads (list, statistics, detail) follow every change they show, whoever makes it:
 * here the changes are written through a second connection to the database, as the staff command or
 * another instance of the server would, so only the database's triggers can tell the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../engine/core/status-presentation';
import { moveStatus } from '../../server/transitions/execute';
import { applicationAt, call, signUp, startServer, type TestServer, type TestUser } from './helpers';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startServer();
  alice = await signUp(server);
  bob = await signUp(server);
});
afterAll(async () => server.close());

interface Detail {
  application_status_id: number;
  service: { name: string };
  application_attachments: Array<{ description: string }>;
  application_flow_histories: Array<{ application_status_id: number }>;
  [record: string]: unknown;
}
interface Page {
  total: number;
  items: Array<{ id: number; application_status_id: number; service: { name: string } }>;
}

const reads = async (user: TestUser, applicationId: number) => {
  const [page, statistics, detail] = await Promise.all([
    call<Page>(server.app, 'GET', `clients/applications/${user.id}?page=1`, { token: user.token }),
    call<{ approved: number; processing: number }>(server.app, 'GET', `client/statistics/${user.id}`, {
      token: user.token,
    }),
    call<Detail>(server.app, 'GET', `application/${applicationId}`, { token: user.token }),
  ]);
  return { page: page.body.data, statistics: statistics.body.data, detail: detail.body.data };
};

const revisionOf = async (user: TestUser) =>
  (
    await server.database.db
      .selectFrom('clients')
      .select('data_revision')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
  ).data_revision;

describe('kept client answers', () => {
  it('show a status move, a history entry, an attachment and a saved record made outside the API', async () => {
    const { id } = await applicationAt(server, alice, 1, 2);
    const before = await reads(alice, id);
    expect(before.page.items.find((item) => item.id === id)?.application_status_id).toBe(2);
    expect(before.statistics.approved).toBe(0);
    // Asked again unchanged: the same answers.
    expect(await reads(alice, id)).toEqual(before);

    const bobRevision = await revisionOf(bob);
    await moveStatus(server.database.db, id, { statusId: STATUS.approved, actor: 'system' });
    const approved = await reads(alice, id);
    expect(approved.page.items.find((item) => item.id === id)?.application_status_id).toBe(STATUS.approved);
    expect(approved.statistics.approved).toBe(1);
    expect(approved.detail.application_status_id).toBe(STATUS.approved);
    expect(approved.detail.application_flow_histories.at(-1)?.application_status_id).toBe(STATUS.approved);

    const now = new Date().toISOString();
    await server.database.db
      .insertInto('attachments')
      .values({
        application_id: id,
        description: 'Late letter',
        path: 'x.pdf',
        name: 'x.pdf',
        size: 1,
        mime: 'application/pdf',
        created_at: now,
      })
      .execute();
    expect((await reads(alice, id)).detail.application_attachments.map((a) => a.description)).toContain('Late letter');

    await server.database.db
      .insertInto('application_records')
      .values({ application_id: id, record_key: 'kept_note', data: JSON.stringify({ note: 'one' }), updated_at: now })
      .execute();
    expect((await reads(alice, id)).detail.kept_note).toEqual({ note: 'one' });
    await server.database.db
      .updateTable('application_records')
      .set({ data: JSON.stringify({ note: 'two' }) })
      .where('application_id', '=', id)
      .where('record_key', '=', 'kept_note')
      .execute();
    expect((await reads(alice, id)).detail.kept_note).toEqual({ note: 'two' });
    await server.database.db.deleteFrom('attachments').where('application_id', '=', id).execute();
    expect((await reads(alice, id)).detail.application_attachments).toEqual([]);

    // Another client's answers were not touched by any of it.
    expect(await revisionOf(bob)).toBe(bobRevision);
  });

  it("show a service's new name in every client's list", async () => {
    const { id } = await applicationAt(server, bob, 1, 2);
    const before = await reads(bob, id);
    const name = before.detail.service.name;
    try {
      await server.database.db.updateTable('services').set({ name: 'Renamed service' }).where('id', '=', 1).execute();
      const after = await reads(bob, id);
      expect(after.page.items.find((item) => item.id === id)?.service.name).toBe('Renamed service');
      expect(after.detail.service.name).toBe('Renamed service');
    } finally {
      await server.database.db.updateTable('services').set({ name }).where('id', '=', 1).execute();
    }
  });

  it('keep no refusal: an application that appears later is answered', async () => {
    const missing = 1 + Number((await applicationAt(server, bob, 1, 2)).id) + 1000;
    const asked = () => call(server.app, 'GET', `application/${missing}`, { token: bob.token });
    expect((await asked()).status).toBe(404);
    expect((await asked()).status).toBe(404);
    // Someone else's application is never answered from what its owner was answered.
    const { id } = await applicationAt(server, alice, 1, 2);
    await reads(alice, id);
    expect((await call(server.app, 'GET', `application/${id}`, { token: bob.token })).status).toBe(404);
  });
});
