/**
 * Staff accounts of the staff API (the spec shows no staff side; the reference server needs one to
 * demonstrate and test the decisions): a name and an API key, created by the staff command
 * (`npm run staff -- add-staff <name>`), the key shown once and stored as a SHA-256 hash. Applicants'
 * tokens are not staff keys, and staff keys are not applicants' tokens.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from './db/database';
import type { Database } from './db/tables';
import { HttpError, ValidationError } from './http';
import { newToken, sha256 } from './security';

export const STAFF_ONLY = 'Staff sign-in required.';
const NAME = /^[A-Za-z][A-Za-z0-9._-]{1,49}$/;

/** Creates a staff account; answers its key (shown once). */
export async function createStaff(db: Kysely<Database>, name: string): Promise<{ id: number; key: string }> {
  if (!NAME.test(name))
    throw new ValidationError([
      { field: 'name', message: 'A staff name has 2 to 50 letters, digits, dots, dashes or underscores.' },
    ]);
  const taken = await db.selectFrom('staff').select('id').where('name', '=', name).executeTakeFirst();
  if (taken) throw new HttpError(409, `A staff account '${name}' exists already.`);
  const key = `staff_${newToken()}`;
  const row = await db
    .insertInto('staff')
    .values({ name, key_hash: sha256(key), created_at: nowIso(), revoked_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}

/** The staff member whose key the request carries; 401 otherwise (an applicant's token included). */
export async function staffOf(db: Kysely<Database>, request: FastifyRequest): Promise<{ id: number; name: string }> {
  const match = /^Bearer\s+(staff_[A-Za-z0-9_-]{20,200})\s*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new HttpError(401, STAFF_ONLY);
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('key_hash', '=', sha256(match[1]))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!staff) throw new HttpError(401, STAFF_ONLY);
  return staff;
}
