/**
 * Attachments: a streamed multipart upload into the file store (25 MB cap, kind checked by extension
 * and by the file's first bytes), under the rules of ../upload-rules.ts.
 */
import { MULTIPART_ONLY } from '../route-schemas';
import { basename } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { STATUS, FILE_KINDS, fileExtension } from '../../engine/core';
import { assertEditable, lockApplication, ownedApplication } from '../applications-store';
import type { AppContext } from '../context';
import { answers } from '../contract/answers';
import { UPLOADED } from '../contract/files';
import { nowIso } from '../db/database';
import type { Application } from '../db/tables';
import { REQUIRED } from '../field-rules';
import { HttpError, idParam, notFound, ok, ValidationError } from '../http';
import { formParts, receiveFile } from '../multipart';
import type { ReceivedFile } from '../storage/file-store';
import { commitWith, sniffKind } from '../storage/stored-files';
import { UPLOAD_MESSAGES } from '../storage/upload-messages';
import { MEGABYTE, uploadRules } from '../upload-rules';
import { appendTrail } from '../trail/append';
import { fileFingerprint } from '../trail/files';

/** Registers `POST applications/upload/file`. */
export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const limits = ctx.config.limits;
  const { acceptedKinds, attachableApplication, taskUploadOf, consumeDailyAllowance, recordAttachment } =
    uploadRules(ctx);

  /**
   * Upload: the file streams into the store under a temporary key, is checked (owner, status, kind,
   * quotas), then committed under its key and recorded in one transaction. A crash at any point
   * leaves either a temporary file or an unrecorded one, both removed by a later start's sweep
   * (`sweepOrphans`), never a record without its file.
   */
  app.post(
    '/applications/upload/file',
    { schema: { body: MULTIPART_ONLY, response: answers({ 201: UPLOADED }) } },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new ValidationError([{ field: 'file', message: 'Send the file as multipart/form-data.' }]);
      const fields: Record<string, string> = {};
      let application: Application | null = null;
      let stored: { received: ReceivedFile; name: string } | null = null;
      const replaced: string[] = [];
      try {
        for await (const part of formParts(request)) {
          if (part.type === 'file') {
            if (stored || part.fieldname !== 'file') {
              part.file.resume();
              throw new ValidationError([
                { field: part.fieldname, message: 'Send exactly one file, in the field "file".' },
              ]);
            }
            const name = basename(part.filename || 'file').slice(0, 200);
            stored = { received: await receiveFile(part, ctx.files), name };
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
            // Refuse early, before the file is read, when the form names the application first.
            if (part.fieldname === 'application_id' && !stored)
              application = await attachableApplication(request.clientId, part.value);
          }
        }
        if (!stored) throw new ValidationError([{ field: 'file', message: REQUIRED }]);
        // The file is in: whether it may be attached is judged once, by `taskUploadOf` below.
        application ??= await ownedApplication(db, request.clientId, idParam(fields.application_id));
        const description = (fields.description ?? '').trim().slice(0, 300) || stored.name;
        const taskUpload = await taskUploadOf(db, application, description);
        const extension = fileExtension(stored.name);
        const sniffed = sniffKind(stored.received.head, extension);
        const kinds = taskUpload ? taskUpload.accept : acceptedKinds(application, description);
        if (!sniffed || !kinds.includes(sniffed.kind) || !FILE_KINDS[sniffed.kind].extensions.includes(extension)) {
          throw new HttpError(415, `This file type is not accepted. Accepted: ${kinds.join(', ')}`);
        }
        const size = stored.received.size;
        await consumeDailyAllowance(request.clientId, size);
        const file = stored;
        const target = application;
        const row = await recordAttachment(request.clientId, size, () =>
          db.transaction().execute(async (trx) => {
            const locked = await lockApplication(trx, ctx.dialect, target.id);
            if (!locked) throw notFound('Application not found');
            // Judged again under the lock: the application may have moved since.
            if (taskUpload) await taskUploadOf(trx, locked, description);
            else assertEditable(locked);
            // A draft's new file for a document replaces the one it held: nobody at the authority has seen
            // it. A returned application keeps every version for the authority's history; the
            // applicant's list shows the latest (`currentAttachments`).
            if (locked.status_id === STATUS.draft) {
              const earlier = await trx
                .deleteFrom('attachments')
                .where('application_id', '=', locked.id)
                .where('description', '=', description)
                .where('internal', '=', 0)
                .returning(['path', 'description', 'name', 'size', 'sha256', 'internal'])
                .execute();
              replaced.push(...earlier.map((row) => row.path));
              for (const gone of earlier)
                await appendTrail(trx, locked.id, {
                  kind: 'file-removed',
                  actor: 'applicant',
                  data: fileFingerprint(gone),
                });
            }
            const held = await trx
              .selectFrom('attachments')
              .select((eb) => [
                eb.fn.countAll<string | number>().as('files'),
                eb.fn.sum<string | number>('size').as('bytes'),
              ])
              .where('application_id', '=', target.id)
              .executeTakeFirst();
            if (
              Number(held?.files ?? 0) + 1 > limits.uploadFilesPerApplication ||
              Number(held?.bytes ?? 0) + size > limits.uploadBytesPerApplication
            ) {
              throw new HttpError(
                409,
                UPLOAD_MESSAGES.applicationFull(
                  limits.uploadFilesPerApplication,
                  Math.round(limits.uploadBytesPerApplication / MEGABYTE),
                ),
              );
            }
            // Stored before it is recorded: a record never points at a missing file.
            return commitWith(ctx.files, file.received, async (path) => {
              const added = await trx
                .insertInto('attachments')
                .values({
                  application_id: target.id,
                  description,
                  path,
                  name: file.name,
                  size,
                  mime: sniffed.mime,
                  created_at: nowIso(),
                  sha256: file.received.sha256,
                })
                .returning(['id', 'description', 'path', 'name'])
                .executeTakeFirstOrThrow();
              await appendTrail(trx, target.id, {
                kind: 'file-added',
                actor: 'applicant',
                data: fileFingerprint({ description, name: file.name, size, sha256: file.received.sha256 }),
              });
              return added;
            });
          }),
        );
        stored = null;
        // The files the new one replaced, once their records are gone (a crash, or a file store down
        // now, leaves files no record points to, which a later start's sweep removes): the upload is
        // recorded, so it is answered as done.
        for (const path of replaced) {
          await ctx.files
            .remove(path)
            .catch((err: unknown) => request.log.warn({ err }, 'removing a replaced file failed'));
        }
        return ok(reply, row, 201);
      } finally {
        // Anything not recorded (refused, too large, aborted) is removed from the store.
        if (stored) await ctx.files.discard(stored.received.temporaryKey).catch(() => undefined);
      }
    },
  );
}
