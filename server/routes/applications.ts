/**
 * Applications: draft creation, the dashboard list and statistics, and the checks of the portal
 * features services open (`unlocks` of service.json); the detail is application-detail.ts.
 */
import { paramsSchema, pathParams, queryTexts, typed } from '../route-schemas';
import { anyField } from '../field-rules';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { allUnlocks, statisticsBucket, STATUS, submitRoute } from '../../engine/core';
import { applicationSummaries, PAGE_SIZE, SUMMARY_COLUMNS } from '../application-summaries';
import { formatAppId, hasSubmittedApplication } from '../applications-store';
import { assertSelf } from '../auth-hook';
import { answerClientRead, ClientAnswers } from '../client-answers';
import type { AppContext } from '../context';
import { answers } from '../contract/answers';
import {
  APPLICATION_CREATED,
  applicationsPageSchema,
  factNames,
  STATISTICS,
  unlockAnswer,
} from '../contract/applications';
import { nowIso } from '../db/database';
import { idParam, notFound, ok } from '../http';
import { newCertificateToken } from '../security';
import { appendRegister, appendTrail } from '../trail/append';
import { applicationDetailRoutes } from './application-detail';

/** Registers the application routes; the dashboard's and an application's reads are kept by revision. */
export function applicationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // The dashboard's and an application's reads, kept by the client's data revision.
  const kept = new ClientAnswers();
  const facts = factNames([...ctx.definitions, ...ctx.archived]);

  typed(app).post(
    '/client/application/:serviceId',
    {
      schema: {
        params: paramsSchema(['serviceId']),
        body: { type: 'object', properties: { client_id: anyField } },
        response: answers({ 201: APPLICATION_CREATED }),
      },
    },
    async (request, reply) => {
      const serviceId = idParam(request.params.serviceId);
      assertSelf(request, request.body.client_id);
      const service = await db.selectFrom('services').select('id').where('id', '=', serviceId).executeTakeFirst();
      if (!service) throw notFound('Service not found');
      const now = nowIso();
      // A draft is filled in with the current version of its service's form.
      const version = ctx.definitions.find((d) => d.id === serviceId)?.version ?? 1;
      const created = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('applications')
          .values({
            // Placeholder until the id is known; the readable id is derived from it.
            app_id: `pending-${randomUUID()}`,
            client_id: request.clientId,
            service_id: serviceId,
            status_id: STATUS.draft,
            resubmitted: 0,
            submitted_at: null,
            created_at: now,
            updated_at: now,
            manually_processed: 0,
            manual_certificate_path: null,
            manual_certificate_name: null,
            final_certificate_uploaded: 0,
            certificate_token: newCertificateToken(),
            definition_version: version,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const appId = formatAppId(row.id, now);
        await trx.updateTable('applications').set({ app_id: appId }).where('id', '=', row.id).execute();
        // The trail's first event, and the register's row that finds the application if it is deleted whole.
        await appendTrail(trx, row.id, {
          kind: 'created',
          actor: 'applicant',
          createdAt: now,
          data: { service_id: serviceId, definition_version: version },
        });
        await appendRegister(trx, 'created', { id: row.id, app_id: appId, service_id: serviceId, created_at: now });
        return { id: row.id, app_id: appId };
      });
      return ok(reply, { ...created, application_status_id: STATUS.draft }, 201);
    },
  );

  applicationDetailRoutes(app, ctx, kept);

  typed(app).get(
    '/clients/applications/:clientId',
    {
      schema: {
        params: paramsSchema(['clientId']),
        querystring: queryTexts(['page']),
        response: answers({ 200: applicationsPageSchema(facts) }),
      },
    },
    async (request, reply) => {
      const clientId = idParam(request.params.clientId);
      assertSelf(request, clientId);
      const pageText = String(request.query.page ?? '1');
      const page = /^[1-9]\d{0,6}$/.test(pageText) ? Number(pageText) : 1;
      return answerClientRead(kept, request, reply, `applications ${page}`, () => applicationsPage(clientId, page));
    },
  );

  async function applicationsPage(clientId: number, page: number) {
    const visible = db
      .selectFrom('applications')
      .where('client_id', '=', clientId)
      .where('status_id', '<>', STATUS.draft);
    const [countRow, rows] = await Promise.all([
      visible.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
      visible
        .innerJoin('services', 'services.id', 'applications.service_id')
        .select(SUMMARY_COLUMNS)
        .orderBy('applications.id', 'desc')
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE)
        .execute(),
    ]);
    const total = Number(countRow?.n ?? 0);
    return {
      items: await applicationSummaries(ctx, rows),
      page,
      per_page: PAGE_SIZE,
      total,
      last_page: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    };
  }

  typed(app).get(
    '/client/statistics/:clientId',
    { schema: { params: paramsSchema(['clientId']), response: answers({ 200: STATISTICS }) } },
    async (request, reply) => {
      const clientId = idParam(request.params.clientId);
      assertSelf(request, clientId);
      return answerClientRead(kept, request, reply, 'statistics', () => statistics(clientId));
    },
  );

  async function statistics(clientId: number) {
    const rows = await db
      .selectFrom('applications')
      .select([
        'status_id',
        'manually_processed',
        'final_certificate_uploaded',
        (eb) => eb.fn.countAll<string | number>().as('n'),
      ])
      .where('client_id', '=', clientId)
      .where('status_id', '<>', STATUS.draft)
      .groupBy(['status_id', 'manually_processed', 'final_certificate_uploaded'])
      .execute();
    // Counted as the applicant sees each one (engine/core/status-presentation.ts).
    const counts = { approved: 0, rejected: 0, processing: 0 };
    for (const row of rows) {
      const bucket = statisticsBucket({
        application_status_id: row.status_id,
        manually_processed: row.manually_processed,
        final_certificate_uploaded: row.final_certificate_uploaded,
      });
      counts[bucket] += Number(row.n);
    }
    const all = counts.approved + counts.rejected + counts.processing;
    return { all_applications: all, ...counts };
  }

  // A feature is open to a client holding a submitted application of the service that opens it.
  for (const { definition, unlock } of allUnlocks(ctx.definitions)) {
    app.get<{ Params: { clientId: string } }>(
      submitRoute({ path: unlock.check.path }),
      {
        schema: {
          params: pathParams(submitRoute({ path: unlock.check.path })),
          response: answers({ 200: unlockAnswer(unlock.check.answer) }),
        },
      },
      async (request, reply) => {
        const clientId = idParam(request.params.clientId);
        assertSelf(request, clientId);
        return ok(reply, { [unlock.check.answer]: await hasSubmittedApplication(db, clientId, definition.id) });
      },
    );
  }
}
