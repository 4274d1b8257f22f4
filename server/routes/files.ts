/**
 * Attachments: streamed multipart upload into the file store (25 MB cap, kind checked by extension
 * and by the file's first bytes) and owner-only download, streamed from the store.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import {
  STATUS,
  type FileKind,
  formsOf,
  downloadableDocuments,
  ALL_FILE_KINDS,
  FILE_KINDS,
  fileExtension,
  type UploadSlot,
} from '../../engine/core';
import { openTasksOf, taskUploadSlot } from '../applicant-tasks';
import {
  assertEditable,
  definitionOfStored,
  EDITABLE_STATUSES,
  lockApplication,
  NOT_CHANGEABLE,
  ownedApplication,
} from '../applications-store';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { Application, Database } from '../db/tables';
import { HttpError, idParam, notFound, ok, ValidationError } from '../http';
import { REQUIRED } from '../field-rules';
import { formParts, receiveFile } from '../multipart';
import { consume, release } from '../throttle';
import { STORED_KEY, type FileStore, type ReceivedFile } from '../storage/file-store';
import { answers, download } from '../contract/answers';
import { TEMPLATE_TYPES, UPLOADED } from '../contract/files';

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

/** True when a file's first bytes are a PDF's (the check of the staff's ToR and review documents). */
export function startsAsPdf(head: Buffer): boolean {
  return sniffKind(head, '.pdf')?.kind === 'pdf';
}

/** A new key for a stored file: `uploads/` and 32 random hex digits. */
export function newStoredKey(): string {
  return `uploads/${randomBytes(16).toString('hex')}`;
}

/**
 * Runs `record` with the received file committed under a new key, inside the caller's transaction:
 * the file becomes readable right before its record commits. When `record` or the commit fails,
 * nothing of the file is left.
 */
export async function commitWith<T>(
  files: FileStore,
  received: ReceivedFile,
  record: (key: string) => Promise<T>,
): Promise<T> {
  const key = newStoredKey();
  let committed = false;
  try {
    await files.commit(received, key);
    committed = true;
    return await record(key);
  } catch (error) {
    if (committed) await files.remove(key).catch(() => undefined);
    throw error;
  }
}

/** `attachment` disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Content types of the template files a definition may ship. */
const FILE_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.odt': 'application/vnd.oasis.opendocument.text',
};

export const UPLOAD_MESSAGES = {
  applicationFull: (files: number, megabytes: number) =>
    `This application already holds the most files allowed (${files} files, ${megabytes} MB in all).`,
  dailyLimit: (files: number, megabytes: number) =>
    `You have reached today's upload limit (${files} files, ${megabytes} MB). Please try again tomorrow.`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const MEGABYTE = 1024 * 1024;

export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const limits = ctx.config.limits;

  const definitionOf = (application: Application) => definitionOfStored(ctx, application);

  /** Kinds an application's service accepts: its documents step, or every kind for a service without a definition. */
  function acceptedKinds(application: Application, description: string): FileKind[] {
    const definition = definitionOf(application);
    if (!definition) return [...ALL_FILE_KINDS];
    // The kinds of the document it is for: an extra upload's own (`accept`), else its form's. A
    // service with variants takes what any of its forms takes for that document.
    const kinds = new Set<FileKind>();
    for (const { documents } of formsOf(definition)) {
      const extra = (documents.extra ?? []).find((candidate) => candidate.name === description);
      for (const kind of extra?.accept ?? documents.accept) kinds.add(kind);
    }
    return [...kinds];
  }

  /**
   * The caller's application, refused unless files may still be attached: its form may change (draft
   * or returned), or an applicant task of it is open (the audit's reports in phase 2).
   */
  async function attachableApplication(clientId: number, value: unknown): Promise<Application> {
    const application = await ownedApplication(db, clientId, idParam(value));
    if (EDITABLE_STATUSES.includes(application.status_id)) return application;
    if ((await openTasksOf(db, definitionOf(application), application)).length === 0) assertEditable(application);
    return application;
  }

  /**
   * Where a file of an application that is not editable goes: the upload of an open task it is
   * described as (null for an editable application); refused (409) when no open task asks for it.
   */
  async function taskUploadOf(
    executor: Kysely<Database>,
    application: Application,
    description: string,
  ): Promise<UploadSlot | null> {
    if (EDITABLE_STATUSES.includes(application.status_id)) return null;
    const open = await openTasksOf(executor, definitionOf(application), application);
    const slot = taskUploadSlot(open, description);
    if (!slot) throw new HttpError(409, NOT_CHANGEABLE);
    return slot;
  }

  /** The client's daily upload counters: files and bytes. */
  const dailyBuckets = (clientId: number) => ({
    files: { bucket: `uploads-day-files:${clientId}`, limit: { max: limits.uploadFilesPerDay, windowMs: DAY_MS } },
    bytes: { bucket: `uploads-day-bytes:${clientId}`, limit: { max: limits.uploadBytesPerDay, windowMs: DAY_MS } },
  });

  /** Takes an upload back from the day's allowance: refused uploads do not use up the day. */
  async function giveBackDailyAllowance(clientId: number, size: number): Promise<void> {
    const { files, bytes } = dailyBuckets(clientId);
    await release(db, files.bucket);
    await release(db, bytes.bucket, size);
  }

  /** Counts the file against the client's daily allowance (files and bytes), or answers 429. */
  async function consumeDailyAllowance(clientId: number, size: number): Promise<void> {
    const { files, bytes } = dailyBuckets(clientId);
    const byFiles = await consume(db, files.bucket, files.limit);
    const byBytes = await consume(db, bytes.bucket, bytes.limit, size);
    if (byFiles.allowed && byBytes.allowed) return;
    await giveBackDailyAllowance(clientId, size);
    const error = new HttpError(
      429,
      UPLOAD_MESSAGES.dailyLimit(limits.uploadFilesPerDay, Math.round(limits.uploadBytesPerDay / MEGABYTE)),
    );
    error.headers = { 'Retry-After': String(Math.ceil(Math.max(byFiles.retryAfterMs, byBytes.retryAfterMs) / 1000)) };
    throw error;
  }

  /** Runs the recording of an upload; when it is refused, the day's allowance is given back. */
  async function recordAttachment<T>(clientId: number, size: number, record: () => Promise<T>): Promise<T> {
    try {
      return await record();
    } catch (error) {
      await giveBackDailyAllowance(clientId, size);
      throw error;
    }
  }

  /**
   * Upload: the file streams into the store under a temporary key, is checked (owner, status, kind,
   * quotas), then committed under its key and recorded in one transaction. A crash at any point
   * leaves either a temporary file or an unrecorded one, both removed by a later start's sweep
   * (`sweepOrphans`), never a record without its file.
   */
  app.post(
    '/applications/upload/file',
    { schema: { response: answers({ 201: UPLOADED }) } },
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
                .returning('path')
                .execute();
              replaced.push(...earlier.map((row) => row.path));
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
            return commitWith(ctx.files, file.received, (path) =>
              trx
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
                .executeTakeFirstOrThrow(),
            );
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

  /**
   * A document template a definition ships (`documents.templates`, a file of the service folder's
   * `files/`), e.g. the blank signed notification of the export licence. Public: it is a blank form.
   */
  app.get<{ Params: { serviceId: string; file: string } }>(
    '/service/templates/:serviceId/:file',
    { config: { public: true }, schema: { response: download(TEMPLATE_TYPES, 'A blank document of the service') } },
    async (request, reply) => {
      const { serviceId, file } = request.params;
      const definition = ctx.definitions.find((d) => d.id === idParam(serviceId));
      const declared = definition
        ? formsOf(definition).some((form) => (form.documents.templates ?? []).some((t) => t.file === file))
        : false;
      if (!definition || !declared || !ctx.servicesDir) throw notFound('File not found');
      const absolute = join(ctx.servicesDir, definition.key, 'files', file);
      const info = await stat(absolute).catch(() => null);
      if (!info?.isFile()) throw notFound('File not found');
      return reply
        .code(200)
        .header('Content-Type', FILE_TYPES[fileExtension(file)] ?? 'application/octet-stream')
        .header('Content-Length', info.size)
        .header('Content-Disposition', contentDisposition(file))
        .header('Cache-Control', 'public, max-age=3600')
        .send(createReadStream(absolute));
    },
  );

  app.get<{ Querystring: { file?: unknown } }>(
    '/service/download-attachment',
    { schema: { response: download(['application/octet-stream'], "A file of the caller's application") } },
    async (request, reply) => {
      const file = String(request.query.file ?? '');
      if (!STORED_KEY.test(file)) throw notFound('File not found');
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
      return sendStoredFile(reply, file, name ?? 'file', attachment?.mime ?? 'application/octet-stream');
    },
  );

  // The documents staff actions file (`lifecycle.actions[].document`; the audit's approved ToR at
  // spec 02's api/verify/tor/{app_id}): the caller's own application's latest, once filed.
  for (const { definition, document } of downloadableDocuments(ctx.definitions)) {
    app.get<{ Params: { appId?: unknown } }>(
      `/${document.download.replace('{app_id}', ':appId')}`,
      { schema: { response: download(['application/pdf'], document.description) } },
      async (request, reply) => {
        const appId = String(request.params.appId ?? '');
        const filed = await db
          .selectFrom('attachments')
          .innerJoin('applications', 'applications.id', 'attachments.application_id')
          .select(['attachments.path', 'attachments.name'])
          .where('applications.app_id', '=', appId)
          .where('applications.client_id', '=', request.clientId)
          .where('applications.service_id', '=', definition.id)
          .where('attachments.internal', '=', 1)
          .where('attachments.description', '=', document.description)
          .orderBy('attachments.id', 'desc')
          .executeTakeFirst();
        if (!filed) throw notFound('File not found');
        return sendStoredFile(reply, filed.path, filed.name, 'application/pdf');
      },
    );
  }

  /** Streams a stored file (`uploads/<hex>`) from the store as a download; 404 when the store has none. */
  async function sendStoredFile(reply: FastifyReply, file: string, name: string, mime: string) {
    const opened = STORED_KEY.test(file) ? await ctx.files.open(file) : null;
    if (!opened) throw notFound('File not found');
    return reply
      .code(200)
      .header('Content-Type', mime)
      .header('Content-Length', opened.size)
      .header('Content-Disposition', contentDisposition(name))
      .header('X-Content-Type-Options', 'nosniff')
      .send(opened.body);
  }
}
