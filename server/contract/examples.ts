/**
 * Examples of the request bodies of the calls the specs document (spec 01 and 02, section 7), shown
 * with their routes in the OpenAPI document beside the body schema each route declares (an example
 * changes nothing of what the schema checks).
 */
import type { FastifyInstance } from 'fastify';

const company = {
  name: 'Green Packaging Ltd',
  company_category_id: 1,
  type_registration: 'Company',
  tin: '100012345',
  telephone: '0788123456',
  email: 'info@green.example',
  avgMonthlyPlasticQuantity: 120,
  activities: 'Retail',
  address: 'KN 3 Rd, Kigali',
  contact_person_name: 'Jane Uwase',
  contact_person_job_title: 'Manager',
  contact_person_phone: '0788000111',
  contact_person_email: 'jane@green.example',
  province_id: 2,
  district_id: 201,
  sector_id: null,
  cell_id: null,
  client_id: 7,
};

/** The documented body of each call, by its route (`METHOD /api/path` as registered). */
export const BODY_EXAMPLES: Readonly<Record<string, Record<string, unknown>>> = {
  'POST /api/clients': {
    first_name: 'Maria',
    last_name: 'Uwimana',
    other_name: null,
    telephone: '0781234567',
    email: 'maria@example.org',
  },
  'POST /api/client/confirm-otp': { username: 'maria@example.org', otp: '123456' },
  'POST /api/client/password': {
    username: 'maria@example.org',
    password: 'a long and unusual passphrase',
    password_token: 'the password_token of confirm-otp',
  },
  'POST /api/clients/login': { username: 'maria@example.org', password: 'a long and unusual passphrase' },
  'POST /api/clients/reset-password': { username: 'maria@example.org' },
  'PUT /api/client/:id': {
    first_name: 'Maria',
    last_name: 'Uwimana',
    other_name: null,
    email: 'maria@example.org',
    phone: '0781234567',
    id_number: '1199080012345678',
    decision_emails: true,
  },
  'POST /api/companies': company,
  'PUT /api/companies/:id': company,
  'POST /api/client/application/:serviceId': { client_id: 7 },
  'POST /api/clients/report/recycled-quantity': { company_id: 3, report_month: '2026-05', quantity: 250.5 },
  'POST /api/application/applicant-confirmation': {
    application_id: 12,
    applicant_confirmed: false,
    applicant_reject_comment: 'The second condition cannot be met before June.',
  },
};

/**
 * Gives each documented call registered after it in `app` its body's example (merged into the body
 * schema the route declares).
 */
export function addBodyExamples(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const example = BODY_EXAMPLES[`${method} ${route.url}`];
      if (!example) continue;
      route.schema = { ...route.schema, body: { ...(route.schema?.body as object | undefined), examples: [example] } };
    }
  });
}
