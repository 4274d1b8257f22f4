/**
 * The rules of an upload (server/routes/uploads.ts): which kinds of file a document takes, which
 * applications take files (editable, or with an open task asking for one), and the client's daily
 * allowance of files and bytes (refused uploads give theirs back).
 */
import type { Kysely } from 'kysely';
import { ALL_FILE_KINDS, formsOf, type FileKind, type UploadSlot } from '../engine/core';
import { openTasksOf, taskUploadSlot } from './applicant-tasks';
import {
  assertEditable,
  definitionOfStored,
  EDITABLE_STATUSES,
  NOT_CHANGEABLE,
  ownedApplication,
} from './applications-store';
import type { AppContext } from './context';
import type { Application, Database } from './db/tables';
import { HttpError, idParam } from './http';
import { UPLOAD_MESSAGES } from './storage/upload-messages';
import { consume, release } from './throttle';

const DAY_MS = 24 * 60 * 60 * 1000;
export const MEGABYTE = 1024 * 1024;

/** The upload rules of one server, over its database, definitions and limits. */
export function uploadRules(ctx: AppContext) {
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

  return { acceptedKinds, attachableApplication, taskUploadOf, consumeDailyAllowance, recordAttachment };
}
