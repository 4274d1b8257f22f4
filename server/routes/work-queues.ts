/**
 * The work queues of the services that declare them (`workQueues` of service.json; the audit's five
 * of spec 02 section 7): the counts per queue for a client, and the client's applications in each
 * queue. An application's queue is decided by the queue's condition over its facts
 * (engine/core/work-queues.ts), with the same Ajv as every other rule.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  schemaMatches,
  submitRoute,
  STATUS,
  applicationFacts,
  queuesOf,
  servicesWithQueues,
  statusesOf,
} from '../../engine/core';
import { storedFacts } from '../stage-facts';
import { assertSelf } from '../auth-hook';
import type { AppContext } from '../context';
import { idParam, ok } from '../http';
import { paramsSchema } from '../route-schemas';
import { answers, list } from '../contract/answers';
import { applicationSummarySchema, factNames, queueCountsSchema } from '../contract/applications';
import { answerFacts, applicationSummary, ownFacts, SUMMARY_COLUMNS } from '../application-summaries';

/** Registers the work queues of the services that declare them: counts and lists. */
export function workQueueRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const summary = applicationSummarySchema(factNames([...ctx.definitions, ...ctx.archived]));

  for (const { definition, workQueues } of servicesWithQueues(ctx.definitions)) {
    /** The client's applications of the service beyond draft, newest first, each with its queues. */
    async function queued(request: FastifyRequest<{ Params: { clientId: string } }>) {
      const clientId = idParam(request.params.clientId);
      assertSelf(request, clientId);
      const rows = await db
        .selectFrom('applications')
        .innerJoin('services', 'services.id', 'applications.service_id')
        .select(SUMMARY_COLUMNS)
        .where('applications.client_id', '=', clientId)
        .where('applications.service_id', '=', definition.id)
        .where('applications.status_id', '<>', STATUS.draft)
        .orderBy('applications.id', 'desc')
        .execute();
      const stored = await storedFacts(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => {
        const own = ownFacts(ctx, row, stored.get(row.id));
        return {
          row,
          facts: answerFacts(ctx, own),
          queues: queuesOf(workQueues, applicationFacts(row, own, statusesOf(definition)), schemaMatches),
        };
      });
    }

    // The client's id is in each path the definition declares (`{clientId}`).
    const params = paramsSchema(['clientId']);
    const countsSchema = queueCountsSchema(workQueues.queues.map((queue) => queue.key));
    app.get<{ Params: { clientId: string } }>(
      submitRoute({ path: workQueues.counts }),
      { schema: { params, response: answers({ 200: countsSchema }) } },
      async (request, reply) => {
        const applications = await queued(request);
        const counts = Object.fromEntries(workQueues.queues.map((queue) => [queue.key, 0]));
        for (const { queues } of applications)
          for (const queue of queues) counts[queue.key] = (counts[queue.key] ?? 0) + 1;
        return ok(reply, counts);
      },
    );

    for (const queue of workQueues.queues) {
      app.get<{ Params: { clientId: string } }>(
        submitRoute({ path: queue.path }),
        { schema: { params, response: answers({ 200: list(summary) }) } },
        async (request, reply) => {
          const applications = await queued(request);
          return ok(
            reply,
            applications
              .filter(({ queues }) => queues.includes(queue))
              .map(({ row, facts }) => applicationSummary(row, ctx.statusName, facts)),
          );
        },
      );
    }
  }
}
