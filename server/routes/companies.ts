/**
 * Companies of the signed-in client (spec 01 sections 3 and 5): create, list, update, each checked
 * on the server with the spec's rules.
 */
import type { FastifyInstance } from 'fastify';
import { assertSelf } from '../auth-hook';
import {
  companyBody,
  companyFields,
  companyView,
  INVALID_OPTION,
  LOCATION_LEVELS,
  TIN_TAKEN,
  type CompanyBody,
} from '../company-rules';
import type { AppContext } from '../context';
import { answers } from '../contract/answers';
import { COMPANIES, COMPANY } from '../contract/companies';
import { isUniqueViolation, nowIso } from '../db/database';
import { HttpError, idParam, notFound, ok, ValidationError, type FieldError } from '../http';
import { paramsSchema, typed } from '../route-schemas';

/** Registers the company routes of the signed-in client. */
export function companyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /**
   * Checks the ids that point into lookup lists exist there, and that the location is one branch of
   * the tree (spec 01: each level is chosen from its parent), so a district of another province or a
   * cell without its sector is refused as the cascading picker would never produce it.
   */
  async function checkReferences(body: CompanyBody): Promise<void> {
    const errors: FieldError[] = [];
    const category = await lookup('company-categories', body.company_category_id);
    if (!category) errors.push({ field: 'company_category_id', message: INVALID_OPTION });
    for (const [index, level] of LOCATION_LEVELS.entries()) {
      const id = body[level.field];
      if (id === null) continue;
      const parent = LOCATION_LEVELS[index - 1];
      const parentId = parent ? body[parent.field] : null;
      if (parent && parentId === null) {
        errors.push({ field: level.field, message: `Choose the ${parent.name} first.` });
        continue;
      }
      const row = await lookup(level.kind, id);
      if (!row) errors.push({ field: level.field, message: INVALID_OPTION });
      else if (parent && row.parent_id !== parentId)
        errors.push({ field: level.field, message: `Not in the chosen ${parent.name}.` });
    }
    if (errors.length > 0) throw new ValidationError(errors);
  }

  function lookup(kind: string, id: number) {
    return db
      .selectFrom('lookups')
      .select(['id', 'parent_id'])
      .where('kind', '=', kind)
      .where('id', '=', id)
      .executeTakeFirst();
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

  /** Refuses a TIN another company holds (any client's); the unique index settles concurrent saves. */
  async function assertTinFree(tin: string, ownId: number | null): Promise<void> {
    let query = db.selectFrom('companies').select('id').where('tin', '=', tin);
    if (ownId !== null) query = query.where('id', '<>', ownId);
    if (await query.executeTakeFirst()) throw new HttpError(409, TIN_TAKEN);
  }

  /** Runs a company write, turning a TIN taken meanwhile by a concurrent save into the same 409. */
  async function savingTin<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, TIN_TAKEN);
      throw error;
    }
  }

  typed(app).post(
    '/companies',
    { schema: { body: companyBody, response: answers({ 201: COMPANY }) } },
    async (request, reply) => {
      const body = companyFields(request.body);
      assertSelf(request, body.client_id);
      await checkReferences(body);
      await assertTinFree(body.tin, null);
      const now = nowIso();
      const company = await savingTin(() =>
        db
          .insertInto('companies')
          .values({ ...columns(body), client_id: request.clientId, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return ok(reply, companyView(company), 201);
    },
  );

  typed(app).get(
    '/companies/:clientId',
    { schema: { params: paramsSchema(['clientId']), response: answers({ 200: COMPANIES }) } },
    async (request, reply) => {
      const clientId = idParam(request.params.clientId);
      assertSelf(request, clientId);
      const rows = await db
        .selectFrom('companies')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('id', 'desc')
        .execute();
      return ok(reply, rows.map(companyView));
    },
  );

  typed(app).put(
    '/companies/:id',
    { schema: { params: paramsSchema(['id']), body: companyBody, response: answers({ 200: COMPANY }) } },
    async (request, reply) => {
      const id = idParam(request.params.id);
      const existing = await db
        .selectFrom('companies')
        .select('id')
        .where('id', '=', id)
        .where('client_id', '=', request.clientId)
        .executeTakeFirst();
      if (!existing) throw notFound('Company not found');
      const body = companyFields(request.body);
      assertSelf(request, body.client_id);
      await checkReferences(body);
      await assertTinFree(body.tin, id);
      const company = await savingTin(() =>
        db
          .updateTable('companies')
          .set({ ...columns(body), updated_at: nowIso() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return ok(reply, companyView(company));
    },
  );
}
