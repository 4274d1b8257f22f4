/**
 * The documents staff send over HTTP (a transition's document, the certificate of a manual approval):
 * a multipart request, its texts beside one PDF in `file`, the file stored under its key and removed
 * again when anything refuses it.
 */
import { basename } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context';
import { ValidationError } from './http';
import { formParts, receiveFile } from './multipart';
import type { ReceivedFile } from './storage/file-store';
import { commitWith, startsAsPdf } from './storage/stored-files';
import { NOT_A_TEXT, STAFF_TEXT_MAX } from './transitions/staff-bodies';

/** A document staff send: where it is kept, its name and size, whether its first bytes are a PDF's. */
export type StaffDocument = { path: string; name: string; size: number; pdf: boolean };

/**
 * Receives a multipart request of staff (its texts, one PDF in `file`) and gives them to `take`, the
 * file stored under its key; the file is removed again when anything refuses it. The parts are read
 * as they stream, so their texts are judged here (a JSON body's by its route's schema).
 */
export async function withStaffDocument<T>(
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
        if (typeof part.value === 'string' && part.value.length <= STAFF_TEXT_MAX) fields[part.fieldname] = part.value;
        else throw new ValidationError([{ field: part.fieldname, message: NOT_A_TEXT }]);
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
