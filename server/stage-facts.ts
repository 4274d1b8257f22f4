/**
 * The stage facts of applications (`application_facts`; declared by `lifecycle.facts` of each
 * service): read for answers and conditions, written by staff actions in their transaction.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  statusesOf,
  applicationFacts,
  type ApplicationFacts,
  type ServiceDefinition,
  factValues,
  type FactValue,
} from '../engine/core';
import { nowIso } from './db/database';
import type { Application, Database } from './db/tables';
import { appendTrail } from './trail/append';

/** The stored facts of each of `applicationIds` (an application with none has no entry). */
export async function storedFacts(
  db: Kysely<Database>,
  applicationIds: readonly number[],
): Promise<Map<number, Record<string, FactValue>>> {
  const facts = new Map<number, Record<string, FactValue>>();
  if (applicationIds.length === 0) return facts;
  const rows = await db
    .selectFrom('application_facts')
    .select(['application_id', 'name', 'value'])
    .where('application_id', 'in', [...applicationIds])
    .execute();
  for (const row of rows) {
    const own = facts.get(row.application_id) ?? {};
    own[row.name] = JSON.parse(row.value) as FactValue;
    facts.set(row.application_id, own);
  }
  return facts;
}

/** An application's facts as its service declares them (defaults where nothing is stored). */
export async function factsOf(
  db: Kysely<Database>,
  definition: ServiceDefinition | undefined,
  applicationId: number,
): Promise<Record<string, FactValue>> {
  return factValues(definition, (await storedFacts(db, [applicationId])).get(applicationId) ?? {});
}

/** What the conditions of `definition` read about an application: its row's facts and its stage facts. */
export async function conditionFactsOf(
  db: Kysely<Database>,
  definition: ServiceDefinition | undefined,
  application: Pick<Application, 'id' | 'status_id' | 'manually_processed' | 'final_certificate_uploaded'>,
): Promise<ApplicationFacts> {
  return applicationFacts(application, await factsOf(db, definition, application.id), statusesOf(definition));
}

/**
 * Stores facts of an application (each replaces the one of its name), inside the caller's transaction,
 * with the trail's `facts` event (by `actor`, in `session`) naming what was set.
 */
export async function writeFacts(
  db: Transaction<Database>,
  applicationId: number,
  facts: Readonly<Record<string, FactValue>>,
  by: { actor: string; session?: string | null },
): Promise<void> {
  const now = nowIso();
  if (Object.keys(facts).length > 0)
    await appendTrail(db, applicationId, { kind: 'facts', ...by, data: { facts }, createdAt: now });
  for (const [name, value] of Object.entries(facts)) {
    const json = JSON.stringify(value);
    await db
      .insertInto('application_facts')
      .values({ application_id: applicationId, name, value: json, updated_at: now })
      .onConflict((oc) => oc.columns(['application_id', 'name']).doUpdateSet({ value: json, updated_at: now }))
      .execute();
  }
}
