/**
 * Companies of the signed-in client (spec 01 sections 3 and 5): create, list, update, each checked
 * on the server with the spec's rules.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertSelf } from '../auth-hook';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { Company } from '../db/tables';
import { idParam, notFound, ok, parseBody, ValidationError, type FieldError } from '../http';

const REQUIRED = 'This field is required';
const PHONE_MESSAGE = 'Enter a 10 digit phone number.';
const EMAIL_MESSAGE = 'Enter a valid email address.';

const text = () => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(500);
const phone = () =>
  z
    .string({ error: PHONE_MESSAGE })
    .trim()
    .regex(/^\d{10}$/, PHONE_MESSAGE);
const email = () => z.string({ error: REQUIRED }).trim().pipe(z.email(EMAIL_MESSAGE));
const intId = (message = REQUIRED) =>
  z
    .union(
      [
        z.number().int().positive(),
        z
          .string()
          .trim()
          .regex(/^[1-9]\d{0,9}$/),
      ],
      { error: message },
    )
    .transform(Number);
const optionalId = () =>
  z
    .union([z.literal(''), z.null(), intId('Choose a valid option.')])
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? null : v));

const companyBody = z.object({
  name: text(),
  company_category_id: intId(),
  type_registration: text(),
  tin: text(),
  telephone: phone(),
  email: email(),
  avgMonthlyPlasticQuantity: z
    .union(
      [
        z.literal(''),
        z.null(),
        z.number().nonnegative(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d+)?$/),
      ],
      {
        error: 'Enter a number of kilograms.',
      },
    )
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? null : Number(v))),
  activities: text(),
  address: text(),
  contact_person_name: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : null)),
  contact_person_job_title: text(),
  contact_person_phone: phone(),
  contact_person_email: email(),
  province_id: optionalId(),
  district_id: optionalId(),
  sector_id: optionalId(),
  cell_id: optionalId(),
  client_id: z.unknown().optional(),
});

type CompanyBody = z.infer<typeof companyBody>;

/** A company as the API answers it (the average also under the name the portal sends). */
export function companyView(company: Company) {
  return { ...company, avgMonthlyPlasticQuantity: company.average_monthly_plastic_quantity };
}

export function companyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** Checks the ids that point into lookup lists exist there. */
  async function checkReferences(body: CompanyBody): Promise<void> {
    const checks: Array<[keyof CompanyBody, string, number | null]> = [
      ['company_category_id', 'company-categories', body.company_category_id],
      ['province_id', 'provinces', body.province_id],
      ['district_id', 'districts', body.district_id],
      ['sector_id', 'sectors', body.sector_id],
      ['cell_id', 'cells', body.cell_id],
    ];
    const errors: FieldError[] = [];
    for (const [field, kind, id] of checks) {
      if (id === null) continue;
      const row = await db
        .selectFrom('lookups')
        .select('id')
        .where('kind', '=', kind)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) errors.push({ field, message: 'Choose a valid option.' });
    }
    if (errors.length > 0) throw new ValidationError(errors);
  }

  function columns(body: CompanyBody) {
    return {
      name: body.name,
      company_category_id: body.company_category_id,
      type_registration: body.type_registration,
      tin: body.tin,
      telephone: body.telephone,
      email: body.email,
      average_monthly_plastic_quantity: body.avgMonthlyPlasticQuantity,
      activities: body.activities,
      address: body.address,
      contact_person_name: body.contact_person_name,
      contact_person_job_title: body.contact_person_job_title,
      contact_person_phone: body.contact_person_phone,
      contact_person_email: body.contact_person_email,
      province_id: body.province_id,
      district_id: body.district_id,
      sector_id: body.sector_id,
      cell_id: body.cell_id,
    };
  }

  app.post('/companies', async (request, reply) => {
    const body = parseBody(companyBody, request.body);
    assertSelf(request, body.client_id);
    await checkReferences(body);
    const now = nowIso();
    const company = await db
      .insertInto('companies')
      .values({ ...columns(body), client_id: request.clientId, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return ok(reply, companyView(company), 201);
  });

  app.get('/companies/:clientId', async (request, reply) => {
    const clientId = idParam((request.params as { clientId: string }).clientId);
    assertSelf(request, clientId);
    const rows = await db
      .selectFrom('companies')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('id', 'desc')
      .execute();
    return ok(reply, rows.map(companyView));
  });

  app.put('/companies/:id', async (request, reply) => {
    const id = idParam((request.params as { id: string }).id);
    const existing = await db
      .selectFrom('companies')
      .select('id')
      .where('id', '=', id)
      .where('client_id', '=', request.clientId)
      .executeTakeFirst();
    if (!existing) throw notFound('Company not found');
    const body = parseBody(companyBody, request.body);
    assertSelf(request, body.client_id);
    await checkReferences(body);
    const company = await db
      .updateTable('companies')
      .set({ ...columns(body), updated_at: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return ok(reply, companyView(company));
  });
}
