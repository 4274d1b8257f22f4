/**
 * The export (4) and import (3) licences through the API: their Basel and Rotterdam forms share the
 * save calls of spec 02 section 7, the application named in a body says whose call it is; the Basel
 * form's waste identification codes and transit rows are saved and read back by calls of their own
 * before the record call submits; the export licence ships a notification template.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveStatus } from '../../server/transitions/execute';
import { loadDefinitionsFrom } from '../../server/definitions';
import { attach, call, companyBody, signUp, startServer, type TestServer, type TestUser } from './helpers';

const EXPORT = 4;
const IMPORT = 3;
const DISPOSAL = 2;
const BASEL = 'clients/applications/application-basel-convention';
const ROTTERDAM = 'clients/applications/application-rotterdam-convention';
const CODES = 'waste-identifications-applicant';
const TRANSIT = 'transit-states';

/** The mandatory documents of each service (fixtures/lookups/service-attachments.json). */
const MANDATORY: Record<number, string[]> = {
  [EXPORT]: ['Material safety data sheet', 'Signed notification document'],
  [IMPORT]: ['Material safety data sheet', 'Proforma invoice'],
  [DISPOSAL]: ['List of products to dispose'],
};

const fixture = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(resolve(__dirname, '../../fixtures'), path), 'utf8')) as Record<string, unknown>;
/** A complete Basel form (fixture of the import licence), without its own company. */
const baselForm = fixture('import-licence/basel/valid/waste-oil-for-incineration.json');
/** A complete Rotterdam form (fixture of the export licence), without its own company. */
const rotterdamForm = fixture('export-licence/rotterdam/valid/paraquat-pesticide.json');

type Fields = { fields: Array<{ field: string; message: string }> };

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let aliceCompany: number;

beforeAll(async () => {
  server = await startServer();
  alice = await signUp(server);
  bob = await signUp(server);
  aliceCompany = (
    await call<{ id: number }>(server.app, 'POST', 'companies', {
      token: alice.token,
      body: companyBody(alice.id, { name: 'Kivu Chemicals Ltd' }),
    })
  ).body.data.id;
});
afterAll(async () => server.close());

/** A draft of the service holding its mandatory documents. */
async function readyDraft(user: TestUser, serviceId: number): Promise<number> {
  const draft = await call<{ id: number }>(server.app, 'POST', `client/application/${serviceId}`, {
    token: user.token,
    body: { client_id: user.id },
  });
  expect(draft.status).toBe(201);
  for (const name of MANDATORY[serviceId] ?? [])
    expect((await attach(server, user, draft.body.data.id, name)).statusCode).toBe(201);
  return draft.body.data.id;
}

/** The record call's body of a form, as the wizard sends it. */
function recordBody(
  form: Record<string, unknown>,
  applicationId: number,
  serviceId: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const { waste_identifications: _codes, transit_states: _transit, ...rest } = form;
  return {
    ...rest,
    company_id: aliceCompany,
    company_name: 'Typed by hand',
    client_id: alice.id,
    is_submitted: true,
    application_id: applicationId,
    service_id: serviceId,
    ...overrides,
  };
}

const post = <T = unknown>(path: string, body: Record<string, unknown>, user: TestUser = alice) =>
  call<T>(server.app, 'POST', path, { token: user.token, body });
const get = <T = unknown>(path: string, user: TestUser = alice) =>
  call<T>(server.app, 'GET', path, { token: user.token });
const detail = async (id: number) => (await get<Record<string, unknown>>(`application/${id}`)).body.data;

/** The Basel pipeline as the wizard runs it: codes, transit rows, then the record call that submits. */
async function submitBasel(applicationId: number, serviceId: number): Promise<void> {
  expect(
    (
      await post(CODES, {
        application_id: applicationId,
        wasteIdentifications: [
          { waste_identification_id: 7, code: ' Y8 ' },
          { waste_identification_id: 9, code: '3' },
        ],
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await post(TRANSIT, {
        application_id: applicationId,
        transit_states: [
          { state_of_dispatch: ' Congo - Kinshasa ', state_of_transit: '', state_of_destination: 'Rwanda ' },
          { state_of_dispatch: '  ', state_of_transit: '', state_of_destination: '  ' },
          {},
        ],
      })
    ).status,
  ).toBe(200);
  const saved = await post(BASEL, recordBody(baselForm, applicationId, serviceId));
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describe('licences with a Basel or a Rotterdam form', () => {
  it('submits a Rotterdam record on an export licence, with the names the server knows', async () => {
    const id = await readyDraft(alice, EXPORT);
    const saved = await post(ROTTERDAM, recordBody(rotterdamForm, id, EXPORT, { measure_name: 'Forged' }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const application = await detail(id);
    expect(application).toMatchObject({ service_id: EXPORT, application_status_id: 2, basel_convention: null });
    expect(application.rotterdam_convention).toMatchObject({
      company_id: aliceCompany,
      company_name: 'Kivu Chemicals Ltd',
      measure_name: 'Litres',
      category: 'pesticide',
      state_of_dispatch: 'Rwanda',
    });
    expect(application.rotterdam_convention).not.toHaveProperty('client_id');
  });

  it('submits a Basel record on either licence at the same path: the application says whose call it is', async () => {
    for (const serviceId of [IMPORT, EXPORT]) {
      const id = await readyDraft(alice, serviceId);
      await submitBasel(id, serviceId);
      const application = await detail(id);
      expect(application).toMatchObject({
        service_id: serviceId,
        application_status_id: 2,
        rotterdam_convention: null,
      });
      expect(application.basel_convention).toMatchObject({
        notification_concern_name: 'Individual shipment',
        basel_purpose_name: 'Disposal (D operations)',
        measure_name: 'Litres',
        discovery_code: 'D10',
      });
      // The rows the record call left out are held by the calls that saved them, not by the record.
      expect(application.basel_convention).not.toHaveProperty('transit_states');
      expect(application.transit_states).toEqual({
        transit_states: [
          { state_of_dispatch: 'Congo - Kinshasa', state_of_transit: '', state_of_destination: 'Rwanda' },
        ],
      });
    }
  });

  it('refuses a service id that is not the application’s, and a Basel save on a disposal application', async () => {
    const id = await readyDraft(alice, IMPORT);
    const wrongService = await post<Fields>(BASEL, recordBody(baselForm, id, EXPORT));
    expect(wrongService.status).toBe(422);
    expect(wrongService.body.data.fields).toContainEqual({ field: 'service_id', message: 'must be 3' });

    const disposal = await readyDraft(alice, DISPOSAL);
    const refused = await post<Fields>(BASEL, recordBody(baselForm, disposal, DISPOSAL));
    expect(refused.status).toBe(422);
    expect(refused.body.data.fields).toEqual([
      { field: 'application_id', message: expect.stringMatching(/^is not an application of service [34] or [34]$/) },
    ]);
    const codes = await post<Fields>(CODES, {
      application_id: disposal,
      wasteIdentifications: [{ waste_identification_id: 1, code: 'A1160' }],
    });
    expect(codes.status).toBe(422);
    expect((await detail(disposal)).application_status_id).toBe(1);
  });

  it('does not submit a Basel record before its waste identification codes are saved', async () => {
    const id = await readyDraft(alice, IMPORT);
    const early = await post<Fields>(BASEL, recordBody(baselForm, id, IMPORT));
    expect(early.status).toBe(422);
    expect(early.body.data.fields).toEqual([{ field: 'waste_identifications', message: 'This field is required' }]);
    expect(await detail(id)).toMatchObject({ application_status_id: 1, basel_convention: null });
  });

  it('lets a returned application be corrected in the form it was submitted with, not in the other', async () => {
    const id = await readyDraft(alice, EXPORT);
    await submitBasel(id, EXPORT);
    await moveStatus(server.database.db, id, { statusId: 7, comment: 'Add the carrier licence number' });
    const other = await post(ROTTERDAM, recordBody(rotterdamForm, id, EXPORT));
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('This application was submitted with another form of the service.');
    expect(await detail(id)).toMatchObject({ application_status_id: 7, rotterdam_convention: null });
    await submitBasel(id, EXPORT);
    expect(await detail(id)).toMatchObject({ application_status_id: 2, resubmitted: true, rotterdam_convention: null });
  });

  it('keeps no Basel parts in an application submitted with the Rotterdam form after a switch', async () => {
    const id = await readyDraft(alice, EXPORT);
    // The applicant began with the Basel form: its codes and transit rows are saved in the draft.
    expect(
      (await post(CODES, { application_id: id, wasteIdentifications: [{ waste_identification_id: 7, code: 'Y8' }] }))
        .status,
    ).toBe(200);
    expect(
      (
        await post(TRANSIT, {
          application_id: id,
          transit_states: [{ state_of_dispatch: 'Rwanda', state_of_destination: 'Kenya' }],
        })
      ).status,
    ).toBe(200);
    // Then chose Rotterdam and submitted it.
    expect((await post(ROTTERDAM, recordBody(rotterdamForm, id, EXPORT))).status).toBe(200);
    const submitted = await detail(id);
    expect(submitted.application_status_id).toBe(2);
    expect(submitted.waste_identifications ?? null).toBeNull();
    expect(submitted.transit_states ?? null).toBeNull();
    expect((await get(`${TRANSIT}/${id}`)).body.data).toEqual([]);
    const kept = await server.database.db
      .selectFrom('application_records')
      .select('record_key')
      .where('application_id', '=', id)
      .execute();
    expect(kept.map((row) => row.record_key)).toEqual(['rotterdam_convention']);
  });

  it('refuses a Rotterdam country outside the fixed list', async () => {
    const id = await readyDraft(alice, IMPORT);
    const res = await post<Fields>(ROTTERDAM, recordBody(rotterdamForm, id, IMPORT, { dna_country: 'Narnia' }));
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toEqual([{ field: 'dna_country', message: 'Choose a valid option.' }]);
  });
});

describe('waste identification codes and transit rows', () => {
  it('are read back trimmed, without blank rows, codes with the name of their kind', async () => {
    const id = await readyDraft(alice, EXPORT);
    // A name sent with a code is the browser's: the server stores its own.
    const codes = await post(CODES, {
      application_id: id,
      wasteIdentifications: [
        { waste_identification_id: 1, code: ' A1160 ', waste_identification: { id: 1, name: 'Forged' } },
        { waste_identification_id: 4, code: '   ' },
      ],
    });
    expect(codes.status).toBe(200);
    const transit = await post(TRANSIT, {
      application_id: id,
      transit_states: [
        { state_of_dispatch: 'Rwanda', state_of_transit: ' Tanzania ', state_of_destination: ' South Africa' },
        { state_of_transit: '   ' },
        {},
      ],
    });
    expect(transit.status).toBe(200);
    // A row begun without its states of dispatch and destination would be dropped: refused instead.
    const begun = await post<Fields>(TRANSIT, {
      application_id: id,
      transit_states: [
        { state_of_dispatch: 'Rwanda', state_of_transit: ' Tanzania ', state_of_destination: ' South Africa' },
        { state_of_dispatch: 'Rwanda', state_of_transit: 'Kenya' },
      ],
    });
    expect(begun.status).toBe(422);
    expect(begun.body.data.fields).toEqual([
      { field: 'transit_states.1.state_of_destination', message: 'Enter the state of destination of this transit row' },
    ]);

    const readCodes = await get(`${CODES}/${id}`);
    expect(readCodes.status).toBe(200);
    expect(readCodes.body.data).toEqual([
      {
        waste_identification_id: 1,
        code: 'A1160',
        waste_identification: { id: 1, name: 'Basel Annex VIII (or IX if applicable)' },
      },
    ]);
    const readTransit = await get(`${TRANSIT}/${id}`);
    expect(readTransit.body.data).toEqual([
      { state_of_dispatch: 'Rwanda', state_of_transit: 'Tanzania', state_of_destination: 'South Africa' },
    ]);
    // The application holds the same rows under the calls' names, the names stored with them.
    const application = await detail(id);
    expect(application.waste_identifications).toEqual({ waste_identifications: readCodes.body.data });
  });

  it('cannot change once the application is submitted, as its record cannot', async () => {
    const id = await readyDraft(alice, IMPORT);
    await submitBasel(id, IMPORT);
    const transit = await post(TRANSIT, { application_id: id, transit_states: [] });
    expect(transit.status).toBe(409);
    expect(transit.body.error).toBe('This application can no longer be changed');
    const codes = await post(CODES, {
      application_id: id,
      wasteIdentifications: [{ waste_identification_id: 1, code: 'A1010' }],
    });
    expect(codes.status).toBe(409);
    expect((await get(`${TRANSIT}/${id}`)).body.data).toHaveLength(1);
    expect((await get(`${CODES}/${id}`)).body.data).toHaveLength(2);
  });

  it('answer an empty list for an application without rows, and 404 for others', async () => {
    const mine = await readyDraft(alice, IMPORT);
    expect((await get(`${TRANSIT}/${mine}`)).body).toMatchObject({ code: 200, data: [] });
    expect((await get(`${CODES}/${mine}`)).body.data).toEqual([]);
    expect((await get(`${TRANSIT}/${mine}`, bob)).status).toBe(404);
    expect((await get(`${CODES}/${mine}`, bob)).status).toBe(404);
    expect((await get(`${TRANSIT}/999999`)).status).toBe(404);
    expect((await get(`${TRANSIT}/not-an-id`)).status).toBe(404);
    const disposal = await readyDraft(alice, DISPOSAL);
    expect((await get(`${TRANSIT}/${disposal}`)).status).toBe(404);
    // Nor may another client save rows on it.
    expect((await post(TRANSIT, { application_id: mine, transit_states: [] }, bob)).status).toBe(404);
  });

  it('refuses eleven transit rows and an unknown kind of waste identification, storing nothing', async () => {
    const id = await readyDraft(alice, EXPORT);
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      state_of_dispatch: 'Rwanda',
      state_of_transit: `Transit ${i + 1}`,
      state_of_destination: 'Belgium',
    }));
    const tooMany = await post<Fields>(TRANSIT, { application_id: id, transit_states: eleven });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.data.fields).toEqual([{ field: 'transit_states', message: 'Enter at most 10 transit states' }]);
    // Ten rows are the most, and accepted.
    expect((await post(TRANSIT, { application_id: id, transit_states: eleven.slice(0, 10) })).status).toBe(200);

    const unknown = await post<Fields>(CODES, {
      application_id: id,
      wasteIdentifications: [
        { waste_identification_id: 1, code: 'A1160' },
        { waste_identification_id: 999, code: 'X' },
      ],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.fields).toEqual([{ field: 'waste_identifications', message: 'Choose a valid option.' }]);
    const none = await post<Fields>(CODES, {
      application_id: id,
      wasteIdentifications: [{ waste_identification_id: 2, code: ' ' }],
    });
    expect(none.status).toBe(422);
    expect(none.body.data.fields).toEqual([
      { field: 'waste_identifications', message: 'Please enter at least one waste identification code' },
    ]);
    expect((await get(`${CODES}/${id}`)).body.data).toEqual([]);
    expect((await get(`${TRANSIT}/${id}`)).body.data).toHaveLength(10);
  });
});

describe('a document asked for by a part of the form its own call saved', () => {
  // A Basel form whose transit permit is asked for once transit rows are given: the rows are saved by
  // their own call, not by the record, and the record call still finds the document missing.
  const loaded = loadDefinitionsFrom();
  const basel = loaded.definitions
    .find((definition) => definition.id === EXPORT)
    ?.variants?.options.find((option) => option.variant?.key === 'basel');
  if (!basel) throw new Error('no Basel form of the export licence');
  basel.documents = {
    ...basel.documents,
    extra: [
      ...(basel.documents.extra ?? []),
      {
        name: 'Transit permit',
        required: true,
        when: { required: ['transit_states'], properties: { transit_states: { minItems: 1 } } },
      },
    ],
  };
  let own: TestServer;
  beforeAll(async () => {
    own = await startServer({}, { definitions: loaded.definitions });
  });
  afterAll(async () => own.close());

  it('is required before the record call submits', async () => {
    const carol = await signUp(own);
    const send = <T = unknown>(path: string, body: Record<string, unknown>) =>
      call<T>(own.app, 'POST', path, { token: carol.token, body });
    const company = (await send<{ id: number }>('companies', companyBody(carol.id))).body.data.id;
    const id = (await send<{ id: number }>(`client/application/${EXPORT}`, { client_id: carol.id })).body.data.id;
    for (const name of MANDATORY[EXPORT] ?? []) expect((await attach(own, carol, id, name)).statusCode).toBe(201);
    const codes = [{ waste_identification_id: 7, code: 'Y8' }];
    expect((await send(CODES, { application_id: id, wasteIdentifications: codes })).status).toBe(200);
    const rows = [{ state_of_dispatch: 'Uganda', state_of_transit: 'Kenya', state_of_destination: 'Rwanda' }];
    expect((await send(TRANSIT, { application_id: id, transit_states: rows })).status).toBe(200);
    const record = recordBody(baselForm, id, EXPORT, { company_id: company, client_id: carol.id });
    const refused = await send<Fields>(BASEL, record);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('Please upload all required documents.');
    expect(refused.body.data.fields).toEqual([{ field: 'Transit permit', message: 'This field is required' }]);
    expect((await attach(own, carol, id, 'Transit permit')).statusCode).toBe(201);
    expect((await send(BASEL, record)).status).toBe(200);
  });
});

describe('the export licence’s notification template', () => {
  const FILE = 'signed-notification-template.pdf';

  it('is served to anyone as a PDF', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/service/templates/${EXPORT}/${FILE}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(FILE);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.equals(readFileSync(resolve(__dirname, '../../services/export-licence/files', FILE)))).toBe(
      true,
    );
  });

  it('answers 404 for a file the service does not declare, another service, and paths out of the folder', async () => {
    for (const url of [
      `/api/service/templates/${IMPORT}/${FILE}`,
      `/api/service/templates/${EXPORT}/other.pdf`,
      `/api/service/templates/${EXPORT}/service.json`,
      `/api/service/templates/${EXPORT}/..%2Fservice.json`,
      `/api/service/templates/${EXPORT}/..%2F..%2F..%2Fpackage.json`,
      `/api/service/templates/${EXPORT}/%2E%2E%2Fi18n%2Fde.json`,
      `/api/service/templates/999/${FILE}`,
    ]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('the licences’ reference lists', () => {
  it.each([
    ['notification-concernings', 'Individual shipment'],
    ['basel-purposes', 'Recovery (R operations)'],
    ['waste-identifications', 'Y-code (Basel Annex I)'],
    ['quantity-measures', 'Tonnes'],
  ])('GET %s answers its items with id and name, without signing in', async (path, name) => {
    const res = await call<Array<{ id: number; name: string }>>(server.app, 'GET', path);
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ id: expect.any(Number), name });
    for (const item of res.body.data) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
  });
});
