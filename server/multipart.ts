/**
 * Reading a multipart/form-data upload the way the JSON parser reads a body (server/json-body.ts):
 * what the client sent wrong is answered as the client's error, never as a server failure.
 *
 * - A body busboy cannot read (no boundary, cut short, a malformed part) answers 422 'Send the file
 *   as multipart/form-data.' instead of the 500 its plain `Error` would give; a second file, past
 *   the parser's limit of one, answers 422 as the upload routes do.
 * - NUL characters in a field's name or value or in a file name are refused (400), as in JSON:
 *   PostgreSQL text refuses them and SQLite would keep them, so both databases get the same answer.
 */
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { JSON_MESSAGES } from './json-body';
import { HttpError, ValidationError } from './http';
import type { FileStore, ReceivedFile } from './storage/file-store';

export const MALFORMED_MULTIPART = 'Send the file as multipart/form-data.';

export const ONE_FILE = 'Send exactly one file, in the field "file".';

/** The error to answer for a failure of the body itself: its own 4xx when it has one, else a 422. */
function asClientError(error: unknown): unknown {
  const { statusCode: status, code } = (error ?? {}) as { statusCode?: unknown; code?: unknown };
  // A second file is past the parser's limit of one: said as the upload routes say it.
  if (code === 'FST_FILES_LIMIT') return new ValidationError([{ field: 'file', message: ONE_FILE }]);
  if (error instanceof HttpError || (typeof status === 'number' && status < 500)) return error;
  return new ValidationError([{ field: 'file', message: MALFORMED_MULTIPART }]);
}

const hasNul = (text: string | undefined) => text !== undefined && text.includes('\u0000');

/**
 * The parts of a multipart request, in order, each checked for NUL characters. Use instead of
 * `request.parts()`; a file part must be read (`receiveFile`) or resumed before the next one.
 */
export async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart, void, undefined> {
  const parts = request.parts();
  let finished = false;
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        finished = true;
        throw asClientError(error);
      }
      if (next.done) {
        finished = true;
        return;
      }
      const part = next.value;
      const text = part.type === 'file' ? part.filename : typeof part.value === 'string' ? part.value : undefined;
      if (hasNul(part.fieldname) || hasNul(text)) {
        if (part.type === 'file') part.file.resume();
        throw new HttpError(400, JSON_MESSAGES.nul);
      }
      yield part;
    }
  } finally {
    // The consumer stopped early (a refusal): let the parser wind down as `for await` would.
    if (!finished) await parts.return?.(undefined);
  }
}

/**
 * Streams a file part into the file store under a temporary key. A body that breaks off or is
 * malformed while the file arrives is the client's error; a failure of the store stays a server error.
 */
export async function receiveFile(part: MultipartFile, store: FileStore): Promise<ReceivedFile> {
  // The body may have failed before this function was called; its stream then holds the error.
  let bodyFailed = part.file.errored !== null;
  part.file.once('error', () => (bodyFailed = true));
  try {
    return await store.receive(part.file);
  } catch (error) {
    throw bodyFailed ? asClientError(error) : error;
  }
}
