/**
 * The answers an application's trail records as RFC 6902 JSON Patches: one document per application,
 * `{ draft, records }` (the draft's answers as saved, `{ answers, variant? }` or null, and each stored
 * record by its key). It starts empty (`EMPTY_ANSWERS`, at the `created` event); each `answers` or
 * `records` event holds the patch (`data.patch`) from the document before the change to the one after,
 * so applying them in order rebuilds the answers at any event.
 */
import fastJsonPatch, { type Operation } from 'fast-json-patch';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { appendTrail, type TrailEvent } from './append';

/** What the trail's patches apply to. */
export interface AnswersDocument {
  draft: unknown;
  records: Record<string, unknown>;
}

/** The document before the first event: no draft, no record. */
export const EMPTY_ANSWERS: AnswersDocument = { draft: null, records: {} };

/** The application's answers as stored now: its draft's and its records. */
export async function answersDocument(db: Kysely<Database>, applicationId: number): Promise<AnswersDocument> {
  const [application, records] = await Promise.all([
    db.selectFrom('applications').select('draft_answers').where('id', '=', applicationId).executeTakeFirst(),
    db
      .selectFrom('application_records')
      .select(['record_key', 'data'])
      .where('application_id', '=', applicationId)
      .orderBy('record_key')
      .execute(),
  ]);
  return {
    draft: parsedOrNull(application?.draft_answers ?? null),
    records: Object.fromEntries(records.map((row) => [row.record_key, parsedOrNull(row.data)])),
  };
}

/** The stored JSON text parsed (a text that is not JSON is kept as the text). */
export function parsedOrNull(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The JSON Patch (RFC 6902) that turns `before` into `after` (part of the document or all of it). */
export function answersPatch(before: Partial<AnswersDocument>, after: Partial<AnswersDocument>): Operation[] {
  return fastJsonPatch.compare(before, after);
}

/** The document the patches make from `start`, applied in order (each is checked as it applies). */
export function applyAnswersPatches(
  patches: readonly Operation[][],
  start: AnswersDocument = EMPTY_ANSWERS,
): AnswersDocument {
  let document = fastJsonPatch.deepClone(start) as AnswersDocument;
  for (const patch of patches) document = fastJsonPatch.applyPatch(document, patch, true, true).newDocument;
  return document;
}

/**
 * Appends the `records` event of a change of the answers made in the caller's transaction since
 * `before` was read (a submit call's records, a submission clearing its draft, a task's record, a
 * record migration): the patch from `before` to the answers as stored now; nothing when none changed.
 */
export async function appendAnswersChange(
  trx: Transaction<Database>,
  applicationId: number,
  before: AnswersDocument,
  by: Pick<TrailEvent, 'actor' | 'session'> & { kind?: 'records' | 'answers' },
): Promise<void> {
  const patch = answersPatch(before, await answersDocument(trx, applicationId));
  if (patch.length > 0)
    await appendTrail(trx, applicationId, {
      kind: by.kind ?? 'records',
      actor: by.actor,
      session: by.session ?? null,
      data: { patch },
    });
}
