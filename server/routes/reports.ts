/**
 * Recycled plastic quantity reports (spec 01 "Recycled"): add an entry for one of the caller's
 * companies; list the caller's entries (an extension of the contract: the spec shows no read call,
 * but the Recycling Data table needs one).
 */
import type { FastifyInstance } from 'fastify';
import { assertSelf } from '../auth-hook';
import type { AppContext } from '../context';
import { hasSubmittedApplication } from '../applications-store';
import { unlockOf } from '../../engine/core';
import { REPORT_MESSAGES } from '../report-messages';
import { isUniqueViolation, nowIso } from '../db/database';
import { HttpError, idParam, ok, ValidationError } from '../http';
import { anyField, bodySchema, MAX_KILOGRAMS, REQUIRED, rowId } from '../field-rules';
import { paramsSchema, typed } from '../route-schemas';
import { answers } from '../contract/answers';
import { RECYCLED_REPORT, RECYCLED_REPORTS } from '../contract/companies';

const QUANTITY = 'Enter a quantity in kilograms.';
const ABOVE_ZERO = 'Enter a quantity in kilograms greater than 0.';

const reportBody = bodySchema(
  {
    company_id: rowId(),
    report_month: {
      type: 'string',
      trim: true,
      // The portal's own judgement and message (engine/core/month-range.ts): a month from January
      // 2000 to the current one, a day of it accepted too.
      month: { withDay: true },
      errorMessage: { type: REQUIRED },
    },
    quantity: {
      type: ['number', 'string'],
      trim: true,
      pattern: '^\\d{1,13}(\\.\\d{1,6})?$',
      // A report states what was recycled: an empty month is no report (the portal asks for more than 0).
      exclusiveMinimum: 0,
      maximum: MAX_KILOGRAMS,
      not: { type: 'string', pattern: '^\\s*0+(\\.0+)?\\s*$' },
      errorMessage: {
        type: QUANTITY,
        pattern: QUANTITY,
        exclusiveMinimum: ABOVE_ZERO,
        maximum: ABOVE_ZERO,
        not: ABOVE_ZERO,
      },
    },
    client_id: anyField,
  },
  ['company_id', 'report_month', 'quantity'],
);

/** Registers the recycled quantity reports: adding one, and the caller's list. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  // The feature is open to clients holding a submitted application of the service that opens it
  // (`unlocks` of its service.json), as the portal's sidebar shows; open to all when none does.
  const gate = unlockOf(ctx.definitions, 'recycled-reports')?.definition;

  async function assertUnlocked(clientId: number): Promise<void> {
    if (gate && !(await hasSubmittedApplication(db, clientId, gate.id)))
      throw new HttpError(403, REPORT_MESSAGES.locked(gate.title));
  }

  /**
   * One report per company and month: a second one for the same month replaces the quantity (the
   * applicant's correction; there is no other way to fix a typing error) and answers 200 with
   * `updated: true`, a new one answers 201.
   */
  typed(app).post(
    '/clients/report/recycled-quantity',
    { schema: { body: reportBody, response: answers({ 200: RECYCLED_REPORT, 201: RECYCLED_REPORT }) } },
    async (request, reply) => {
      const body = {
        ...request.body,
        company_id: Number(request.body.company_id),
        // Normalised to the first day of the month: one report per month, whatever day was picked.
        report_month: `${request.body.report_month.slice(0, 7)}-01`,
        quantity: Number(request.body.quantity),
      };
      assertSelf(request, body.client_id);
      await assertUnlocked(request.clientId);
      const company = await db
        .selectFrom('companies')
        .select(['id', 'name'])
        .where('id', '=', body.company_id)
        .where('client_id', '=', request.clientId)
        .executeTakeFirst();
      if (!company) throw new ValidationError([{ field: 'company_id', message: REPORT_MESSAGES.company }]);
      const columns = ['id', 'company_id', 'report_month', 'quantity', 'created_at'] as const;
      const update = () =>
        db
          .updateTable('recycled_reports')
          .set({ quantity: body.quantity })
          .where('company_id', '=', company.id)
          .where('report_month', '=', body.report_month)
          .returning(columns)
          .executeTakeFirst();
      const updated = await update();
      if (updated) return ok(reply, { ...updated, company_name: company.name, updated: true }, 200);
      try {
        const row = await db
          .insertInto('recycled_reports')
          .values({
            client_id: request.clientId,
            company_id: company.id,
            report_month: body.report_month,
            quantity: body.quantity,
            created_at: nowIso(),
          })
          .returning(columns)
          .executeTakeFirstOrThrow();
        return ok(reply, { ...row, company_name: company.name, updated: false }, 201);
      } catch (error) {
        // The same month was reported by a concurrent request: this one corrects it.
        if (!isUniqueViolation(error)) throw error;
        const raced = await update();
        if (!raced) throw error;
        return ok(reply, { ...raced, company_name: company.name, updated: true }, 200);
      }
    },
  );

  /**
   * Contract extension (README "API extensions"): the caller's entries as
   * [{ id, company_id, company_name, report_month, quantity, created_at }], newest month first.
   */
  typed(app).get(
    '/clients/report/recycled-quantity/:clientId',
    { schema: { params: paramsSchema(['clientId']), response: answers({ 200: RECYCLED_REPORTS }) } },
    async (request, reply) => {
      const clientId = idParam(request.params.clientId);
      assertSelf(request, clientId);
      const rows = await db
        .selectFrom('recycled_reports')
        .innerJoin('companies', 'companies.id', 'recycled_reports.company_id')
        .select([
          'recycled_reports.id',
          'recycled_reports.company_id',
          'companies.name as company_name',
          'recycled_reports.report_month',
          'recycled_reports.quantity',
          'recycled_reports.created_at',
        ])
        .where('recycled_reports.client_id', '=', clientId)
        .orderBy('recycled_reports.report_month', 'desc')
        .orderBy('recycled_reports.id', 'desc')
        .execute();
      return ok(reply, rows);
    },
  );
}
