/**
 * An application as its applicant's page shows it (`GET application/{id}`): status and history,
 * files, certificate address, stage facts, a draft's saved answers and the records its service's
 * forms and tasks saved. The staff's review page shows the same answers, so both are built here.
 * Internal history rows (a staff member's read, a note, an assignment) are the authority's: never in
 * what this answers.
 */
import { formsOf, presentStatus, STATUS } from '../engine/core';
import { answerFacts, currentAttachments, flag, ownFacts } from './application-summaries';
import { definitionOfStored } from './applications-store';
import { certificatePath } from './certificates/certificate-path';
import type { AppContext } from './context';
import type { Application } from './db/tables';
import { storedDraftAnswers } from './drafts';
import { storedFacts } from './stage-facts';

/** The applicant's view of `application` (the answer of `GET application/{id}`). */
export async function applicationDetailOf(
  ctx: Pick<AppContext, 'db' | 'definitions' | 'archived' | 'statusName'>,
  application: Application,
) {
  const { db } = ctx;
  const status = (id: number) => ({ id, name: ctx.statusName(id) });
  const [service, attachments, histories, records, facts] = await Promise.all([
    db.selectFrom('services').select(['id', 'name']).where('id', '=', application.service_id).executeTakeFirst(),
    db
      .selectFrom('attachments')
      .select(['id', 'description', 'path', 'name', 'created_at'])
      .where('application_id', '=', application.id)
      // The authority's own attachments (its actions' documents, downloaded at their own address) are not listed.
      .where('internal', '=', 0)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('flow_histories')
      .select(['status_id', 'comment_to_applicant', 'created_at', 'actor'])
      .where('application_id', '=', application.id)
      // The authority's own rows (reads, notes, assignments) never reach the applicant.
      .where('internal', '=', 0)
      // The trail's other events (answers, files, facts) are internal too; its status rows are the history.
      .where('kind', '=', 'status')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('application_records')
      .select(['record_key', 'data'])
      .where('application_id', '=', application.id)
      .execute(),
    storedFacts(db, [application.id]),
  ]);
  const nested: Record<string, unknown> = {};
  // Every record the service's forms save is named, null until saved: a service with variants
  // (Basel or Rotterdam) shows the one its application holds.
  const definition = definitionOfStored(ctx, application);
  for (const form of definition ? formsOf(definition) : []) nested[form.view.record] = null;
  // So are the records of its applicant tasks (the audit's firm/expert details).
  for (const task of definition?.tasks ?? []) nested[task.save.record] = null;
  for (const record of records) nested[record.record_key] = JSON.parse(record.data) as unknown;
  const approved = presentStatus({
    application_status_id: application.status_id,
    manually_processed: application.manually_processed,
    final_certificate_uploaded: application.final_certificate_uploaded,
  }).approved;
  return {
    id: application.id,
    app_id: application.app_id,
    service_id: application.service_id,
    service: service ?? null,
    application_status_id: application.status_id,
    application_status: status(application.status_id),
    // The version of the service's definition it is shown and judged by (see engine/core/application-version).
    definition_version: definition?.version ?? application.definition_version,
    resubmitted: flag(application.resubmitted),
    submitted_at: application.submitted_at,
    created_at: application.created_at,
    manually_processed: flag(application.manually_processed),
    manual_certificate: application.manual_certificate_path
      ? { path: application.manual_certificate_path, file_name: application.manual_certificate_name }
      : null,
    final_certificate_uploaded: flag(application.final_certificate_uploaded),
    // Its stage facts (lifecycle.facts of the services), each with its default until set.
    ...answerFacts(ctx, ownFacts(ctx, application, facts.get(application.id))),
    // The certificate's public address (under the API base), once there is a certificate to verify.
    certUrl: approved ? certificatePath(application.certificate_token) : null,
    application_attachments: currentAttachments(attachments),
    // A draft's answers as last saved (`{ answers, variant?, saved_at }`), to fill the wizard again.
    draft:
      application.status_id === STATUS.draft
        ? {
            ...(storedDraftAnswers(application.draft_answers) ?? { answers: {} }),
            saved_at: application.draft_saved_at,
          }
        : null,
    application_flow_histories: histories.map((h) => ({
      application_status_id: h.status_id,
      comment_to_applicant: h.comment_to_applicant,
      created_at: h.created_at,
      // Who moved it, by role: the authority's staff names stay with the authority.
      actor: h.actor ? (h.actor.split(':')[0] ?? null) : null,
    })),
    ...nested,
  };
}
