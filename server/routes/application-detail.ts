/**
 * `GET application/{id}`: the applicant's own application with everything its page shows: status and
 * history, files, certificate address, stage facts, a draft's saved answers and the records its
 * service's forms and tasks saved (spec 01 and 02 section 7). What it holds is built by
 * `applicationDetailOf` (application-view.ts), which the staff's review page shows too.
 */
import type { FastifyInstance } from 'fastify';
import { applicationDetailOf } from '../application-view';
import { ownedApplication } from '../applications-store';
import { answerClientRead, type ClientAnswers } from '../client-answers';
import type { AppContext } from '../context';
import { answers } from '../contract/answers';
import { APPLICATION_DETAIL } from '../contract/applications';
import { idParam } from '../http';
import { paramsSchema, typed } from '../route-schemas';

/** Registers the detail, answered from `kept` while the client's data has not changed. */
export function applicationDetailRoutes(app: FastifyInstance, ctx: AppContext, kept: ClientAnswers): void {
  typed(app).get(
    '/application/:id',
    { schema: { params: paramsSchema(['id']), response: answers({ 200: APPLICATION_DETAIL }) } },
    async (request, reply) => {
      const id = idParam(request.params.id);
      return answerClientRead(kept, request, reply, `application ${id}`, async () =>
        applicationDetailOf(ctx, await ownedApplication(ctx.db, request.clientId, id)),
      );
    },
  );
}
