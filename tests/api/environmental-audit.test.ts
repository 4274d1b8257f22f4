/**
 * The environmental audit (17003) through the API: the sectors of activity (only the active ones are
 * options, the server names the sector itself, so the mining rule cannot be dodged), the locations
 * call saved and read back, the documents the answers ask for, and the long texts' word limit.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach, call, signUp, startServer, type TestServer, type TestUser } from './helpers';

const AUDIT = 17003;
const SAVE = 'applications/requests/environmental-audit';
const LOCATIONS = 'environmental-request/locations';

type Fields = { fields: Array<{ field: string; message: string }> };

/** A complete audit of an individual (no company needed), in a non-mining sector, declaring no earlier audit. */
const individual = {
  ...(JSON.parse(
    readFileSync(
      join(resolve(__dirname, '../../fixtures'), 'environmental-audit/valid/individual-other-sector.json'),
      'utf8',
    ),
  ) as Record<string, unknown>),
  has_environmental_audit_conducted_before: false,
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

async function draft(user: TestUser = alice): Promise<number> {
  const created = await call<{ id: number }>(server.app, 'POST', `client/application/${AUDIT}`, {
    token: user.token,
    body: { client_id: user.id },
  });
  expect(created.status).toBe(201);
  return created.body.data.id;
}

function save(applicationId: number, form: Record<string, unknown>, user: TestUser = alice) {
  return call<Fields & Record<string, unknown>>(server.app, 'POST', SAVE, {
    token: user.token,
    body: { ...form, client_id: user.id, application_id: applicationId, service_id: AUDIT, is_submitted: true },
  });
}

describe('sectors of activity', () => {
  it('are served with whether they are active; an inactive one is not an option', async () => {
    const sectors = await call<Array<{ id: number; name: string; is_active: boolean }>>(
      server.app,
      'GET',
      'sector-of-activity',
    );
    expect(sectors.status).toBe(200);
    expect(sectors.body.data).toContainEqual({
      id: 11,
      name: 'Textile dyeing (no longer registered)',
      is_active: false,
    });
    expect(sectors.body.data.filter((s) => /mining/i.test(s.name)).map((s) => s.is_active)).toEqual([true, true]);

    const id = await draft();
    expect((await attach(server, alice, id, 'Legal document')).statusCode).toBe(201);
    const refused = await save(id, {
      ...individual,
      sector_of_activity_id: 11,
      sector_of_activity_name: 'Manufacturing',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.data.fields).toContainEqual({
      field: 'sector_of_activity_id',
      message: 'Choose a valid option.',
    });
  });

  it('asks for the extraction date of a mining sector whatever name the browser sends', async () => {
    const id = await draft();
    expect((await attach(server, alice, id, 'Legal document')).statusCode).toBe(201);
    const forged = await save(id, {
      ...individual,
      sector_of_activity_id: 2,
      sector_of_activity_name: 'Manufacturing',
    });
    expect(forged.status).toBe(422);
    expect(forged.body.data.fields).toEqual([{ field: 'extraction_date', message: 'Extraction date is required' }]);
    const mining = await save(id, {
      ...individual,
      sector_of_activity_id: 2,
      sector_of_activity_name: 'Manufacturing',
      extraction_date: '2019-05-01',
    });
    expect(mining.status).toBe(200);
    const application = await call<Record<string, Record<string, unknown>>>(server.app, 'GET', `application/${id}`, {
      token: alice.token,
    });
    expect(application.body.data.environmental_audit_request).toMatchObject({
      sector_of_activity_id: 2,
      sector_of_activity_name: 'Mining and quarrying',
      extraction_date: '2019-05-01',
    });
  });
});

describe('the locations call', () => {
  it('saves the project location and answers it to its owner only', async () => {
    const id = await draft();
    const location = { province_id: 3, district_id: 301, sector_id: 30102, cell_id: 3010201, village_id: 301020107 };
    const saved = await call(server.app, 'POST', LOCATIONS, {
      token: alice.token,
      body: { application_id: id, locations: [location] },
    });
    expect(saved.status).toBe(200);
    const read = await call(server.app, 'GET', `${LOCATIONS}/${id}`, { token: alice.token });
    expect(read.body.data).toEqual([location]);
    expect((await call(server.app, 'GET', `${LOCATIONS}/${id}`, { token: bob.token })).status).toBe(404);
    expect(
      (
        await call(server.app, 'POST', LOCATIONS, {
          token: bob.token,
          body: { application_id: id, locations: [location] },
        })
      ).status,
    ).toBe(404);
  });

  it('cannot change the location of a submitted audit, even at once after the submission', async () => {
    const id = await draft();
    const location = { province_id: 3, district_id: 301, sector_id: 30102, cell_id: 3010201, village_id: 301020107 };
    const send = () =>
      call(server.app, 'POST', LOCATIONS, { token: alice.token, body: { application_id: id, locations: [location] } });
    expect((await send()).status).toBe(200);
    expect((await attach(server, alice, id, 'Legal document')).statusCode).toBe(201);
    expect((await save(id, individual)).status).toBe(200);
    const late = await send();
    expect(late.body).toEqual({ code: 409, data: null, error: 'This application can no longer be changed' });
  });

  it("holds one location once submitted: the record's, even when the locations call sent another", async () => {
    const id = await draft();
    const elsewhere = { province_id: 1, district_id: 101, sector_id: 10101, cell_id: 1010101, village_id: 101010101 };
    const sent = await call(server.app, 'POST', LOCATIONS, {
      token: alice.token,
      body: { application_id: id, locations: [elsewhere] },
    });
    expect(sent.status).toBe(200);
    expect((await attach(server, alice, id, 'Legal document')).statusCode).toBe(201);
    expect((await save(id, individual)).status).toBe(200);
    const read = await call(server.app, 'GET', `${LOCATIONS}/${id}`, { token: alice.token });
    const form = individual as Record<string, unknown>;
    expect(read.body.data).toEqual([
      {
        province_id: form.project_province_id,
        district_id: form.project_district_id,
        sector_id: form.project_sector_id,
        cell_id: form.project_cell_id,
        village_id: form.project_village_id,
      },
    ]);
  });

  it('refuses a village outside the chosen cell and a list of another length', async () => {
    const id = await draft();
    const wrongVillage = await call<Fields>(server.app, 'POST', LOCATIONS, {
      token: alice.token,
      body: {
        application_id: id,
        locations: [{ province_id: 3, district_id: 301, sector_id: 30102, cell_id: 3010201, village_id: 101010101 }],
      },
    });
    expect(wrongVillage.status).toBe(422);
    expect(wrongVillage.body.data.fields).toEqual([{ field: 'project_village_id', message: 'Choose a valid option.' }]);
    const two = await call<Fields>(server.app, 'POST', LOCATIONS, {
      token: alice.token,
      body: { application_id: id, locations: [{}, {}] },
    });
    expect(two.status).toBe(422);
    expect(two.body.data.fields).toEqual([{ field: 'locations', message: 'must be a list of 1' }]);
  });
});

describe('documents and texts', () => {
  it('asks for the legal document, then for the reports the answers declare', async () => {
    const id = await draft();
    const noLegal = await save(id, individual);
    expect(noLegal.status).toBe(422);
    expect(noLegal.body.data.fields).toEqual([{ field: 'Legal document', message: 'Legal document is required' }]);
    expect((await attach(server, alice, id, 'Legal document')).statusCode).toBe(201);
    // An earlier EIA, an earlier audit and a RAPEP firm each add their own document.
    const declared = await save(id, {
      ...individual,
      has_eia_conducted_before: true,
      has_environmental_audit_conducted_before: true,
      is_rapep_firm_identified: true,
      developer_name: 'Green Audit Partners Ltd',
      developer_rapep_number: 'RAPEP/2024/017',
      developer_representative: 'Jean Claude Mugisha',
    });
    expect(declared.status).toBe(422);
    expect(declared.body.data.fields).toEqual([
      { field: 'EIA report', message: 'EIA report is required' },
      { field: 'Environmental audit report', message: 'Environmental audit is required' },
      { field: 'RAPEP firm registration certificate', message: 'Please upload the certificate' },
    ]);
    expect((await attach(server, alice, id, 'Environmental audit report')).statusCode).toBe(201);
    expect((await save(id, { ...individual, has_environmental_audit_conducted_before: true })).status).toBe(200);
  });

  it('refuses a text over 300 words with the spec message', async () => {
    const id = await draft();
    expect((await attach(server, alice, id, 'Legal document')).statusCode).toBe(201);
    const long = await save(id, { ...individual, project_aims_objective: Array(301).fill('tree').join(' ') });
    expect(long.status).toBe(422);
    expect(long.body.data.fields).toEqual([
      {
        field: 'project_aims_objective',
        message: 'Word limit exceeded. Please limit your description to 300 words.',
      },
    ]);
  });
});
