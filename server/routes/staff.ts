/**
 * The staff API (an extension: the spec shows no staff side): the moves of the staff command over
 * HTTP, for staff accounts only (`Authorization: Bearer staff_...`; applicants' tokens are refused).
 *
 *   POST staff/applications/{id}/status       { status_id, comment?, conditions?, manual? }
 *   POST staff/applications/{id}/approve-tor  multipart: file (the approved terms of reference, PDF)
 *
 * Moves follow the transitions of engine/core/status-transitions.ts (409 with the reason otherwise)
 * and are recorded in the application's history as `staff:<name>`.
 */
import { randomBytes } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { approveTor, staffMove } from '../applications-store';
import type { AppContext } from '../context';
import { idParam, ok, ValidationError, type FieldError } from '../http';
import { formParts, receiveFile } from '../multipart';
import { staffOf } from '../staff-accounts';
import { isPdfFile, PARTIAL_SUFFIX } from './files';

export const TOR_NOT_PDF = 'The terms of reference must be a PDF.';

export function staffRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // Public for the applicants' token check: each route checks its staff key instead.
  const staffOnly = { config: { public: true } };

  app.post('/staff/applications/:id/status', staffOnly, async (request, reply) => {
    const staff = await staffOf(db, request);
    const id = idParam((request.params as { id: string }).id);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const errors: FieldError[] = [];
    const statusId = body.status_id;
    if (typeof statusId !== 'number' || !Number.isInteger(statusId) || statusId < 1)
      errors.push({ field: 'status_id', message: 'must be a status id' });
    for (const field of ['comment', 'conditions'] as const) {
      const value = body[field];
      if (value !== undefined && value !== null && (typeof value !== 'string' || value.length > 20_000))
        errors.push({ field, message: 'must be a text of at most 20,000 characters' });
    }
    if (body.manual !== undefined && typeof body.manual !== 'boolean')
      errors.push({ field: 'manual', message: 'must be true or false' });
    if (errors.length > 0) throw new ValidationError(errors);
    const moved = await staffMove(db, ctx.dialect, id, {
      statusId: statusId as number,
      comment: (body.comment as string | undefined) ?? null,
      ...(typeof body.conditions === 'string' ? { conditions: body.conditions } : {}),
      manual: body.manual === true,
      actor: `staff:${staff.name}`,
    });
    return ok(reply, { id, app_id: moved.app_id, from: moved.from, application_status_id: moved.to });
  });

  app.post('/staff/applications/:id/approve-tor', staffOnly, async (request, reply) => {
    const staff = await staffOf(db, request);
    const id = idParam((request.params as { id: string }).id);
    if (!request.isMultipart())
      throw new ValidationError([{ field: 'file', message: 'Send the PDF as multipart/form-data.' }]);
    const path = `uploads/${randomBytes(16).toString('hex')}`;
    const absolute = join(ctx.config.dataDir, path);
    const partial = `${absolute}${PARTIAL_SUFFIX}`;
    let name = 'terms-of-reference.pdf';
    let received = false;
    try {
      for await (const part of formParts(request)) {
        if (part.type !== 'file') continue;
        if (received || part.fieldname !== 'file') {
          part.file.resume();
          throw new ValidationError([{ field: part.fieldname, message: 'Send one file, in the field "file".' }]);
        }
        received = true;
        name = basename(part.filename || name).slice(0, 200);
        await receiveFile(part, partial);
      }
      if (!received) throw new ValidationError([{ field: 'file', message: 'This field is required' }]);
      if (!(await isPdfFile(partial))) throw new ValidationError([{ field: 'file', message: TOR_NOT_PDF }]);
      const size = (await stat(partial)).size;
      await rename(partial, absolute);
      const done = await approveTor(db, ctx.dialect, id, { path, name, size }, `staff:${staff.name}`);
      return ok(reply, { id, app_id: done.app_id, from: done.from, application_status_id: 17 });
    } catch (error) {
      await rm(partial, { force: true });
      await rm(absolute, { force: true });
      throw error;
    }
  });
}
