/**
 * Attachments: streamed multipart upload to DATA_DIR/uploads (25 MB cap, kind checked by extension
 * and by the file's first bytes) and owner-only download.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { FileKind } from '../../engine/core/definition-types';
import { ALL_FILE_KINDS, FILE_KINDS, fileExtension } from '../../engine/core/file-kinds';
import { acceptsFollowUps, NOT_CHANGEABLE, ownedApplication } from '../applications-store';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { HttpError, idParam, notFound, ok, ValidationError } from '../http';
import { REQUIRED } from '../field-rules';

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

interface Sniffed {
  kind: FileKind;
  mime: string;
}

/** The kind of a file from its first bytes (magic numbers), or null when none matches. */
export function sniffKind(head: Buffer, extension: string): Sniffed | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return { kind: 'pdf', mime: 'application/pdf' };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { kind: 'image', mime: 'image/png' };
  if (starts(0xff, 0xd8, 0xff)) return { kind: 'image', mime: 'image/jpeg' };
  if (starts(0x47, 0x49, 0x46, 0x38)) return { kind: 'image', mime: 'image/gif' };
  if (starts(0x52, 0x49, 0x46, 0x46) && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return { kind: 'image', mime: 'image/webp' };
  if (starts(0x42, 0x4d) && extension === '.bmp') return { kind: 'image', mime: 'image/bmp' };
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return { kind: 'doc', mime: 'application/msword' };
  // A docx is a zip archive; only the .docx extension makes a zip acceptable.
  if (starts(0x50, 0x4b, 0x03, 0x04) && extension === '.docx') {
    return { kind: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  }
  return null;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** `attachment` disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** Kinds a service accepts: its documents step, or every kind for a service without a definition. */
  function acceptedKinds(serviceId: number): FileKind[] {
    const definition = ctx.definitions.find((d) => d.id === serviceId);
    if (!definition) return [...ALL_FILE_KINDS];
    const kinds = new Set<FileKind>(definition.documents.accept);
    for (const extra of definition.documents.extra ?? []) for (const k of extra.accept ?? []) kinds.add(k);
    return [...kinds];
  }

  app.post('/applications/upload/file', async (request, reply) => {
    if (!request.isMultipart())
      throw new ValidationError([{ field: 'file', message: 'Send the file as multipart/form-data.' }]);
    const fields: Record<string, string> = {};
    let stored: { path: string; absolute: string; name: string; size: number } | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (stored || part.fieldname !== 'file') {
            part.file.resume();
            throw new ValidationError([
              { field: part.fieldname, message: 'Send exactly one file, in the field "file".' },
            ]);
          }
          const relative = `uploads/${randomBytes(16).toString('hex')}`;
          const absolute = join(ctx.config.dataDir, relative);
          stored = { path: relative, absolute, name: basename(part.filename || 'file').slice(0, 200), size: 0 };
          await pipeline(part.file, createWriteStream(absolute, { flags: 'wx' }));
          stored.size = (await stat(absolute)).size;
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      if (!stored) throw new ValidationError([{ field: 'file', message: REQUIRED }]);
      const applicationId = idParam(fields.application_id);
      const application = await ownedApplication(db, request.clientId, applicationId);
      if (!acceptsFollowUps(application)) throw new HttpError(409, NOT_CHANGEABLE);
      const extension = fileExtension(stored.name);
      const sniffed = sniffKind(await readHead(stored.absolute), extension);
      const kinds = acceptedKinds(application.service_id);
      if (!sniffed || !kinds.includes(sniffed.kind) || !FILE_KINDS[sniffed.kind].extensions.includes(extension)) {
        throw new HttpError(415, `This file type is not accepted. Accepted: ${kinds.join(', ')}`);
      }
      const description = (fields.description ?? '').trim().slice(0, 300) || stored.name;
      const row = await db
        .insertInto('attachments')
        .values({
          application_id: application.id,
          description,
          path: stored.path,
          name: stored.name,
          size: stored.size,
          mime: sniffed.mime,
          created_at: nowIso(),
        })
        .returning(['id', 'description', 'path', 'name'])
        .executeTakeFirstOrThrow();
      stored = null;
      return ok(reply, row, 201);
    } finally {
      // Anything not recorded (refused, too large, aborted) is removed from disk.
      if (stored) await rm(stored.absolute, { force: true });
    }
  });

  app.get('/service/download-attachment', async (request, reply) => {
    const file = String((request.query as { file?: unknown }).file ?? '');
    if (!/^uploads\/[0-9a-f]{32}$/.test(file)) throw notFound('File not found');
    const attachment = await db
      .selectFrom('attachments')
      .innerJoin('applications', 'applications.id', 'attachments.application_id')
      .select(['attachments.name', 'attachments.mime'])
      .where('attachments.path', '=', file)
      .where('applications.client_id', '=', request.clientId)
      .executeTakeFirst();
    const certificate = attachment
      ? undefined
      : await db
          .selectFrom('applications')
          .select(['manual_certificate_name'])
          .where('manual_certificate_path', '=', file)
          .where('client_id', '=', request.clientId)
          .executeTakeFirst();
    const name = attachment?.name ?? certificate?.manual_certificate_name ?? null;
    if (!attachment && !certificate) throw notFound('File not found');
    const uploads = resolve(ctx.config.dataDir, 'uploads');
    const absolute = resolve(ctx.config.dataDir, file);
    if (!absolute.startsWith(uploads + sep)) throw notFound('File not found');
    const info = await stat(absolute).catch(() => null);
    if (!info) throw notFound('File not found');
    return reply
      .code(200)
      .header('Content-Type', attachment?.mime ?? 'application/octet-stream')
      .header('Content-Length', info.size)
      .header('Content-Disposition', contentDisposition(name ?? 'file'))
      .header('X-Content-Type-Options', 'nosniff')
      .send(createReadStream(absolute));
  });
}
