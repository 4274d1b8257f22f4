/**
 * The server's side of the applicant tasks (`tasks` of service.json): which are open for an
 * application, judged with its row and the tasks' saved records, as the portal judges them with the
 * `application/{id}` answer. Uploads and saves of a task are accepted only while it is open.
 */
import type { Kysely } from 'kysely';
import {
  openTasks,
  taskSlots,
  type ApplicantTask,
  type ServiceDefinition,
  schemaMatches,
  type UploadSlot,
} from '../engine/core';
import type { Application, Database } from './db/tables';
import { conditionFactsOf } from './stage-facts';

/** The tasks open for an application (none for a service without tasks). */
export async function openTasksOf(
  db: Kysely<Database>,
  definition: ServiceDefinition | undefined,
  application: Application,
): Promise<ApplicantTask[]> {
  const tasks = definition?.tasks ?? [];
  if (tasks.length === 0) return [];
  const rows = await db
    .selectFrom('application_records')
    .select(['record_key', 'data'])
    .where('application_id', '=', application.id)
    .where(
      'record_key',
      'in',
      tasks.map((task) => task.save.record),
    )
    .execute();
  const records = new Map(rows.map((row) => [row.record_key, JSON.parse(row.data) as unknown]));
  return openTasks(
    { tasks },
    await conditionFactsOf(db, definition, application),
    (task) => records.get(task.save.record) ?? null,
    schemaMatches,
  );
}

/** The upload slot named `description` of one of the open tasks, if any. */
export function taskUploadSlot(open: readonly ApplicantTask[], description: string): UploadSlot | undefined {
  for (const task of open) {
    const slot = taskSlots(task).find((candidate) => candidate.name === description);
    if (slot) return slot;
  }
  return undefined;
}
