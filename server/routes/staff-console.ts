/**
 * The staff console's reads and the work that changes no status (an extension: the spec shows no
 * staff side), for staff only:
 *
 *   GET  staff/queue                         the submitted applications of the services the caller
 *                                            may view: filters, search, sort, pages, counts per status
 *   GET  staff/queue/export                  the same applications as CSV or JSON, streamed
 *   GET  staff/applications/{id}             the review page's data
 *   GET  staff/applications/{id}/documents/{documentId}   a document (`inline=1`: to preview)
 *   POST staff/applications/{id}/notes       { body }: a note (reviewer or approver)
 *   POST staff/applications/{id}/assignment  { assignee }: take it, give it to a colleague, release it
 *
 * (An application's legal hold has its own plugin: staff-legal-hold.ts.)
 * A caller without a role on an application's service is refused (403) on each of these, whether or
 * not the id exists. Every read of an application (its review page, its export) and every note or
 * assignment writes an internal history row (staff-review.ts, queue-export.ts).
 */
import { writeInternalRow } from '../transitions/execute';
import { staffGate } from '../staff-auth/staff-request';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { answers, download } from '../contract/answers';
import {
  ASSIGNED,
  ASSIGNMENT_BODY,
  DOCUMENT_QUERY,
  EXPORT_QUERY,
  NOTE_ADDED,
  NOTE_BODY,
  QUEUE_DEFAULT_SIZE,
  QUEUE_PAGE,
  QUEUE_QUERY,
  REVIEW,
} from '../contract/staff-console';
import { idParam, ok, okText, okTextOf } from '../http';
import { queueExport } from '../queue-export';
import { paramsSchema, typed } from '../route-schemas';
import { queueAnswer, resolveQueueFilter } from '../staff-queue';
import { addNote, assign, documentHeaders, openedDocument, reviewable, reviewOf } from '../staff-review';

/** Registers the console's routes. */
export function staffConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { routeOptions: staffOnly, staffOf } = staffGate(ctx);
  const params = paramsSchema(['id']);

  typed(app).get(
    '/staff/queue',
    {
      ...staffOnly,
      schema: {
        summary: 'The staff queue',
        description:
          'The submitted applications of the services the caller may view, filtered (a service they cannot view: 403), searched, sorted and paged, with the count per status under the same filters but the status.',
        querystring: QUEUE_QUERY,
        response: answers({ 200: QUEUE_PAGE }),
      },
    },
    async (request, reply) => {
      const actor = await staffOf(request);
      const { sort, page, size, ...query } = request.query;
      const filter = resolveQueueFilter(ctx, actor, query);
      const options = { sort: sort ?? '-submitted', page: Number(page ?? 1), size: Number(size ?? QUEUE_DEFAULT_SIZE) };
      return okText(reply, await queueAnswer(ctx, filter, options, (answer) => okTextOf(reply, answer)));
    },
  );

  typed(app).get(
    '/staff/queue/export',
    {
      ...staffOnly,
      schema: {
        summary: 'The staff queue, exported',
        description:
          "The applications under the queue's filters, one row each, their answers flattened by their form (titles and choices in `lang`), their documents as links: CSV or JSON (`{ columns, rows }`), streamed. Each application exported is recorded in its history (internal).",
        querystring: EXPORT_QUERY,
        response: download(['text/csv', 'application/json'], 'The export'),
      },
    },
    async (request, reply) => {
      const actor = await staffOf(request);
      const { format = 'csv', lang = 'en', ...query } = request.query;
      const filter = resolveQueueFilter(ctx, actor, query);
      const { headers, stream } = await queueExport(ctx, actor, filter, format, lang);
      return reply.code(200).headers(headers).send(stream);
    },
  );

  typed(app).get(
    '/staff/applications/:id',
    {
      ...staffOnly,
      schema: {
        summary: "An application's review page",
        description:
          "The application, its answers as its applicant's view gets them, every document with its staff download address, the whole history (internal rows included, with who wrote each), the notes, and the staff transitions of its table at its status with whether the caller may take each. The read is recorded in the history (internal).",
        params,
        response: answers({ 200: REVIEW }),
      },
    },
    async (request, reply) => {
      const actor = await staffOf(request);
      const reviewed = await reviewable(ctx, actor, idParam(request.params.id));
      await writeInternalRow(ctx.db, reviewed.application, actor, { kind: 'viewed' });
      return ok(reply, await reviewOf(ctx, actor, reviewed));
    },
  );

  typed(app).get(
    '/staff/applications/:id/documents/:documentId',
    {
      ...staffOnly,
      schema: {
        summary: 'A document of an application, for staff',
        description:
          'Streams the file with its type; `inline=1` shows it in the browser (a preview), else it is downloaded.',
        params: paramsSchema(['id', 'documentId']),
        querystring: DOCUMENT_QUERY,
        response: download(['application/octet-stream'], 'The document'),
      },
    },
    async (request, reply) => {
      const actor = await staffOf(request);
      const reviewed = await reviewable(ctx, actor, idParam(request.params.id));
      const document = await openedDocument(ctx, actor, reviewed, idParam(request.params.documentId));
      return reply
        .code(200)
        .headers(documentHeaders(document, request.query.inline === '1'))
        .send(document.body);
    },
  );

  typed(app).post(
    '/staff/applications/:id/notes',
    {
      ...staffOnly,
      schema: {
        summary: 'Adds a note to an application',
        description:
          'A note of the authority, never shown to the applicant (reviewer or approver). Recorded in the history (internal).',
        params,
        body: NOTE_BODY,
        response: answers({ 201: NOTE_ADDED }),
      },
    },
    async (request, reply) => {
      const actor = await staffOf(request);
      const reviewed = await reviewable(ctx, actor, idParam(request.params.id), { work: true });
      return ok(reply, await addNote(ctx, actor, reviewed, request.body.body), 201);
    },
  );

  typed(app).post(
    '/staff/applications/:id/assignment',
    {
      ...staffOnly,
      schema: {
        summary: 'Assigns an application',
        description:
          "`assignee`: the caller's own name takes it, a colleague's gives it to them (they need the reviewer or approver role on its service, else 422), null releases it. Recorded in the history (internal).",
        params,
        body: ASSIGNMENT_BODY,
        response: answers({ 200: ASSIGNED }),
      },
    },
    async (request, reply) => {
      const actor = await staffOf(request);
      const reviewed = await reviewable(ctx, actor, idParam(request.params.id), { work: true });
      return ok(reply, await assign(ctx, actor, reviewed, request.body.assignee ?? null));
    },
  );
}
