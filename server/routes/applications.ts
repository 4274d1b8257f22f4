/**
 * Applications: draft creation, detail, the dashboard list and statistics, and the checks of the
 * portal features services open (`unlocks` of service.json).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  presentStatus,
  statisticsBucket,
  STATUS,
  formsOf,
  allUnlocks,
  allFactDefaults,
  factValues,
  type FactValue,
  submitRoute,
  type ServiceDefinition,
} from '../../engine/core';
import { definitionOfStored, formatAppId, hasSubmittedApplication, ownedApplication } from '../applications-store';
import { assertSelf } from '../auth-hook';
import { answerClientRead, ClientAnswers } from '../client-answers';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { Application } from '../db/tables';
import { idParam, notFound, ok } from '../http';
import { storedFacts } from '../stage-facts';
import { storedDraftAnswers } from '../drafts';
import { newCertificateToken } from '../security';
import { certificatePath } from './certificates';
import { answers } from '../contract/answers';
import {
  APPLICATION_CREATED,
  APPLICATION_DETAIL,
  applicationsPageSchema,
  factNames,
  STATISTICS,
  unlockAnswer,
} from '../contract/applications';

export const PAGE_SIZE = 25;

/** The columns of an application a list shows (`applicationSummary`), with its service's name. */
export const SUMMARY_COLUMNS = [
  'applications.id',
  'applications.app_id',
  'applications.service_id',
  'services.name as service_name',
  'applications.status_id',
  'applications.resubmitted',
  'applications.submitted_at',
  'applications.created_at',
  'applications.manually_processed',
  'applications.final_certificate_uploaded',
  'applications.definition_version',
] as const;

/**
 * An application as the lists answer it (the dashboard's table, a service's work queues), with its
 * stage facts (`facts`: every fact the services declare, its own where set; see `answerFacts`).
 */
/**
 * The applicant's list of an application's files: the latest file of each document (the one that
 * counts), with how many earlier files it replaces. A returned application's corrected document is a
 * new file; the database keeps every version, with its date, for the authority.
 */
export function currentAttachments<T extends { description: string; created_at: string }>(
  rows: readonly T[],
): Array<T & { earlier_versions: number }> {
  const latest = new Map<string, T & { earlier_versions: number }>();
  for (const row of rows) {
    const before = latest.get(row.description);
    latest.set(row.description, { ...row, earlier_versions: before ? before.earlier_versions + 1 : 0 });
  }
  return [...latest.values()];
}

export function applicationSummary(
  row: {
    id: number;
    app_id: string;
    service_id: number;
    service_name: string;
    status_id: number;
    resubmitted: number;
    submitted_at: string | null;
    created_at: string;
    manually_processed: number;
    final_certificate_uploaded: number;
  },
  statusName: (id: number) => string,
  facts: Readonly<Record<string, FactValue>>,
) {
  return {
    id: row.id,
    app_id: row.app_id,
    service_id: row.service_id,
    service: { id: row.service_id, name: row.service_name },
    application_status_id: row.status_id,
    application_status: { id: row.status_id, name: statusName(row.status_id) },
    resubmitted: flag(row.resubmitted),
    submitted_at: row.submitted_at,
    created_at: row.created_at,
    manually_processed: flag(row.manually_processed),
    final_certificate_uploaded: flag(row.final_certificate_uploaded),
    ...facts,
  };
}

/** An application's own stage facts: those its service (in its version) declares, stored or by default. */
export function ownFacts(
  ctx: Pick<AppContext, 'definitions' | 'archived'>,
  application: Pick<Application, 'service_id' | 'definition_version' | 'status_id'>,
  stored: Readonly<Record<string, FactValue>> | undefined,
): Record<string, FactValue> {
  return factValues(definitionOfStored(ctx, application), stored ?? {});
}

// Every declared fact's default, per set of definitions: made once, not for each answer.
const everyFactDefault = new WeakMap<readonly ServiceDefinition[], Record<string, FactValue>>();

/**
 * The stage facts an application's answer carries: every fact any service declares (the contract's
 * common application fields include the audit's), with the application's own (`ownFacts`) over them.
 */
export function answerFacts(
  ctx: Pick<AppContext, 'definitions'>,
  own: Readonly<Record<string, FactValue>>,
): Record<string, FactValue> {
  let defaults = everyFactDefault.get(ctx.definitions);
  if (!defaults) {
    defaults = allFactDefaults(ctx.definitions);
    everyFactDefault.set(ctx.definitions, defaults);
  }
  return { ...defaults, ...own };
}

/** The summaries of list rows, with their stage facts (read in one query). */
export async function applicationSummaries(
  ctx: Pick<AppContext, 'db' | 'definitions' | 'archived' | 'statusName'>,
  rows: ReadonlyArray<Parameters<typeof applicationSummary>[0] & { definition_version: number }>,
): Promise<Array<ReturnType<typeof applicationSummary>>> {
  const stored = await storedFacts(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    applicationSummary(row, ctx.statusName, answerFacts(ctx, ownFacts(ctx, row, stored.get(row.id)))),
  );
}

const flag = (v: number) => v === 1;

export function applicationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const status = (id: number) => ({ id, name: ctx.statusName(id) });
  // The dashboard's and an application's reads, kept by the client's data revision.
  const kept = new ClientAnswers();
  const facts = factNames([...ctx.definitions, ...ctx.archived]);

  app.post<{ Params: { serviceId: string }; Body: { client_id?: unknown } | undefined }>(
    '/client/application/:serviceId',
    { schema: { response: answers({ 201: APPLICATION_CREATED }) } },
    async (request, reply) => {
      const serviceId = idParam(request.params.serviceId);
      assertSelf(request, request.body?.client_id);
      const service = await db.selectFrom('services').select('id').where('id', '=', serviceId).executeTakeFirst();
      if (!service) throw notFound('Service not found');
      const now = nowIso();
      // A draft is filled in with the current version of its service's form.
      const version = ctx.definitions.find((d) => d.id === serviceId)?.version ?? 1;
      const created = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('applications')
          .values({
            // Placeholder until the id is known; the readable id is derived from it.
            app_id: `pending-${randomUUID()}`,
            client_id: request.clientId,
            service_id: serviceId,
            status_id: STATUS.draft,
            resubmitted: 0,
            submitted_at: null,
            created_at: now,
            updated_at: now,
            manually_processed: 0,
            manual_certificate_path: null,
            manual_certificate_name: null,
            final_certificate_uploaded: 0,
            certificate_token: newCertificateToken(),
            definition_version: version,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const appId = formatAppId(row.id, now);
        await trx.updateTable('applications').set({ app_id: appId }).where('id', '=', row.id).execute();
        return { id: row.id, app_id: appId };
      });
      return ok(reply, { ...created, application_status_id: STATUS.draft }, 201);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/application/:id',
    { schema: { response: answers({ 200: APPLICATION_DETAIL }) } },
    async (request, reply) => {
      const id = idParam(request.params.id);
      return answerClientRead(kept, request, reply, `application ${id}`, () => applicationDetail(request.clientId, id));
    },
  );

  async function applicationDetail(clientId: number, id: number) {
    const application = await ownedApplication(db, clientId, id);
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

  app.get<{ Params: { clientId: string }; Querystring: { page?: unknown } }>(
    '/clients/applications/:clientId',
    { schema: { response: answers({ 200: applicationsPageSchema(facts) }) } },
    async (request, reply) => {
      const clientId = idParam(request.params.clientId);
      assertSelf(request, clientId);
      const pageText = String(request.query.page ?? '1');
      const page = /^[1-9]\d{0,6}$/.test(pageText) ? Number(pageText) : 1;
      return answerClientRead(kept, request, reply, `applications ${page}`, () => applicationsPage(clientId, page));
    },
  );

  async function applicationsPage(clientId: number, page: number) {
    const visible = db
      .selectFrom('applications')
      .where('client_id', '=', clientId)
      .where('status_id', '<>', STATUS.draft);
    const [countRow, rows] = await Promise.all([
      visible.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
      visible
        .innerJoin('services', 'services.id', 'applications.service_id')
        .select(SUMMARY_COLUMNS)
        .orderBy('applications.id', 'desc')
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE)
        .execute(),
    ]);
    const total = Number(countRow?.n ?? 0);
    return {
      items: await applicationSummaries(ctx, rows),
      page,
      per_page: PAGE_SIZE,
      total,
      last_page: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    };
  }

  app.get<{ Params: { clientId: string } }>(
    '/client/statistics/:clientId',
    { schema: { response: answers({ 200: STATISTICS }) } },
    async (request, reply) => {
      const clientId = idParam(request.params.clientId);
      assertSelf(request, clientId);
      return answerClientRead(kept, request, reply, 'statistics', () => statistics(clientId));
    },
  );

  async function statistics(clientId: number) {
    const rows = await db
      .selectFrom('applications')
      .select([
        'status_id',
        'manually_processed',
        'final_certificate_uploaded',
        (eb) => eb.fn.countAll<string | number>().as('n'),
      ])
      .where('client_id', '=', clientId)
      .where('status_id', '<>', STATUS.draft)
      .groupBy(['status_id', 'manually_processed', 'final_certificate_uploaded'])
      .execute();
    // Counted as the applicant sees each one (engine/core/status-presentation.ts).
    const counts = { approved: 0, rejected: 0, processing: 0 };
    for (const row of rows) {
      const bucket = statisticsBucket({
        application_status_id: row.status_id,
        manually_processed: row.manually_processed,
        final_certificate_uploaded: row.final_certificate_uploaded,
      });
      counts[bucket] += Number(row.n);
    }
    const all = counts.approved + counts.rejected + counts.processing;
    return { all_applications: all, ...counts };
  }

  // A feature is open to a client holding a submitted application of the service that opens it.
  for (const { definition, unlock } of allUnlocks(ctx.definitions)) {
    app.get<{ Params: { clientId: string } }>(
      submitRoute({ path: unlock.check.path }),
      { schema: { response: answers({ 200: unlockAnswer(unlock.check.answer) }) } },
      async (request, reply) => {
        const clientId = idParam(request.params.clientId);
        assertSelf(request, clientId);
        return ok(reply, { [unlock.check.answer]: await hasSubmittedApplication(db, clientId, definition.id) });
      },
    );
  }
}
