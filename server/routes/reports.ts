/**
 * Recycled plastic quantity reports (spec 01 "Recycled"): add an entry for one of the caller's
 * companies; list the caller's entries (an extension of the contract: the spec shows no read call,
 * but the Recycling Data table needs one).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertSelf } from '../auth-hook';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { idParam, ok, parseBody, ValidationError } from '../http';
import { REQUIRED } from '../field-rules';

const reportBody = z.object({
  company_id: z
    .union(
      [
        z.number().int().positive(),
        z
          .string()
          .trim()
          .regex(/^[1-9]\d{0,9}$/),
      ],
      { error: REQUIRED },
    )
    .transform(Number),
  report_month: z
    .string({ error: REQUIRED })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, 'Enter a month as YYYY-MM.')
    // Normalised to the first day of the month: one report per month, whatever day was picked.
    .transform((v) => `${v.slice(0, 7)}-01`),
  quantity: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d+)?$/),
      ],
      { error: 'Enter a quantity in kilograms.' },
    )
    .transform(Number)
    // A report states what was recycled: an empty month is no report (the portal asks for more than 0).
    .pipe(z.number().positive('Enter a quantity in kilograms greater than 0.').max(1e12)),
  client_id: z.unknown().optional(),
});

export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post('/clients/report/recycled-quantity', async (request, reply) => {
    const body = parseBody(reportBody, request.body);
    assertSelf(request, body.client_id);
    const company = await db
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('id', '=', body.company_id)
      .where('client_id', '=', request.clientId)
      .executeTakeFirst();
    if (!company) throw new ValidationError([{ field: 'company_id', message: 'Choose one of your companies.' }]);
    const row = await db
      .insertInto('recycled_reports')
      .values({
        client_id: request.clientId,
        company_id: company.id,
        report_month: body.report_month,
        quantity: body.quantity,
        created_at: nowIso(),
      })
      .returning(['id', 'company_id', 'report_month', 'quantity', 'created_at'])
      .executeTakeFirstOrThrow();
    return ok(reply, { ...row, company_name: company.name }, 201);
  });

  /**
   * Contract extension (README "API extensions"): the caller's entries as
   * [{ id, company_id, company_name, report_month, quantity, created_at }], newest month first.
   */
  app.get('/clients/report/recycled-quantity/:clientId', async (request, reply) => {
    const clientId = idParam((request.params as { clientId: string }).clientId);
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
  });
}
