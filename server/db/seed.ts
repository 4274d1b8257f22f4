/**
 * Seeds reference data. Runs on every start and is idempotent: existing rows are kept (so a staff
 * edit of a name survives), missing ones are inserted.
 */
import type { Kysely } from 'kysely';
import type { ReferenceData } from './reference-data';
import type { Database, NewLookup } from './tables';

const CHUNK = 500;

/** Inserts the lookups, services and service attachments that are not in the database yet. */
export async function seedReferenceData(db: Kysely<Database>, data: ReferenceData): Promise<void> {
  for (const list of data.lookups) {
    const existing = await db
      .selectFrom('lookups')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('kind', '=', list.kind)
      .executeTakeFirst();
    // A complete list is skipped without touching each row: the villages alone are 14,837 rows.
    if (Number(existing?.n ?? 0) >= list.items.length) continue;
    const rows: NewLookup[] = list.items.map((item) => ({
      kind: list.kind,
      id: item.id,
      parent_id: item.parent_id ?? null,
      name: item.name,
      extra: item.extra ? JSON.stringify(item.extra) : null,
    }));
    for (let i = 0; i < rows.length; i += CHUNK) {
      await db
        .insertInto('lookups')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) => oc.columns(['kind', 'id']).doNothing())
        .execute();
    }
  }

  if (data.services.length > 0) {
    await db
      .insertInto('services')
      .values(data.services)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  const serviceIds = [...new Set(data.serviceAttachments.map((a) => a.service_id))];
  for (const serviceId of serviceIds) {
    const has = await db
      .selectFrom('service_attachments')
      .select('id')
      .where('service_id', '=', serviceId)
      .executeTakeFirst();
    if (has) continue;
    await db
      .insertInto('service_attachments')
      .values(
        data.serviceAttachments
          .filter((a) => a.service_id === serviceId)
          .map((a) => ({ ...a, is_mandatory: a.is_mandatory ? 1 : 0 })),
      )
      .execute();
  }
}
