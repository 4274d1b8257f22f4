import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth } from '../../engine/core';
import { applicationAt, call, companyBody, signUp, startServer, type TestServer, type TestUser } from './helpers';

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
  // Reports are open to clients with a submitted plastics authorisation (the plastics service's unlocks).
  await applicationAt(server, alice, 1, 2);
  await applicationAt(server, bob, 1, 2);
});

const report = (user: TestUser, body: Record<string, unknown>) =>
  call<Record<string, unknown>>(server.app, 'POST', 'clients/report/recycled-quantity', { token: user.token, body });
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
  it('asks for a quantity above 0 and a month as YYYY-MM or YYYY-MM-DD from 2000 on', async () => {
    const post = (body: Record<string, unknown>) =>
      call<{ fields: Array<{ field: string; message: string }> }>(
        server.app,
        'POST',
        'clients/report/recycled-quantity',
        {
          token: alice.token,
          body: { company_id: aliceCompany, report_month: '2026-05-01', quantity: 1, ...body },
        },
      );
    const zero = await post({ quantity: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.data.fields).toEqual([
      { field: 'quantity', message: 'Enter a quantity in kilograms greater than 0.' },
    ]);
    for (const report_month of ['2026-05-01junk', '2026-13', '2026-00', '2026-05-32', '26-05', '0000-01', '1999-12']) {
      expect((await post({ report_month })).body.error).toBe('Invalid fields: report_month');
    }
    expect((await post({ quantity: '0.25' })).status).toBe(201);
  });

  it('tells a month out of range the range, in the caller language, as the portal does', async () => {
    const latest = currentMonth();
    const answer = await call<{ fields: Array<{ field: string; message: string }> }>(
      server.app,
      'POST',
      'clients/report/recycled-quantity',
      { token: alice.token, body: { company_id: aliceCompany, report_month: '1850-01', quantity: 1 } },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.data.fields).toEqual([
      { field: 'report_month', message: `Enter a month from 2000-01 to ${latest}.` },
    ]);
    const german = await call<{ fields: Array<{ field: string; message: string }> }>(
      server.app,
      'POST',
      'clients/report/recycled-quantity',
      {
        token: alice.token,
        headers: { 'accept-language': 'de' },
        body: { company_id: aliceCompany, report_month: '1850-01', quantity: 1 },
      },
    );
    expect(german.body.data.fields).toEqual([
      { field: 'report_month', message: `Geben Sie einen Monat von 2000-01 bis ${latest} ein.` },
    ]);
  });

  it('lists only the caller entries with the company name', async () => {
    await call(server.app, 'POST', 'clients/report/recycled-quantity', {
      token: bob.token,
      body: { company_id: bobCompany, report_month: '2026-01', quantity: 7 },
    });
    const list = await call<Array<Record<string, unknown>>>(
      server.app,
      'GET',
      `clients/report/recycled-quantity/${bob.id}`,
      { token: bob.token },
    );
    expect(list.body.data).toEqual([
      expect.objectContaining({
        company_id: bobCompany,
        company_name: 'Green Packaging Ltd',
        report_month: '2026-01-01',
        quantity: 7,
      }),
    ]);
    expect(Object.keys(list.body.data[0] ?? {}).sort()).toEqual(
      ['company_id', 'company_name', 'created_at', 'id', 'quantity', 'report_month'].sort(),
    );
    expect((await call(server.app, 'GET', `clients/report/recycled-quantity/${bob.id}`)).status).toBe(401);
  });

  it('is refused to a client without a submitted plastics authorisation, as the portal hides it', async () => {
    const carol = await signUp(server);
    const company = (
      await call<{ id: number }>(server.app, 'POST', 'companies', { token: carol.token, body: companyBody(carol.id) })
    ).body.data.id;
    await applicationAt(server, carol, 1, 1); // a draft does not count
    const refused = await report(carol, { company_id: company, report_month: '2026-01', quantity: 5 });
    expect(refused.body).toEqual({
      code: 403,
      data: null,
      error:
        'Recycled quantities can be reported once you have submitted an application for "Authorization to use Plastics".',
    });
    await applicationAt(server, carol, 1, 2);
    expect((await report(carol, { company_id: company, report_month: '2026-01', quantity: 5 })).status).toBe(201);
  });

  it('refuses a month in the future; the current month is fine', async () => {
    const now = new Date();
    const month = (offset: number) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
      return d.toISOString().slice(0, 7);
    };
    const future = await report(alice, { company_id: aliceCompany, report_month: month(1), quantity: 1 });
    expect(future.status).toBe(422);
    expect(future.body.data).toEqual({
      fields: [{ field: 'report_month', message: 'The month cannot be in the future.' }],
    });
    expect((await report(alice, { company_id: aliceCompany, report_month: month(0), quantity: 1 })).status).toBe(201);
  });

  it('keeps one report per company and month: a second one corrects the quantity', async () => {
    const first = await report(alice, { company_id: aliceCompany, report_month: '2025-11', quantity: 120 });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ report_month: '2025-11-01', quantity: 120, updated: false });
    const second = await report(alice, { company_id: aliceCompany, report_month: '2025-11-20', quantity: 210 });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ id: first.body.data.id, quantity: 210, updated: true });
    const both = await Promise.all(
      [1, 2, 3, 4, 5].map((q) => report(alice, { company_id: aliceCompany, report_month: '2025-10', quantity: q })),
    );
    expect(both.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    const rows = await server.database.db
      .selectFrom('recycled_reports')
      .select(['report_month', 'quantity'])
      .where('company_id', '=', aliceCompany)
      .where('report_month', 'in', ['2025-11-01', '2025-10-01'])
      .orderBy('report_month')
      .execute();
    expect(rows.map((r) => r.report_month)).toEqual(['2025-10-01', '2025-11-01']);
    expect(Number(rows[1]?.quantity)).toBe(210);
  });
});
