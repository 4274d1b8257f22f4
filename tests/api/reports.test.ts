import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, companyBody, signUp, startServer, type TestServer, type TestUser } from './helpers';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let aliceCompany: number;
let bobCompany: number;
beforeAll(async () => {
  server = await startServer();
  alice = await signUp(server);
  bob = await signUp(server);
  aliceCompany = (
    await call<{ id: number }>(server.app, 'POST', 'companies', { token: alice.token, body: companyBody(alice.id) })
  ).body.data.id;
  bobCompany = (
    await call<{ id: number }>(server.app, 'POST', 'companies', { token: bob.token, body: companyBody(bob.id) })
  ).body.data.id;
});
afterAll(async () => server.close());

describe('recycled quantity reports', () => {
  it('stores an entry with the month normalised to its first day and lists it', async () => {
    const res = await call(server.app, 'POST', 'clients/report/recycled-quantity', {
      token: alice.token,
      body: { company_id: aliceCompany, report_month: '2026-03-17', quantity: '120.5' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ company_id: aliceCompany, report_month: '2026-03-01', quantity: 120.5 });
    await call(server.app, 'POST', 'clients/report/recycled-quantity', {
      token: alice.token,
      body: { company_id: aliceCompany, report_month: '2026-04', quantity: 3 },
    });
    const list = await call<Array<{ report_month: string; company_name: string }>>(
      server.app,
      'GET',
      `clients/report/recycled-quantity/${alice.id}`,
      { token: alice.token },
    );
    expect(list.body.data.map((r) => r.report_month)).toEqual(['2026-04-01', '2026-03-01']);
    expect(list.body.data[0]?.company_name).toBe('Green Packaging Ltd');
  });

  it('refuses another client company and bad values, storing nothing', async () => {
    const foreign = await call(server.app, 'POST', 'clients/report/recycled-quantity', {
      token: alice.token,
      body: { company_id: bobCompany, report_month: '2026-03-01', quantity: 1 },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error).toBe('Invalid fields: company_id');
    const bad = await call(server.app, 'POST', 'clients/report/recycled-quantity', {
      token: alice.token,
      body: { report_month: '03/2026', quantity: -1 },
    });
    expect(bad.body.error).toBe('Invalid fields: company_id, report_month, quantity');
    const list = await call<unknown[]>(server.app, 'GET', `clients/report/recycled-quantity/${bob.id}`, {
      token: bob.token,
    });
    expect(list.body.data).toEqual([]);
    expect(
      (await call(server.app, 'GET', `clients/report/recycled-quantity/${bob.id}`, { token: alice.token })).status,
    ).toBe(403);
  });
});
