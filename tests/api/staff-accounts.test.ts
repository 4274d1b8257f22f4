/**
 * The staff accounts' roles over the staff API (server/routes/staff-accounts.ts): staff admins only,
 * each on the services they administer, the roles judged (a loaded service or *, one of the four
 * roles) and the answers as their schemas declare them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, staffKeyWith, startServer, type TestServer } from './helpers';

describe('staff accounts over the staff API', () => {
  let server: TestServer;
  let plasticsAdmin: string;
  let everyAdmin: string;
  let reviewer: string;

  beforeAll(async () => {
    server = await startServer();
    plasticsAdmin = await staffKeyWith(server, 'plastics.admin', ['plastics:admin']);
    everyAdmin = await staffKeyWith(server, 'chief.admin', ['*:admin']);
    reviewer = await staffKeyWith(server, 'rita', ['plastics:reviewer', 'disposal:viewer']);
  });
  afterAll(async () => server?.close());

  const roles = (key: string | undefined, name: string, body: unknown) =>
    call<{ name: string; roles: Array<{ service: string; role: string }> }>(
      server.app,
      'PUT',
      `staff/accounts/${name}/roles`,
      { body, ...(key ? { token: key } : {}) },
    );

  it('lists the accounts to an admin, with the roles on the services they administer; refuses anyone else', async () => {
    expect((await call(server.app, 'GET', 'staff/accounts')).status).toBe(401);
    const refused = await call(server.app, 'GET', 'staff/accounts', { token: reviewer });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('rita is no staff admin: only an admin manages roles.');
    const listed = await call<Array<{ name: string; roles: unknown[] }>>(server.app, 'GET', 'staff/accounts', {
      token: plasticsAdmin,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.find((account) => account.name === 'rita')?.roles).toEqual([
      { service: 'plastics', role: 'reviewer' },
    ]);
    const all = await call<Array<{ name: string; roles: unknown[] }>>(server.app, 'GET', 'staff/accounts', {
      token: everyAdmin,
    });
    expect(all.body.data.find((account) => account.name === 'rita')?.roles).toHaveLength(2);
    expect(JSON.stringify(all.body.data)).not.toContain('staff_');
  });

  it("sets an account's roles on the services the admin administers, and no other", async () => {
    expect((await roles(undefined, 'rita', [])).status).toBe(401);
    expect((await roles(reviewer, 'rita', [])).status).toBe(403);
    // Withdrawing disposal:viewer touches disposal: a plastics admin may not.
    const beyond = await roles(plasticsAdmin, 'rita', [{ service: 'plastics', role: 'approver' }]);
    expect(beyond.status).toBe(403);
    expect(beyond.body.error).toBe('plastics.admin may not grant or withdraw roles on disposal.');
    const set = await roles(plasticsAdmin, 'rita', [
      { service: 'plastics', role: 'approver' },
      { service: 'disposal', role: 'viewer' },
    ]);
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({
      name: 'rita',
      roles: [
        { service: 'disposal', role: 'viewer' },
        { service: 'plastics', role: 'approver' },
      ],
    });
    const everywhere = await roles(everyAdmin, 'rita', [{ service: '*', role: 'reviewer' }]);
    expect(everywhere.body.data.roles).toEqual([{ service: '*', role: 'reviewer' }]);
    const granted = await server.database.db
      .selectFrom('staff_roles')
      .select('granted_by')
      .where('service', '=', '*')
      .where('role', '=', 'reviewer')
      .executeTakeFirst();
    expect(granted?.granted_by).toBe('staff:chief.admin');
  });

  it('refuses a service that is not loaded, a role that is none, and an account that is not', async () => {
    const wrong = await roles(everyAdmin, 'rita', [
      { service: 'plastic', role: 'reviewer' },
      { service: '*', role: 'boss' },
    ]);
    expect(wrong.status).toBe(422);
    expect(wrong.body.data).toEqual({
      fields: [
        { field: '0.service', message: expect.stringMatching(/^No service 'plastic': name one of plastics, /) },
        { field: '1.role', message: "No role 'boss': name one of viewer, reviewer, approver, admin." },
      ],
    });
    expect((await roles(everyAdmin, 'rita', { service: '*', role: 'viewer' })).status).toBe(422);
    expect((await roles(everyAdmin, 'nobody.here', [])).status).toBe(404);
  });
});
