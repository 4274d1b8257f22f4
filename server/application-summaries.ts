/**
 * An application as the lists answer it (the dashboard's table, a service's work queues) with its
 * stage facts, and the applicant's list of its files.
 */
import { allFactDefaults, factValues, type FactValue, type ServiceDefinition } from '../engine/core';
import { definitionOfStored } from './applications-store';
import type { AppContext } from './context';
import type { Application } from './db/tables';
import { storedFacts } from './stage-facts';

export const PAGE_SIZE = 25;

/** A 0/1 column as the answers give it. */
export const flag = (v: number) => v === 1;

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

/**
 * An application as the lists answer it (the dashboard's table, a service's work queues), with its
 * stage facts (`facts`: every fact the services declare, its own where set; see `answerFacts`).
 */
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
