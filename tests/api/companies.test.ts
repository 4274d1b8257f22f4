import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, companyBody, signUp, startServer, type TestServer, type TestUser } from './helpers';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  server = await startServer();
  alice = await signUp(server);
  bob = await signUp(server);
});
afterAll(async () => server.close());

type Company = Record<string, unknown> & { id: number };

describe('companies', () => {
  it('creates a company for the caller and lists it', async () => {
    const res = await call<Company>(server.app, 'POST', 'companies', {
      token: alice.token,
      body: companyBody(alice.id, { avgMonthlyPlasticQuantity: '12.5' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Green Packaging Ltd',
      client_id: alice.id,
      average_monthly_plastic_quantity: 12.5,
      district_id: 201,
    });
    const list = await call<Company[]>(server.app, 'GET', `companies/${alice.id}`, { token: alice.token });
    expect(list.body.data.map((c) => c.id)).toEqual([res.body.data.id]);
  });

  it('refuses invalid fields with 422 naming them and stores nothing', async () => {
    const before = await call<Company[]>(server.app, 'GET', `companies/${alice.id}`, { token: alice.token });
    const res = await call<{ fields: Array<{ field: string; message: string }> }>(server.app, 'POST', 'companies', {
      token: alice.token,
      body: companyBody(alice.id, {
        name: '',
        telephone: '07881',
        email: 'nope',
        contact_person_phone: 'abc',
        avgMonthlyPlasticQuantity: 'many',
        company_category_id: 999,
      }),
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe(
      'Invalid fields: name, telephone, email, avgMonthlyPlasticQuantity, contact_person_phone',
    );
    expect(res.body.data.fields).toContainEqual({ field: 'telephone', message: 'Enter a 10 digit phone number.' });
    const after = await call<Company[]>(server.app, 'GET', `companies/${alice.id}`, { token: alice.token });
    expect(after.body.data).toHaveLength(before.body.data.length);
  });

  it('requires every field of the spec', async () => {
    const res = await call(server.app, 'POST', 'companies', { token: alice.token, body: { client_id: alice.id } });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe(
      'Invalid fields: name, company_category_id, type_registration, tin, telephone, email, activities, address, contact_person_job_title, contact_person_phone, contact_person_email',
    );
  });

  it('refuses an unknown category', async () => {
    const res = await call(server.app, 'POST', 'companies', {
      token: alice.token,
      body: companyBody(alice.id, { company_category_id: 999 }),
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('Invalid fields: company_category_id');
  });

  it('refuses another client id with 403 and another client company with 404', async () => {
    expect(
      (await call(server.app, 'POST', 'companies', { token: alice.token, body: companyBody(bob.id) })).status,
    ).toBe(403);
    expect((await call(server.app, 'GET', `companies/${bob.id}`, { token: alice.token })).body.error).toBe('Forbidden');
    const bobs = await call<Company>(server.app, 'POST', 'companies', { token: bob.token, body: companyBody(bob.id) });
    const hijack = await call(server.app, 'PUT', `companies/${bobs.body.data.id}`, {
      token: alice.token,
      body: companyBody(alice.id, { name: 'Mine now' }),
    });
    expect(hijack.status).toBe(404);
  });

  it('updates the caller company', async () => {
    const created = await call<Company>(server.app, 'POST', 'companies', {
      token: alice.token,
      body: companyBody(alice.id),
    });
    const res = await call<Company>(server.app, 'PUT', `companies/${created.body.data.id}`, {
      token: alice.token,
      body: companyBody(alice.id, { name: 'Blue Packaging Ltd', avgMonthlyPlasticQuantity: 40 }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: created.body.data.id,
      name: 'Blue Packaging Ltd',
      avgMonthlyPlasticQuantity: 40,
    });
  });
  it('refuses a location that is not one branch of the tree', async () => {
    const fields = async (overrides: Record<string, unknown>) => {
      const res = await call<{ fields: Array<{ field: string; message: string }> }>(server.app, 'POST', 'companies', {
        token: alice.token,
        body: companyBody(alice.id, overrides),
      });
      expect(res.status).toBe(422);
      return res.body.data.fields;
    };
    // District 101 belongs to province 1, not to province 2.
    expect(await fields({ province_id: 2, district_id: 101 })).toEqual([
      { field: 'district_id', message: 'Not in the chosen province.' },
    ]);
    expect(await fields({ province_id: null, district_id: 201 })).toEqual([
      { field: 'district_id', message: 'Choose the province first.' },
    ]);
    expect(await fields({ district_id: 201, sector_id: 999999 })).toEqual([
      { field: 'sector_id', message: 'Choose a valid option.' },
    ]);
    expect(await fields({ district_id: 201, sector_id: null, cell_id: 20101 })).toEqual([
      { field: 'cell_id', message: 'Choose the sector first.' },
    ]);
  });

  it('stores a full location chosen level by level', async () => {
    const sector = await call<Array<{ id: number }>>(server.app, 'GET', 'sectors/201', { token: alice.token });
    const sectorId = sector.body.data[0]!.id;
    const cell = await call<Array<{ id: number }>>(server.app, 'GET', `cells/${sectorId}`, { token: alice.token });
    const cellId = cell.body.data[0]!.id;
    const res = await call<Company>(server.app, 'POST', 'companies', {
      token: alice.token,
      body: companyBody(alice.id, { sector_id: sectorId, cell_id: cellId }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ province_id: 2, district_id: 201, sector_id: sectorId, cell_id: cellId });
  });

  it('refuses an update that names another client and leaves the company unchanged', async () => {
    const created = await call<Company>(server.app, 'POST', 'companies', {
      token: alice.token,
      body: companyBody(alice.id, { name: 'Kept Ltd' }),
    });
    const res = await call(server.app, 'PUT', `companies/${created.body.data.id}`, {
      token: alice.token,
      body: companyBody(bob.id, { name: 'Moved Ltd' }),
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Forbidden');
    const list = await call<Company[]>(server.app, 'GET', `companies/${alice.id}`, { token: alice.token });
    expect(list.body.data.find((c) => c.id === created.body.data.id)?.name).toBe('Kept Ltd');
    expect(list.body.data.some((c) => c.name === 'Moved Ltd')).toBe(false);
  });

  it('validates an update like a creation', async () => {
    const created = await call<Company>(server.app, 'POST', 'companies', {
      token: alice.token,
      body: companyBody(alice.id),
    });
    const res = await call(server.app, 'PUT', `companies/${created.body.data.id}`, {
      token: alice.token,
      body: companyBody(alice.id, { contact_person_email: 'not-an-email', telephone: '078812345678' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('Invalid fields: telephone, contact_person_email');
  });

  it('keeps one company per TIN across all clients, whatever its spacing', async () => {
    const first = await call<Company>(server.app, 'POST', 'companies', {
      token: alice.token,
      body: companyBody(alice.id, { tin: ' 120 450 789 ' }),
    });
    expect(first.status).toBe(201);
    expect(first.body.data.tin).toBe('120450789');
    const taken = await call(server.app, 'POST', 'companies', {
      token: bob.token,
      body: companyBody(bob.id, { tin: '120450789' }),
    });
    expect(taken.body).toEqual({ code: 409, data: null, error: 'A company with this TIN is already registered.' });
    const bobs = await call<Company>(server.app, 'POST', 'companies', { token: bob.token, body: companyBody(bob.id) });
    const moved = await call(server.app, 'PUT', `companies/${bobs.body.data.id}`, {
      token: bob.token,
      body: companyBody(bob.id, { tin: '120 450 789' }),
    });
    expect(moved.status).toBe(409);
    // A company keeps its own TIN on update.
    const same = await call(server.app, 'PUT', `companies/${first.body.data.id}`, {
      token: alice.token,
      body: companyBody(alice.id, { tin: '120450789', name: 'Renamed Ltd' }),
    });
    expect(same.status).toBe(200);
  });

  it('sees the same TIN in another case, in full-width digits or with invisible characters', async () => {
    const first = await call<Company>(server.app, 'POST', 'companies', {
      token: alice.token,
      body: companyBody(alice.id, { tin: 'ab 12 cd 34' }),
    });
    expect(first.status).toBe(201);
    expect(first.body.data.tin).toBe('AB12CD34');
    for (const tin of ['AB12CD34', 'ab12cd34', '\u00a0AB12\u3000CD34', 'AB\u200b12CD\u00ad34', 'ＡＢ１２ＣＤ３４']) {
      const copy = await call(server.app, 'POST', 'companies', {
        token: bob.token,
        body: companyBody(bob.id, { tin }),
      });
      expect(copy.body, tin).toEqual({
        code: 409,
        data: null,
        error: 'A company with this TIN is already registered.',
      });
    }
    // Invisible characters alone are no TIN.
    const blank = await call(server.app, 'POST', 'companies', {
      token: bob.token,
      body: companyBody(bob.id, { tin: '\u200b\u200d' }),
    });
    expect(blank.status).toBe(422);
    expect(blank.body.error).toBe('Invalid fields: tin');
  });

  it('registers a TIN once when ten requests race for it, answering 409 to the others', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(server.app, 'POST', 'companies', {
          token: i % 2 === 0 ? alice.token : bob.token,
          body: companyBody(i % 2 === 0 ? alice.id : bob.id, { tin: '999888777' }),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
  });
});
