/**
 * The one persist step of the submissions: a record is stored under its key (a form's record, a
 * call's part, a task's record), replacing the one before; a submit call that saves the form's record
 * submits the application under its lock, once the whole form and its documents hold.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  type ServiceDefinition,
  type SubmitCall,
  schemaMatches,
  validateFormData,
  fieldsOfCall,
  uploadSlots,
  definedProperties,
  STATUS,
  isRecord,
} from '../../engine/core';
import { assertEditable, lockApplication, missingUploadErrors } from '../applications-store';
import { nowIso } from '../db/database';
import type { Database } from '../db/tables';
import { HttpError, ValidationError, type FieldError } from '../http';
import { performTransition, type ExecutorContext } from '../transitions/execute';
import { answersDocument, appendAnswersChange } from '../trail/answers';

type Data = Record<string, unknown>;

export const DOCUMENTS_MISSING = 'Please upload all required documents.';
export const OTHER_FORM = 'This application was submitted with another form of the service.';

/** Stores `record` as the application's record `key`, replacing the one before (in the caller's transaction). */
export async function upsertRecord(
  db: Kysely<Database>,
  applicationId: number,
  key: string,
  record: unknown,
): Promise<void> {
  const now = nowIso();
  const data = JSON.stringify(record);
  await db
    .insertInto('application_records')
    .values({ application_id: applicationId, record_key: key, data, updated_at: now })
    .onConflict((oc) => oc.columns(['application_id', 'record_key']).doUpdateSet({ data, updated_at: now }))
    .execute();
}

/**
 * The required documents of the service (its mandatory service attachments and the definition's
 * required extra uploads whose condition holds for `formData`) that the application does not hold,
 * as field errors named by document.
 */
async function missingDocuments(
  trx: Transaction<Database>,
  definition: ServiceDefinition,
  applicationId: number,
  formData: Data,
): Promise<FieldError[]> {
  const serviceAttachments = definition.documents.serviceAttachments
    ? await trx
        .selectFrom('service_attachments')
        .select(['name', 'description', 'info', 'is_mandatory'])
        .where('service_id', '=', definition.id)
        .execute()
    : [];
  return missingUploadErrors(trx, applicationId, uploadSlots(definition, serviceAttachments, formData, schemaMatches));
}

/**
 * The other calls of a record call's pipeline, by what the record does with their fields: `senders`
 * save fields the record leaves out (`omit`: read back to make the whole form), `restated` save only
 * fields the record holds too (written again from the record when it submits, the audit's locations).
 */
function pipelineParts(
  definition: ServiceDefinition,
  recordCall: SubmitCall,
): { senders: string[]; restated: Array<{ name: string; fields: string[] }> } {
  const formFields = [...definedProperties(definition.formSchema).keys()];
  const omitted = new Set(recordCall.omit ?? []);
  const senders: string[] = [];
  const restated: Array<{ name: string; fields: string[] }> = [];
  for (const other of definition.submit.calls) {
    if (other === recordCall) continue;
    const fields = fieldsOfCall(other, formFields);
    if (fields.some((field) => omitted.has(field))) senders.push(other.name);
    else if (fields.length > 0) restated.push({ name: other.name, fields });
  }
  return { senders, restated };
}

/**
 * The whole form of an application at its submission: the record and the fields it leaves out
 * (`omit`), as the calls before it (`senders`) saved them. A field no call saved is absent.
 */
async function wholeForm(
  trx: Transaction<Database>,
  call: SubmitCall,
  senders: readonly string[],
  applicationId: number,
  record: Data,
): Promise<Data> {
  const omitted = call.omit ?? [];
  if (omitted.length === 0) return record;
  const whole: Data = { ...record };
  if (senders.length > 0) {
    const saved = await trx
      .selectFrom('application_records')
      .select('data')
      .where('application_id', '=', applicationId)
      .where('record_key', 'in', [...senders])
      .execute();
    for (const row of saved) {
      const part = JSON.parse(row.data) as unknown;
      if (isRecord(part)) for (const field of omitted) if (field in part) whole[field] = part[field];
    }
  }
  return whole;
}

/** What a submit call persists: its record for an application, judged already. */
export interface SubmitPersist {
  definition: ServiceDefinition;
  call: SubmitCall;
  applicationId: number;
  recordKey: string;
  record: Data;
  /** Records of the service's other forms (variants): an application holds the record of one form. */
  otherRecords: readonly string[];
  /**
   * Parts saved by the other forms' calls and not by this form's: a draft switched from one form to
   * another (Basel to Rotterdam) drops them when it is submitted, so it holds what its form asked.
   */
  otherParts: readonly string[];
}

/**
 * Persists a submit call's record under the application's lock: a call may change an application only
 * while its form may (draft or returned); the call that saves the form's record submits it, through
 * the one executor (the `via: "submit"` row of the table that leaves the application's status).
 */
export async function persistSubmission(ctx: ExecutorContext, persist: SubmitPersist): Promise<void> {
  const { definition, call, record, recordKey } = persist;
  if (!call.savesRecord) {
    await ctx.db.transaction().execute(async (trx) => {
      const locked = await lockApplication(trx, ctx.dialect, persist.applicationId);
      if (!locked) throw new HttpError(404, 'Application not found');
      assertEditable(locked);
      const before = await answersDocument(trx, locked.id);
      await upsertRecord(trx, locked.id, recordKey, record);
      await appendAnswersChange(trx, locked.id, before, { actor: 'applicant' });
    });
    return;
  }
  await performTransition(
    ctx,
    persist.applicationId,
    { by: 'applicant', via: ['submit'], actor: 'applicant' },
    async (trx, locked) => {
      assertEditable(locked);
      const before = await answersDocument(trx, locked.id);
      await keepSubmittedRecords(trx, persist, locked.id);
      const now = nowIso();
      await trx
        .updateTable('applications')
        .set({
          submitted_at: now,
          definition_version: definition.version,
          // The record holds the answers now: the draft's copy of them is not kept.
          draft_answers: null,
          draft_saved_at: null,
          ...(locked.status_id === STATUS.returned ? { resubmitted: 1 } : {}),
        })
        .where('id', '=', locked.id)
        .execute();
      // The trail records the submission's answers (its records, its draft cleared) before its status row.
      await appendAnswersChange(trx, locked.id, before, { actor: 'applicant' });
    },
  );
}

/**
 * The submitting call's work on the records (the caller holds the lock): the form as a whole must hold
 * then (a part a call before it saved is judged too), and the documents are those the whole form asks
 * for, as the page decides them: a condition may read a field the record leaves out.
 */
async function keepSubmittedRecords(
  trx: Transaction<Database>,
  persist: SubmitPersist,
  applicationId: number,
): Promise<void> {
  const { definition, call, record, recordKey, otherRecords, otherParts } = persist;
  const parts = pipelineParts(definition, call);
  const whole = await wholeForm(trx, call, parts.senders, applicationId, record);
  const missing = await missingDocuments(trx, definition, applicationId, whole);
  if (missing.length > 0) throw new ValidationError(missing, DOCUMENTS_MISSING);
  if (whole !== record) {
    const incomplete = validateFormData(definition.formSchema, whole).errors;
    if (incomplete.length > 0) throw new ValidationError(incomplete);
  }
  // A returned application is corrected in the form it was submitted with (its record says which).
  if (otherRecords.length > 0) {
    const other = await trx
      .selectFrom('application_records')
      .select('record_key')
      .where('application_id', '=', applicationId)
      .where('record_key', 'in', otherRecords)
      .executeTakeFirst();
    if (other) throw new HttpError(409, OTHER_FORM);
  }
  if (otherParts.length > 0)
    await trx
      .deleteFrom('application_records')
      .where('application_id', '=', applicationId)
      .where('record_key', 'in', otherParts)
      .execute();
  await upsertRecord(trx, applicationId, recordKey, record);
  // The parts earlier calls saved from fields the record holds too (the audit's locations) are
  // written again from the record: a submitted application cannot hold two answers to one question.
  for (const { name, fields } of parts.restated) {
    const part = Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, record[field]]));
    await upsertRecord(trx, applicationId, name, part);
  }
}
