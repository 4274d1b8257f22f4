/**
 * The GCF letters through the API: the nomination letter for accreditation (17001), the non-objection
 * letter (17002) and the delivery partner request (6) save at the paths of spec 02 section 7, with the
 * legal status blocks they share. The contact person of a non-objection request the form does not ask
 * for (a company's, an individual's) is stored as N/A, an institution's blank one is refused,
 * the delivery partner's document type is always N/A, a company must be the applicant's own, an
 * institution's mistakes come back with the spec's messages, places are named by the server, and a
 * saved request leaves its application submitted and readable.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServiceDefinitions } from '../../engine/core/load-definitions';
import { readServiceFiles } from '../../engine/core/node/read-service-files';
import { buildSubmitRequests } from '../../engine/core/payload-mapping';
import { attach, call, companyBody, signUp, startServer, type TestServer, type TestUser } from './helpers';

const DELIVERY = 6;
const ACCREDITATION = 17001;
const NO_OBJECTION = 17002;
const PATHS: Record<number, string> = {
  [DELIVERY]: 'applications/delivery-partner-service-request',
  [ACCREDITATION]: 'applications/requests/accreditation',
  [NO_OBJECTION]: 'applications/no-objection-letter-request',
};
/** The mandatory documents of each service (fixtures/lookups/service-attachments.json). */
const MANDATORY: Record<number, string> = {
  [DELIVERY]: 'Application letter',
  [ACCREDITATION]: 'Application letter',
  [NO_OBJECTION]: 'Concept note',
};

type Data = Record<string, unknown>;
type Fields = { fields: Array<{ field: string; message: string }> };

const root = resolve(__dirname, '../..');
const noObjection = (() => {
  const definition = loadServiceDefinitions(readServiceFiles(join(root, 'services')).files).definitions.find(
    (d) => d.id === NO_OBJECTION,
  );
  if (!definition) throw new Error('the non-objection letter is not defined');
  return definition;
})();

/** The named fields of a valid fixture. */
function fromFixture(path: string, fields: string[]): Data {
  const data = JSON.parse(readFileSync(join(root, 'fixtures', path), 'utf8')) as Data;
  return Object.fromEntries(fields.map((field) => [field, data[field]]));
}

/** The request part of each service's form, without the legal status. */
const accreditationRequest = fromFixture('accreditation-letter/valid/private-company-institutional.json', [
  'nomination_approach',
  'access_entity_type',
  'project_name',
  'request_type',
  'proposal_type',
  'nationality',
  'project_description',
  'alignment_to_mandate',
]);
const noObjectionRequest = fromFixture('no-objection-letter/valid/government-institution-ppf.json', [
  'accredited_entity',
  'project_name',
  'no_objection_reason',
  'project_description',
]);
const deliveryRequest = fromFixture('delivery-partner/valid/private-company.json', ['request_details']);

/** An NGO with its institution block. */
const institution = fromFixture('accreditation-letter/valid/ngo-project-specific.json', [
  'legal_status',
  'institution_name',
  'institution_address',
  'institution_phone',
  'institution_email',
  'representative_name',
  'representative_phone',
  'representative_email',
]);

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let aliceCompany: number;
let bobCompany: number;

beforeAll(async () => {
  server = await startServer();
  alice = await signUp(server);
  bob = await signUp(server);
  const company = async (user: TestUser, name: string) =>
    (
      await call<{ id: number }>(server.app, 'POST', 'companies', {
        token: user.token,
        body: companyBody(user.id, { name }),
      })
    ).body.data.id;
  aliceCompany = await company(alice, 'Akagera Climate Finance Ltd');
  bobCompany = await company(bob, 'Nyungwe Carbon Partners Ltd');
});
afterAll(async () => server.close());

const post = <T = unknown>(path: string, body: Data, user: TestUser = alice) =>
  call<T>(server.app, 'POST', path, { token: user.token, body });
const detail = async (id: number, user: TestUser = alice) =>
  (await call<Data>(server.app, 'GET', `application/${id}`, { token: user.token })).body.data;

/** A draft of the service holding its mandatory document. */
async function readyDraft(serviceId: number, user: TestUser = alice): Promise<number> {
  const draft = await post<{ id: number }>(`client/application/${serviceId}`, { client_id: user.id }, user);
  expect(draft.status).toBe(201);
  expect((await attach(server, user, draft.body.data.id, MANDATORY[serviceId] ?? '')).statusCode).toBe(201);
  return draft.body.data.id;
}

/** A save call's body as the wizard sends it: the form, then the call's own keys. */
function body(serviceId: number, applicationId: number, form: Data, overrides: Data = {}): Data {
  return {
    ...form,
    client_id: alice.id,
    service_id: serviceId,
    is_submitted: true,
    application_id: applicationId,
    ...(serviceId === DELIVERY ? { document_type: 'N/A' } : {}),
    ...overrides,
  };
}

describe('non-objection letter', () => {
  it('stores a blank contact person as N/A and submits the application, readable with its record', async () => {
    // Not asked of a company: left out, typed blank, sent blank or even named by hand, N/A each time.
    const wizard = (form: Data, id: number) => {
      const [request] = buildSubmitRequests(noObjection, form, {
        clientId: alice.id,
        applicationId: id,
        serviceId: NO_OBJECTION,
      });
      expect(request?.body.representative_name).toBe('N/A');
      return request?.body ?? {};
    };
    const byHand = (form: Data, id: number) => body(NO_OBJECTION, id, form);
    for (const [blank, send] of [
      [{}, wizard],
      [{ representative_name: '   ' }, wizard],
      [{ representative_name: '' }, byHand],
      [{ representative_name: ' ' }, byHand],
      [{ representative_name: 'Someone' }, byHand],
    ] as const) {
      const id = await readyDraft(NO_OBJECTION);
      const form = {
        legal_status: 'private',
        company_id: aliceCompany,
        company_name: 'Typed by hand',
        ...noObjectionRequest,
        ...blank,
      };
      const saved = await post<Data>(PATHS[NO_OBJECTION] ?? '', send(form, id));
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ id, application_status_id: 2 });

      const application = await detail(id);
      expect(application).toMatchObject({ id, service_id: NO_OBJECTION, application_status_id: 2 });
      expect(application.no_objection_request).toEqual({
        legal_status: 'private',
        company_id: aliceCompany,
        // The company's name comes from the stored company, not from the body.
        company_name: 'Akagera Climate Finance Ltd',
        representative_name: 'N/A',
        ...noObjectionRequest,
      });
    }
  });

  it("keeps an institution's contact person and asks why a revised no-objection is requested", async () => {
    const id = await readyDraft(NO_OBJECTION);
    const revised = { ...institution, ...noObjectionRequest, no_objection_reason: 'Request for revised no-objection' };
    // The institution is asked for its contact person: a blank one is refused, not stored as N/A.
    const blankContact = await post<Fields>(
      PATHS[NO_OBJECTION] ?? '',
      body(NO_OBJECTION, id, { ...revised, representative_name: '', no_objection_reason_description: 'Revised.' }),
    );
    expect(blankContact.status).toBe(422);
    expect(blankContact.body.data.fields).toEqual([
      { field: 'representative_name', message: "Please enter the contact person's name" },
    ]);
    const refused = await post<Fields>(PATHS[NO_OBJECTION] ?? '', body(NO_OBJECTION, id, revised));
    expect(refused.status).toBe(422);
    expect(refused.body.data.fields).toEqual([
      { field: 'no_objection_reason_description', message: 'This field is required' },
    ]);
    expect((await detail(id)).application_status_id).toBe(1);

    const saved = await post(
      PATHS[NO_OBJECTION] ?? '',
      body(NO_OBJECTION, id, { ...revised, no_objection_reason_description: 'The budget was revised.' }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await detail(id)).no_objection_request).toMatchObject({
      representative_name: institution.representative_name,
      no_objection_reason_description: 'The budget was revised.',
    });
  });
});

describe('delivery partner', () => {
  it('insists on the document type N/A, which is not stored as an answer', async () => {
    const id = await readyDraft(DELIVERY);
    const form = { legal_status: 'private', company_id: aliceCompany, ...deliveryRequest };
    for (const documentType of ['Letter', '', null]) {
      const refused = await post<Fields>(
        PATHS[DELIVERY] ?? '',
        body(DELIVERY, id, form, { document_type: documentType }),
      );
      expect(refused.status).toBe(422);
      expect(refused.body.data.fields).toEqual([{ field: 'document_type', message: 'must be "N/A"' }]);
    }
    const { document_type: _documentType, ...without } = body(DELIVERY, id, form);
    expect((await post(PATHS[DELIVERY] ?? '', without)).status).toBe(422);
    expect((await detail(id)).application_status_id).toBe(1);

    const saved = await post(PATHS[DELIVERY] ?? '', body(DELIVERY, id, form));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const application = await detail(id);
    expect(application.application_status_id).toBe(2);
    expect(application.delivery_partner_request).toEqual({
      legal_status: 'private',
      company_id: aliceCompany,
      company_name: 'Akagera Climate Finance Ltd',
      ...deliveryRequest,
    });
  });
});

describe('accreditation letter', () => {
  it("refuses another client's company and keeps the application a draft", async () => {
    const id = await readyDraft(ACCREDITATION);
    const refused = await post<Fields>(
      PATHS[ACCREDITATION] ?? '',
      body(ACCREDITATION, id, { legal_status: 'private', company_id: bobCompany, ...accreditationRequest }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.data.fields).toEqual([{ field: 'company_id', message: 'Choose one of your companies.' }]);
    expect((await detail(id)).application_status_id).toBe(1);
  });

  it("answers an institution's mistakes with the spec's messages", async () => {
    const id = await readyDraft(ACCREDITATION);
    const { institution_name: _name, institution_address: _address, ...partial } = institution;
    const refused = await post<Fields>(
      PATHS[ACCREDITATION] ?? '',
      body(ACCREDITATION, id, {
        ...partial,
        legal_status: 'cooperative',
        institution_phone: '+250788111222',
        representative_email: 'claudine.at.example.org',
        ...accreditationRequest,
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/^Invalid fields: /);
    expect(refused.body.data.fields).toEqual(
      expect.arrayContaining([
        { field: 'institution_name', message: 'Please enter the name of the institution' },
        { field: 'institution_address', message: "Please enter the institution's address" },
        { field: 'institution_phone', message: 'Please enter a valid phone number' },
        { field: 'representative_email', message: 'Please enter a valid email address' },
      ]),
    );
    expect(refused.body.data.fields).toHaveLength(4);
    expect((await detail(id)).application_status_id).toBe(1);

    // The accreditation sends no default: a missing contact person has its message.
    const { representative_name: _contact, ...noContact } = institution;
    const missing = await post<Fields>(
      PATHS[ACCREDITATION] ?? '',
      body(ACCREDITATION, id, { ...noContact, ...accreditationRequest }),
    );
    expect(missing.body.data.fields).toEqual([
      { field: 'representative_name', message: "Please enter the contact person's name" },
    ]);
  });

  it('names the places of an individual from its own tables and refuses a district of another province', async () => {
    const id = await readyDraft(ACCREDITATION);
    const individual = {
      legal_status: 'individual',
      applicant_type: 'Rwanda',
      applicant_name: 'Jean Bosco Niyonzima',
      tin: '108765432',
      applicant_position: 'Consultant',
      applicant_email: 'jb@example.org',
      applicant_phone: '0788555666',
      province_id: 2,
      province_name: 'Typed by hand',
      district_id: 201,
      sector_id: 20101,
      cell_id: 2010101,
      ...accreditationRequest,
    };
    const wrong = await post<Fields>(
      PATHS[ACCREDITATION] ?? '',
      body(ACCREDITATION, id, { ...individual, district_id: 101 }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.fields).toContainEqual({ field: 'district_id', message: 'Choose a valid option.' });

    const withoutTin = await post<Fields>(
      PATHS[ACCREDITATION] ?? '',
      body(ACCREDITATION, id, { ...individual, tin: undefined }),
    );
    expect(withoutTin.body.data.fields).toEqual([{ field: 'tin', message: 'This field is required' }]);

    const saved = await post(PATHS[ACCREDITATION] ?? '', body(ACCREDITATION, id, individual));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const application = await detail(id);
    expect(application.application_status_id).toBe(2);
    expect(application.accreditation_request).toMatchObject({
      applicant_type: 'Rwanda',
      tin: '108765432',
      province_name: 'Kigali',
      district_name: 'Gasabo',
      sector_name: 'Bumbogo',
      cell_name: 'Kinyaga',
    });
    // Submitted: the record cannot change any more, and another client cannot read it.
    expect((await post(PATHS[ACCREDITATION] ?? '', body(ACCREDITATION, id, individual))).status).toBe(409);
    expect((await call(server.app, 'GET', `application/${id}`, { token: bob.token })).status).toBe(404);
  });

  it('refuses the service id of another letter and a submission without the mandatory document', async () => {
    const id = await readyDraft(ACCREDITATION);
    const form = { legal_status: 'private', company_id: aliceCompany, ...accreditationRequest };
    const other = await post<Fields>(
      PATHS[ACCREDITATION] ?? '',
      body(ACCREDITATION, id, form, { service_id: NO_OBJECTION }),
    );
    expect(other.status).toBe(422);
    expect(other.body.data.fields).toEqual([{ field: 'service_id', message: 'must be 17001' }]);

    const draft = await post<{ id: number }>(`client/application/${ACCREDITATION}`, { client_id: alice.id });
    const bare = await post<Fields>(PATHS[ACCREDITATION] ?? '', body(ACCREDITATION, draft.body.data.id, form));
    expect(bare.status).toBe(422);
    expect(bare.body.error).toBe('Please upload all required documents.');
    expect((await detail(draft.body.data.id)).application_status_id).toBe(1);
  });
});
