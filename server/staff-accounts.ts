/**
 * Staff accounts of the staff API (the spec shows no staff side; the reference server needs one to
 * demonstrate and test the decisions): a name and an API key, managed by the staff command
 * (`npm run staff -- add-staff | list-staff | rotate-staff | remove-staff <name>`). A key is shown once
 * and stored as a SHA-256 hash; it expires `STAFF_KEY_DAYS` after it was made (rotating makes a new
 * one), and a removed account's key is refused at once. A removed account keeps its name: the
 * applications' histories name it (`staff:<name>`). Applicants' tokens are not staff keys, and staff
 * keys are not applicants' tokens.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from './db/database';
import type { Database } from './db/tables';
import { LAST_USE_PRECISION_MS } from './auth-hook';
import { HttpError, ValidationError } from './http';
import { newToken, sha256 } from './security';
import { isStaffRole, type RoleGrant, type StaffActor } from '../engine/core';

export const STAFF_ONLY = 'Staff sign-in required.';
export const STAFF_KEY_EXPIRED =
  'This staff key has expired: ask for a new one (npm run staff -- rotate-staff <name>).';
const NAME = /^[A-Za-z][A-Za-z0-9._-]{1,49}$/;

/** A new key and what is stored of it. */
function newKey(): { key: string; key_hash: string } {
  const key = `staff_${newToken()}`;
  return { key, key_hash: sha256(key) };
}

/** When a key made at `keyCreatedAt` stops working (ms since the epoch). */
function keyExpiry(keyCreatedAt: string, keyMs: number): number {
  return Date.parse(keyCreatedAt) + keyMs;
}

/** Creates a staff account; answers its key (shown once). */
export async function createStaff(db: Kysely<Database>, name: string): Promise<{ id: number; key: string }> {
  if (!NAME.test(name))
    throw new ValidationError([
      { field: 'name', message: 'A staff name has 2 to 50 letters, digits, dots, dashes or underscores.' },
    ]);
  const taken = await db.selectFrom('staff').select(['id', 'revoked_at']).where('name', '=', name).executeTakeFirst();
  if (taken)
    throw new HttpError(
      409,
      taken.revoked_at
        ? `A staff account '${name}' was removed: its name stays with the histories it is in. Choose another name.`
        : `A staff account '${name}' exists already.`,
    );
  const { key, key_hash } = newKey();
  const now = nowIso();
  const row = await db
    .insertInto('staff')
    .values({ name, key_hash, created_at: now, key_created_at: now, revoked_at: null, last_used_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}

/** The account `name` that is not removed; 404 otherwise. */
async function activeStaff(db: Kysely<Database>, name: string): Promise<{ id: number }> {
  const row = await db
    .selectFrom('staff')
    .select('id')
    .where('name', '=', name)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, `No staff account '${name}'.`);
  return row;
}

/** Gives the account `name` a new key (shown once); its former key is refused from now on. */
export async function rotateStaff(db: Kysely<Database>, name: string): Promise<{ key: string }> {
  const { id } = await activeStaff(db, name);
  const { key, key_hash } = newKey();
  await db.updateTable('staff').set({ key_hash, key_created_at: nowIso() }).where('id', '=', id).execute();
  return { key };
}

/** Removes the account `name`: its key is refused from the next request on. */
export async function removeStaff(db: Kysely<Database>, name: string): Promise<void> {
  const { id } = await activeStaff(db, name);
  await db.updateTable('staff').set({ revoked_at: nowIso() }).where('id', '=', id).execute();
}

/** What `list-staff` shows of an account: never its key. */
export interface StaffListing {
  name: string;
  created_at: string;
  last_used_at: string | null;
  /** When its key stops working. */
  key_expires_at: string;
  removed_at: string | null;
}

/** Every staff account, by name, with when its key expires (`keyMs` after it was made). */
export async function listStaff(db: Kysely<Database>, keyMs: number): Promise<StaffListing[]> {
  const rows = await db
    .selectFrom('staff')
    .select(['name', 'created_at', 'key_created_at', 'last_used_at', 'revoked_at'])
    .orderBy('name')
    .execute();
  return rows.map((row) => ({
    name: row.name,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    key_expires_at: new Date(keyExpiry(row.key_created_at, keyMs)).toISOString(),
    removed_at: row.revoked_at,
  }));
}

/**
 * The staff member whose key the request carries; 401 otherwise (an applicant's token included, a
 * removed account's key, a key older than `keyMs`). Records when the key was last used (to the minute).
 */
export async function staffOf(
  db: Kysely<Database>,
  request: FastifyRequest,
  keyMs: number,
): Promise<{ id: number; name: string }> {
  const match = /^Bearer\s+(staff_[A-Za-z0-9_-]{20,200})\s*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new HttpError(401, STAFF_ONLY);
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'name', 'key_created_at', 'last_used_at'])
    .where('key_hash', '=', sha256(match[1]))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!staff) throw new HttpError(401, STAFF_ONLY);
  const now = nowIso();
  if (keyExpiry(staff.key_created_at, keyMs) <= Date.parse(now)) throw new HttpError(401, STAFF_KEY_EXPIRED);
  // Kept to the minute, as an applicant's session is: a write on every call would queue the calls of
  // a busy console behind one another.
  if (!staff.last_used_at || Date.parse(now) - Date.parse(staff.last_used_at) > LAST_USE_PRECISION_MS)
    await db.updateTable('staff').set({ last_used_at: now }).where('id', '=', staff.id).execute();
  return { id: staff.id, name: staff.name };
}

/** The roles granted to the staff account `staffId` (the `staff_roles` rows; unknown roles are skipped). */
export async function grantsOf(db: Kysely<Database>, staffId: number): Promise<RoleGrant[]> {
  const rows = await db
    .selectFrom('staff_roles')
    .select(['service', 'role'])
    .where('staff_id', '=', staffId)
    .orderBy('id')
    .execute();
  return rows.flatMap((row) => (isStaffRole(row.role) ? [{ service: row.service, role: row.role }] : []));
}

/**
 * The staff member whose key the request carries, as the policy sees them (their grants from
 * `staff_roles`, acting through `key`); 401 as `staffOf`.
 */
export async function staffActorOfKey(
  db: Kysely<Database>,
  request: FastifyRequest,
  keyMs: number,
): Promise<StaffActor> {
  const staff = await staffOf(db, request, keyMs);
  return { name: staff.name, grants: await grantsOf(db, staff.id), session: 'key' };
}
