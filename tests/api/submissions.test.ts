import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_QUESTION, STATUS } from '../../engine/core';
import { moveStatus } from '../../server/transitions/execute';
import {
  attach,
  call,
  companyBody,
  PLASTICS_MANDATORY as MANDATORY,
  signUp,
  startServer,
  type TestServer,
  type TestUser,
} from './helpers';

const PATH = 'clients/applications/plastic-bags-authorization';

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
    await call<{ id: number }>(server.app, 'POST', 'companies', {
      token: alice.token,
      body: companyBody(alice.id, { name: 'Alice Bags Ltd', tin: '111222333' }),
    })
  ).body.data.id;
  bobCompany = (
    await call<{ id: number }>(server.app, 'POST', 'companies', { token: bob.token, body: companyBody(bob.id) })
  ).body.data.id;
});
afterAll(async () => server.close());

const draft = async (user: TestUser) =>
  (
    await call<{ id: number }>(server.app, 'POST', 'client/application/1', {
      token: user.token,
      body: { client_id: user.id },
    })
  ).body.data.id;

/** A draft holding its mandatory document, ready to be submitted. */
const readyDraft = async (user: TestUser) => {
  const id = await draft(user);
  expect((await attach(server, user, id, MANDATORY)).statusCode).toBe(201);
  return id;
};

/** A company application as the wizard sends it, with lying name fields the server must replace. */
function body(user: TestUser, applicationId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    is_company: true,
    company_id: aliceCompany,
    company_name: 'Typed by hand',
    company_representative: 'Jane Uwase',
    plastic_type_id: 1,
    plastic_type_name: 'Forged name',
    import_purchase: 'import',
    origin: 'Kenya',
    quantity_measure_id: 1,
    measure_name: 'Tonnes',
    quantity: 1200,
    consumption_area_id: 1,
    consumption_area_name: 'Whatever',
    items: [1, 2],
    item_names: ['Forged item'],
    plastics_finished_usage: 'Local Sale',
    description: 'Carry bags for our supermarket branches.',
    client_id: user.id,
    application_id: applicationId,
    service_id: 1,
    is_submitted: true,
    import: false,
    purchase: true,
    import_single: false,
    purchase_single: false,
    ...overrides,
  };
}

type Detail = Record<string, unknown> & {
  auth_plastic_bags: Record<string, unknown> | null;
  application_status_id: number;
  resubmitted: boolean;
};

const detail = async (user: TestUser, id: number) =>
  (await call<Detail>(server.app, 'GET', `application/${id}`, { token: user.token })).body.data;

describe('plastics submission (registered from the definition)', () => {
  it('stores the record with server-computed names, fills company fields, submits', async () => {
    const id = await readyDraft(alice);
    const res = await call(server.app, 'POST', PATH, { token: alice.token, body: body(alice, id) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, application_status_id: 2 });
    const saved = await detail(alice, id);
    expect(saved.application_status_id).toBe(2);
    expect(saved.submitted_at).toEqual(expect.any(String));
    expect(saved.auth_plastic_bags).toMatchObject({
      plastic_type_name: 'Plastic carry bags',
      measure_name: 'Kilograms',
      consumption_area_name: 'Food Packaging',
      item_names: ['Bread', 'Milk and dairy products'],
      company_name: 'Alice Bags Ltd',
      tin: '111222333',
      contact_telephone: '0788123456',
      import: true,
      purchase: false,
    });
    expect(saved.auth_plastic_bags).not.toHaveProperty('client_id');
    expect(saved.application_flow_histories).toEqual([
      { application_status_id: 2, comment_to_applicant: null, created_at: expect.any(String), actor: 'applicant' },
    ]);
    const check = await call(server.app, 'GET', `application/check-plastic-bags-authorization/${alice.id}`, {
      token: alice.token,
    });
    expect(check.body.data).toEqual({ has_submitted_auth_plastic_bag: true });
  });

  it("checks the request's shape by the route schema derived from the definition, in the contract's answer", async () => {
    const notObject = await server.app.inject({
      method: 'POST',
      url: `/api/${PATH}`,
      payload: '[1, 2]',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}` },
    });
    expect(notObject.statusCode).toBe(422);
    expect(notObject.json()).toMatchObject({
      code: 422,
      data: { fields: [{ field: 'body', message: 'Send a JSON object.' }] },
    });
    // A read-back route's placeholder is a path parameter of its schema; an unknown application is 404.
    const read = await call(server.app, 'GET', 'transit-states/999999', { token: alice.token });
    expect(read.status).toBe(404);
  });

  it('refuses invalid form data with 422 naming the fields, storing nothing', async () => {
    const id = await draft(alice);
    const res = await call<{ fields: Array<{ field: string; message: string }> }>(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id, {
        is_company: false,
        company_id: undefined,
        tin: '123',
        description: undefined,
        quantity: 'lots',
      }),
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/^Invalid fields: /);
    const fields = res.body.data.fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['tin', 'description', 'quantity']));
    expect(res.body.data.fields).toContainEqual({ field: 'tin', message: 'Your ID number must be 16 digits!' });
    const after = await detail(alice, id);
    expect(after.application_status_id).toBe(1);
    expect(after.auth_plastic_bags).toBeNull();
  });

  it('judges rules on the names it computes, not the ones sent (Pieces needs a piece weight)', async () => {
    const id = await draft(alice);
    const res = await call(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id, { quantity_measure_id: 3, measure_name: 'Kilograms' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('Invalid fields: piece_weight');
  });

  it('refuses unknown and excluded lookup ids naming the field', async () => {
    const id = await draft(alice);
    const unknown = await call(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id, { plastic_type_id: 999 }),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toBe('Invalid fields: plastic_type_id');
    // 'Meet Supplying' is excluded from the area list by the definition.
    const areas = (await call<Array<{ id: number; name: string }>>(server.app, 'GET', 'plastics/consumption-areas'))
      .body.data;
    const meet = areas.find((a) => a.name === 'Meet Supplying');
    const excluded = await call(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id, { consumption_area_id: meet?.id, items: [] }),
    });
    expect(excluded.body.error).toMatch(/consumption_area_id/);
    const wrongItem = await call(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id, { items: [5] }),
    });
    expect(wrongItem.body.error).toBe('Invalid fields: items');
  });

  it("accepts the reference data's own area Other with its name and requires the other area", async () => {
    const id = await readyDraft(alice);
    const res = await call(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id, { consumption_area_id: 8, items: undefined, names: ['Lids'] }),
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('Invalid fields: other_consumption_area');
    const okRes = await call(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id, {
        consumption_area_id: 8,
        items: undefined,
        names: ['Lids'],
        other_consumption_area: 'Events',
      }),
    });
    expect(okRes.status).toBe(200);
    expect((await detail(alice, id)).auth_plastic_bags).toMatchObject({
      consumption_area_id: 8,
      consumption_area_name: 'Other',
      other_consumption_area: 'Events',
    });
  });

  it("refuses another client's company, client id, application and a wrong service id", async () => {
    const id = await draft(alice);
    const company = await call(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id, { company_id: bobCompany }),
    });
    expect(company.body.error).toBe('Invalid fields: company_id');
    const client = await call(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id, { client_id: bob.id }),
    });
    expect(client.body).toEqual({ code: 403, data: null, error: 'Forbidden' });
    const bobsDraft = await draft(bob);
    const foreign = await call(server.app, 'POST', PATH, { token: alice.token, body: body(alice, bobsDraft) });
    expect(foreign.status).toBe(404);
    const service = await call(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id, { service_id: 2 }),
    });
    expect(service.body.error).toBe('Invalid fields: service_id');
    const notSubmitted = await call(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id, { is_submitted: false }),
    });
    expect(notSubmitted.body.error).toBe('Invalid fields: is_submitted');
    expect((await call(server.app, 'POST', PATH, { body: body(alice, id) })).status).toBe(401);
    expect((await detail(alice, id)).application_status_id).toBe(1);
  });

  it('refuses changes once submitted, and resubmits a returned application', async () => {
    const id = await readyDraft(alice);
    expect((await call(server.app, 'POST', PATH, { token: alice.token, body: body(alice, id) })).status).toBe(200);
    const again = await call(server.app, 'POST', PATH, { token: alice.token, body: body(alice, id, { quantity: 5 }) });
    expect(again.body).toEqual({ code: 409, data: null, error: 'This application can no longer be changed' });
    await moveStatus(server.database.db, id, { statusId: 7, comment: 'Quantity too high' });
    const resubmit = await call(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id, { quantity: 5 }),
    });
    expect(resubmit.status).toBe(200);
    const after = await detail(alice, id);
    expect(after).toMatchObject({ application_status_id: 2, resubmitted: true, auth_plastic_bags: { quantity: 5 } });
    const list = await call<{ items: Array<{ id: number; resubmitted: boolean }> }>(
      server.app,
      'GET',
      `clients/applications/${alice.id}`,
      { token: alice.token },
    );
    expect(list.body.data.items.find((i) => i.id === id)?.resubmitted).toBe(true);
  });

  it('submits only when every mandatory document is attached', async () => {
    const id = await draft(alice);
    const early = await call<{ fields: unknown[] }>(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id),
    });
    expect(early.status).toBe(422);
    expect(early.body.error).toBe('Please upload all required documents.');
    expect(early.body.data.fields).toEqual([{ field: MANDATORY, message: 'This field is required' }]);
    expect((await detail(alice, id)).application_status_id).toBe(1);
    expect((await detail(alice, id)).auth_plastic_bags).toBeNull();
    // An optional document does not count for the mandatory one.
    expect((await attach(server, alice, id, 'Product sample picture')).statusCode).toBe(201);
    expect((await call(server.app, 'POST', PATH, { token: alice.token, body: body(alice, id) })).status).toBe(422);
    expect((await attach(server, alice, id, MANDATORY)).statusCode).toBe(201);
    expect((await call(server.app, 'POST', PATH, { token: alice.token, body: body(alice, id) })).status).toBe(200);
    // Once submitted, nothing more can be attached.
    const late = await attach(server, alice, id, 'Product sample picture');
    expect(late.statusCode).toBe(409);
  });

  it('asks an individual for no company registration certificate (mandatoryWhen of the definition)', async () => {
    const id = await draft(alice);
    const individual = {
      is_company: false,
      company_id: undefined,
      company_name: 'Alice Uwase',
      contact_telephone: '0781234567',
      tin: '1199080012345678',
    };
    const submitted = await call(server.app, 'POST', PATH, { token: alice.token, body: body(alice, id, individual) });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    // A company still needs it.
    const company = await draft(alice);
    const refused = await call<{ fields: unknown[] }>(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, company),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.data.fields).toEqual([{ field: MANDATORY, message: 'This field is required' }]);
  });

  it('checks the documents again when a returned application is submitted again', async () => {
    const id = await readyDraft(alice);
    expect((await call(server.app, 'POST', PATH, { token: alice.token, body: body(alice, id) })).status).toBe(200);
    await moveStatus(server.database.db, id, { statusId: 7, comment: 'Add the import permit' });
    // The authority asks for one more document meanwhile: the resubmission needs it too.
    const added = await server.database.db
      .insertInto('service_attachments')
      .values({ service_id: 1, name: 'Import permit', description: 'The permit', info: null, is_mandatory: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const refused = await call<{ fields: unknown[] }>(server.app, 'POST', PATH, {
        token: alice.token,
        body: body(alice, id, { quantity: 5 }),
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe('Please upload all required documents.');
      expect(refused.body.data.fields).toEqual([{ field: 'Import permit', message: 'This field is required' }]);
      expect(await detail(alice, id)).toMatchObject({
        application_status_id: 7,
        auth_plastic_bags: { quantity: 1200 },
      });
      expect((await attach(server, alice, id, 'Import permit')).statusCode).toBe(201);
      const resubmitted = await call(server.app, 'POST', PATH, {
        token: alice.token,
        body: body(alice, id, { quantity: 5 }),
      });
      expect(resubmitted.status).toBe(200);
    } finally {
      await server.database.db.deleteFrom('service_attachments').where('id', '=', added.id).execute();
    }
  });

  it('makes exactly one submission and one history entry of twenty concurrent submits', async () => {
    const id = await readyDraft(alice);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(server.app, 'POST', PATH, { token: alice.token, body: body(alice, id) })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toEqual({ code: 409, data: null, error: 'This application can no longer be changed' });
    }
    const histories = await server.database.db
      .selectFrom('flow_histories')
      .select('status_id')
      .where('application_id', '=', id)
      // The history's rows: the trail's other events (the draft made, its file, its records) are not.
      .where('kind', '=', 'status')
      .execute();
    expect(histories).toEqual([{ status_id: 2 }]);
  });

  it('refuses an answer to no question of the form instead of dropping it', async () => {
    const id = await readyDraft(alice);
    const res = await call(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id, { invented: 'x'.repeat(1000), nested: { deep: true } }),
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toMatchObject({
      fields: expect.arrayContaining([
        { field: 'invented', message: NOT_A_QUESTION },
        { field: 'nested', message: NOT_A_QUESTION },
      ]),
    });
    const application = await detail(alice, id);
    expect(application.auth_plastic_bags ?? null).toBeNull();
    expect(application.application_status_id).toBe(STATUS.draft);
  });

  it('keeps only what the form shows: a company left behind by an individual is ignored', async () => {
    const id = await readyDraft(alice);
    const res = await call(server.app, 'POST', PATH, {
      token: alice.token,
      body: body(alice, id, {
        is_company: false,
        company_id: aliceCompany,
        company_name: 'Alice Uwase',
        contact_telephone: '0781234567',
        tin: '1199080012345678',
      }),
    });
    expect(res.status).toBe(200);
    const saved = (await detail(alice, id)).auth_plastic_bags ?? {};
    expect(saved).not.toHaveProperty('company_id');
    expect(saved).toMatchObject({
      company_name: 'Alice Uwase',
      tin: '1199080012345678',
      contact_telephone: '0781234567',
    });
  });
});
