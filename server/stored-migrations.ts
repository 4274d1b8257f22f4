/**
 * Brings stored applications forward when a new version of their service ships. At start, each record
 * migration (`services/<key>/migrations/<n>.json`) is applied to the records of every application
 * stamped with the version before it, which is then stamped with version n: one transaction per
 * migration, so a crash leaves every application of that version migrated or none. Drafts follow the
 * current version (they are filled in with the current form). Submitted applications of a version
 * without a migration keep their version and are judged by it.
 */
import type { Kysely } from 'kysely';
import { type ServiceDefinition, migrateRecords, type RecordMigration, STATUS } from '../engine/core';
import { nowIso } from './db/database';
import type { Database } from './db/tables';
import { answersDocument, appendAnswersChange } from './trail/answers';

/**
 * Applies the record migrations of every service to its stored applications and moves drafts to the
 * current version; answers what it did, one line each, for the log (nothing when nothing changed).
 */
export async function migrateStoredApplications(
  db: Kysely<Database>,
  definitions: readonly ServiceDefinition[],
  archived: readonly ServiceDefinition[],
  migrations: ReadonlyMap<number, readonly RecordMigration[]>,
): Promise<string[]> {
  const lines: string[] = [];
  for (const definition of definitions) {
    for (const migration of migrations.get(definition.id) ?? []) {
      const moved = await applyMigration(db, definition.id, migration);
      if (moved > 0)
        lines.push(
          `${definition.key}: ${moved} application(s) migrated from version ${migration.from} to ${migration.to}`,
        );
    }
    const drafts = await db
      .updateTable('applications')
      .set({ definition_version: definition.version })
      .where('service_id', '=', definition.id)
      .where('status_id', '=', STATUS.draft)
      .where('definition_version', '<', definition.version)
      .executeTakeFirst();
    if (drafts.numUpdatedRows > 0n)
      lines.push(`${definition.key}: ${drafts.numUpdatedRows} draft(s) now follow version ${definition.version}`);
    const kept = [definition.version, ...archived.filter((a) => a.id === definition.id).map((a) => a.version)];
    const orphans = await db
      .selectFrom('applications')
      .select(['definition_version', db.fn.countAll<number>().as('count')])
      .where('service_id', '=', definition.id)
      .where('definition_version', 'not in', kept)
      .groupBy('definition_version')
      .execute();
    for (const orphan of orphans)
      lines.push(
        `${definition.key}: ${orphan.count} application(s) of version ${orphan.definition_version}, which is not kept under versions/: they are judged by version ${definition.version}`,
      );
  }
  return lines;
}

/** Migrates the records of every application of `serviceId` at `migration.from`, in one transaction. */
async function applyMigration(db: Kysely<Database>, serviceId: number, migration: RecordMigration): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const applications = await trx
      .selectFrom('applications')
      .select('id')
      .where('service_id', '=', serviceId)
      .where('definition_version', '=', migration.from)
      .execute();
    if (applications.length === 0) return 0;
    const now = nowIso();
    const names = Object.keys(migration.records);
    for (const { id } of applications) {
      const rows = await trx
        .selectFrom('application_records')
        .select(['record_key', 'data'])
        .where('application_id', '=', id)
        .where('record_key', 'in', names)
        .execute();
      const records = Object.fromEntries(rows.map((row) => [row.record_key, JSON.parse(row.data) as unknown]));
      const migrated = migrateRecords(records, migration);
      const before = await answersDocument(trx, id);
      for (const row of rows) {
        const data = JSON.stringify(migrated[row.record_key]);
        if (data === row.data) continue;
        await trx
          .updateTable('application_records')
          .set({ data, updated_at: now })
          .where('application_id', '=', id)
          .where('record_key', '=', row.record_key)
          .execute();
      }
      await appendAnswersChange(trx, id, before, { actor: 'system' });
    }
    await trx
      .updateTable('applications')
      .set({ definition_version: migration.to })
      .where('service_id', '=', serviceId)
      .where('definition_version', '=', migration.from)
      .execute();
    return applications.length;
  });
}
