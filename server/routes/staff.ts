/**
 * The staff API (an extension: the spec shows no staff side): the moves of the staff command over
 * HTTP, for staff accounts only (`Authorization: Bearer staff_...`; applicants' tokens are refused).
 *
 *   POST staff/applications/{id}/status    { status_id, comment?, manual?, <text of the action reaching it>? }
 *   POST staff/applications/{id}/certificate  multipart, the certificate (a PDF) in `file`: of an
 *                                          application approved with `manual: true` (certificate to come)
 *   POST staff/applications/{id}/<name>    a staff transition of the application's service by name
 *                                          (`lifecycle.transitions`, the platform's included):
 *                                          JSON { comment?, <its text>? }, or multipart with its document
 *                                          in `file` (a PDF) and the same fields
 *
 * Moves follow the service's transition table (engine/core/transitions.ts), taken by the one executor
 * (409 with the reason otherwise), and are recorded in the application's history as `staff:<name>`.
 */
import { basename } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attachManualCertificate, staffAction, staffMove } from '../staff-decisions';
import type { AppContext } from '../context';
import { isRecord, STATUS } from '../../engine/core';
import { idParam, ok, ValidationError } from '../http';
import { MULTIPART_ONLY, paramsSchema, typed } from '../route-schemas';
import { ACTION_BODY, STATUS_BODY, TEXT_MAX, TEXT_MESSAGE, textsOf } from '../staff-bodies';
import { formParts, receiveFile } from '../multipart';
import { staffOf } from '../staff-accounts';
import type { ReceivedFile } from '../storage/file-store';
import { commitWith, startsAsPdf } from '../storage/stored-files';
import { answers } from '../contract/answers';
import { STAFF_CERTIFICATE, STAFF_MOVE } from '../contract/lifecycle';

/** A document staff send: where it is kept, its name and size, whether its first bytes are a PDF's. */
type StaffDocument = { path: string; name: string; size: number; pdf: boolean };

/**
 * Receives a multipart request of staff (its texts, one PDF in `file`) and gives them to `take`, the
 * file stored under its key; the file is removed again when anything refuses it.
 */
async function withStaffDocument<T>(
  ctx: AppContext,
  request: FastifyRequest,
  take: (fields: Record<string, string>, document: StaffDocument) => Promise<T>,
): Promise<T> {
  const fields: Record<string, string> = {};
  let name = 'document.pdf';
  let received: ReceivedFile | null = null;
  try {
    for await (const part of formParts(request)) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string' && part.value.length <= TEXT_MAX) fields[part.fieldname] = part.value;
        else throw new ValidationError([{ field: part.fieldname, message: TEXT_MESSAGE }]);
        continue;
      }
      if (received || part.fieldname !== 'file') {
        part.file.resume();
        throw new ValidationError([{ field: part.fieldname, message: 'Send one file, in the field "file".' }]);
      }
      name = basename(part.filename || name).slice(0, 200);
      received = await receiveFile(part, ctx.files);
    }
    if (!received) throw new ValidationError([{ field: 'file', message: 'This field is required' }]);
    const { size, head } = received;
    const document = received;
    received = null;
    return await commitWith(ctx.files, document, (path) => take(fields, { path, name, size, pdf: startsAsPdf(head) }));
  } finally {
    if (received) await ctx.files.discard(received.temporaryKey).catch(() => undefined);
  }
}

/** Registers the staff's moves, certificate and actions. */
export function staffRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // The staff member of each request, found once: judged before its body (a request without a key is
  // refused as such, whatever it sent), read again by the route.
  const signedIn = new WeakMap<FastifyRequest, Promise<{ id: number; name: string }>>();
  const staffOfRequest = (request: FastifyRequest) => {
    let staff = signedIn.get(request);
    if (!staff) {
      staff = staffOf(db, request, ctx.config.limits.staffKeyMs);
      signedIn.set(request, staff);
    }
    return staff;
  };
  // Public for the applicants' token check: each route checks its staff key instead.
  const staffOnly = {
    config: { public: true },
    preValidation: async (request: FastifyRequest) => {
      await staffOfRequest(request);
    },
  };
  const params = paramsSchema(['id']);
  const moving = { ...staffOnly, schema: { params, response: answers({ 200: STAFF_MOVE }) } };

  typed(app).post(
    '/staff/applications/:id/status',
    { ...moving, schema: { ...moving.schema, body: STATUS_BODY } },
    async (request, reply) => {
      const staff = await staffOfRequest(request);
      const id = idParam(request.params.id);
      const body = request.body;
      const statusId = body.status_id;
      const comment = body.comment;
      const texts = textsOf(body, ['status_id', 'comment', 'manual']);
      const moved = await staffMove(ctx, id, {
        statusId,
        comment: typeof comment === 'string' ? comment : null,
        texts,
        manual: body.manual === true,
        actor: `staff:${staff.name}`,
      });
      return ok(reply, { id, app_id: moved.app_id, from: moved.from, application_status_id: moved.to });
    },
  );

  // Before the actions' route: `certificate` is the staff's own, not a service's action.
  typed(app).post(
    '/staff/applications/:id/certificate',
    {
      ...staffOnly,
      schema: {
        params,
        body: MULTIPART_ONLY,
        response: answers({ 200: STAFF_CERTIFICATE }),
      },
    },
    async (request, reply) => {
      const staff = await staffOfRequest(request);
      const id = idParam(request.params.id);
      if (!request.isMultipart())
        throw new ValidationError([
          { field: 'file', message: 'Send the certificate (a PDF) as multipart, in "file".' },
        ]);
      const done = await withStaffDocument(ctx, request, (fields, document) => {
        const stray = Object.keys(fields);
        if (stray.length > 0)
          throw new ValidationError(
            stray.map((field) => ({ field, message: 'The certificate takes no other field.' })),
          );
        return attachManualCertificate(ctx, id, document, `staff:${staff.name}`);
      });
      return ok(reply, { id, app_id: done.app_id, application_status_id: STATUS.approved });
    },
  );

  typed(app).post(
    '/staff/applications/:id/:action',
    {
      ...moving,
      schema: {
        ...moving.schema,
        params: paramsSchema(['id', 'action']),
        body: ACTION_BODY,
      },
    },
    async (request, reply) => {
      const staff = await staffOfRequest(request);
      const id = idParam(request.params.id);
      const { action } = request.params;
      const actor = `staff:${staff.name}`;
      if (!request.isMultipart()) {
        const { comment, ...texts } = textsOf(isRecord(request.body) ? request.body : {}, []);
        const done = await staffAction(ctx, id, action, { comment: comment ?? null, texts, actor });
        return ok(reply, { id, app_id: done.app_id, from: done.from, application_status_id: done.to });
      }
      const done = await withStaffDocument(ctx, request, ({ comment, ...texts }, document) =>
        staffAction(ctx, id, action, { comment: comment ?? null, texts, document, actor }),
      );
      return ok(reply, { id, app_id: done.app_id, from: done.from, application_status_id: done.to });
    },
  );
}
