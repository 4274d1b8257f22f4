/**
 * Staff accounts of the staff API (the spec shows no staff side; the reference server needs one to
 * demonstrate and test the decisions): a name and an API key, managed by the staff command
 * (`npm run staff -- add-staff | list-staff | rotate-staff | remove-staff <name>`), with their roles per
 * service (`grant` and `revoke`, or `PUT staff/accounts/{name}/roles`). A key is shown once
 * and stored as a SHA-256 hash; it expires `STAFF_KEY_DAYS` after it was made (rotating makes a new
 * one), and a removed account's key is refused at once. A removed account keeps its name: the
 * applications' histories name it (`staff:<name>`). Applicants' tokens are not staff keys, and staff
 * keys are not applicants' tokens.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { compiledOnce } from './db/compiled-once';
import { nowIso } from './db/database';
import type { Database } from './db/tables';
import { LAST_USE_PRECISION_MS } from './auth-hook';
import { HttpError, ValidationError, type FieldError } from './http';
import { newToken, sha256 } from './security';
import { EVERY_SERVICE, isStaffRole, STAFF_ROLES, type RoleGrant, type StaffActor } from '../engine/core';

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
export async function activeStaff(db: Kysely<Database>, name: string): Promise<{ id: number }> {
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
  /** Its roles, per service (`*`: every service). */
  roles: RoleGrant[];
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
    .select(['id', 'name', 'created_at', 'key_created_at', 'last_used_at', 'revoked_at'])
    .orderBy('name')
    .execute();
  const grants = await db.selectFrom('staff_roles').select(['staff_id', 'service', 'role']).orderBy('id').execute();
  return rows.map((row) => ({
    name: row.name,
    roles: grants.flatMap((grant) =>
      grant.staff_id === row.id && isStaffRole(grant.role) ? [{ service: grant.service, role: grant.role }] : [],
    ),
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    key_expires_at: new Date(keyExpiry(row.key_created_at, keyMs)).toISOString(),
    removed_at: row.revoked_at,
  }));
}

/** The live staff account of a key's hash (every staff call asks it). */
const staffOfKeyHash = compiledOnce((db) =>
  db
    .selectFrom('staff')
    .leftJoin('staff_roles', 'staff_roles.staff_id', 'staff.id')
    .select([
      'staff.id',
      'staff.name',
      'staff.key_created_at',
      'staff.last_used_at',
      'staff_roles.service',
      'staff_roles.role',
    ])
    .where('staff.key_hash', '=', '')
    .where('staff.revoked_at', 'is', null)
    .orderBy('staff_roles.id'),
);

/** The roles of a staff account, in the order they were granted (every staff call by key asks it). */
const rolesOfStaff = compiledOnce((db) =>
  db.selectFrom('staff_roles').select(['service', 'role']).where('staff_id', '=', 0).orderBy('id'),
);

/**
 * The staff member whose key the request carries, with their grants (one read: every staff call by
 * key asks it); 401 otherwise (an applicant's token included, a removed account's key, a key older
 * than `keyMs`). Records when the key was last used (to the minute).
 */
export async function staffOf(
  db: Kysely<Database>,
  request: FastifyRequest,
  keyMs: number,
): Promise<{ id: number; name: string; grants: RoleGrant[] }> {
  const match = /^Bearer\s+(staff_[A-Za-z0-9_-]{20,200})\s*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new HttpError(401, STAFF_ONLY);
  const { rows } = await staffOfKeyHash(db, [sha256(match[1])]);
  const [staff] = rows;
  if (!staff) throw new HttpError(401, STAFF_ONLY);
  const now = nowIso();
  if (keyExpiry(staff.key_created_at, keyMs) <= Date.parse(now)) throw new HttpError(401, STAFF_KEY_EXPIRED);
  // Kept to the minute, as an applicant's session is: a write on every call would queue the calls of
  // a busy console behind one another.
  if (!staff.last_used_at || Date.parse(now) - Date.parse(staff.last_used_at) > LAST_USE_PRECISION_MS)
    await db.updateTable('staff').set({ last_used_at: now }).where('id', '=', staff.id).execute();
  return { id: staff.id, name: staff.name, grants: knownGrants(rows) };
}

/** The grants of `rows` (a `staff_roles` row's service and role, or none), unknown roles skipped. */
function knownGrants(rows: ReadonlyArray<{ service: string | null; role: string | null }>): RoleGrant[] {
  return rows.flatMap((row) =>
    row.service !== null && row.role !== null && isStaffRole(row.role)
      ? [{ service: row.service, role: row.role }]
      : [],
  );
}

/** The roles granted to the staff account `staffId` (the `staff_roles` rows; unknown roles are skipped). */
export async function grantsOf(db: Kysely<Database>, staffId: number): Promise<RoleGrant[]> {
  return knownGrants((await rolesOfStaff(db, [staffId])).rows);
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
  return { name: staff.name, grants: staff.grants, session: 'key' };
}

/** A grant as it is given to the command or the API: a service key (or `*`) and a role. */
export interface GrantInput {
  service: string;
  role: string;
}

/**
 * The problems of `grants` against the loaded services' keys: each names a loaded service or `*`,
 * and one of the roles (viewer, reviewer, approver, admin). `fieldOf` names the field of the i-th
 * grant's part (the API's `0.service`, the command's `role`).
 */
export function grantProblems(
  grants: readonly GrantInput[],
  services: readonly string[],
  fieldOf: (index: number, part: 'service' | 'role') => string,
): FieldError[] {
  return grants.flatMap((grant, i) => [
    ...(grant.service === EVERY_SERVICE || services.includes(grant.service)
      ? []
      : [
          {
            field: fieldOf(i, 'service'),
            message: `No service '${grant.service}': name one of ${services.join(', ')}, or * for every service.`,
          },
        ]),
    ...(isStaffRole(grant.role)
      ? []
      : [{ field: fieldOf(i, 'role'), message: `No role '${grant.role}': name one of ${STAFF_ROLES.join(', ')}.` }]),
  ]);
}

/** Refuses (422) grants naming no loaded service or no role. */
function judgeGrants(
  grants: readonly GrantInput[],
  services: readonly string[],
  fieldOf: (index: number, part: 'service' | 'role') => string,
): RoleGrant[] {
  const problems = grantProblems(grants, services, fieldOf);
  if (problems.length > 0) throw new ValidationError(problems);
  return grants as RoleGrant[];
}

/** The field of a grant given alone (the command's `<service>:<role>`). */
const ONE_GRANT = () => 'role';

/**
 * Grants the account `name` (not removed; 404 otherwise) `grant`, recorded as given by `grantedBy`
 * (`staff:<name>`, or the command's user); a role it holds already is kept as it is. 422 for a
 * service that is not loaded (`services`: their keys) or a role that is none.
 */
export async function grantRole(
  db: Kysely<Database>,
  name: string,
  grant: GrantInput,
  services: readonly string[],
  grantedBy: string,
): Promise<RoleGrant[]> {
  const [judged] = judgeGrants([grant], services, ONE_GRANT);
  const { id } = await activeStaff(db, name);
  if (judged) await insertGrants(db, id, [judged], grantedBy);
  return grantsOf(db, id);
}

/** Withdraws `grant` from the account `name` (404 when it is not an account, 409 when it does not hold it). */
export async function revokeRole(
  db: Kysely<Database>,
  name: string,
  grant: GrantInput,
  services: readonly string[],
): Promise<RoleGrant[]> {
  judgeGrants([grant], [...services, grant.service], ONE_GRANT);
  const { id } = await activeStaff(db, name);
  const removed = await db
    .deleteFrom('staff_roles')
    .where('staff_id', '=', id)
    .where('service', '=', grant.service)
    .where('role', '=', grant.role)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0)
    throw new HttpError(409, `No role ${grant.service}:${grant.role} to withdraw from ${name}.`);
  return grantsOf(db, id);
}

/**
 * Makes `roles` the grants given to the account `name` here (by the command or a staff admin), in one
 * transaction; answers every grant it then holds. Those given here that `roles` leaves out are
 * withdrawn. The identity provider's grants are the provider's (`recordProviderGrants` replaces them at
 * each sign-in): one `roles` leaves out stays, and one it names becomes a grant given here, which the
 * provider withdrawing it later leaves. 404 for no such account, 422 as `grantRole`.
 */
export async function setRoles(
  db: Kysely<Database>,
  name: string,
  roles: readonly GrantInput[],
  services: readonly string[],
  grantedBy: string,
): Promise<RoleGrant[]> {
  const judged = judgeGrants(roles, services, (i, part) => `${i}.${part}`);
  return db.transaction().execute(async (trx) => {
    const { id } = await activeStaff(trx, name);
    const listed = (row: GrantInput) => judged.some((g) => g.service === row.service && g.role === row.role);
    for (const row of await grantRows(trx, id)) {
      const fromProvider = row.granted_by === PROVIDER_GRANTOR;
      // A provider's grant the list names becomes one given here; one given here it leaves out goes.
      if (fromProvider && listed(row))
        await trx
          .updateTable('staff_roles')
          .set({ granted_by: grantedBy, granted_at: nowIso() })
          .where('staff_id', '=', id)
          .where('service', '=', row.service)
          .where('role', '=', row.role)
          .execute();
      else if (!fromProvider && !listed(row))
        await trx
          .deleteFrom('staff_roles')
          .where('staff_id', '=', id)
          .where('service', '=', row.service)
          .where('role', '=', row.role)
          .execute();
    }
    await insertGrants(trx, id, judged, grantedBy);
    return grantsOf(trx, id);
  });
}

/** The `staff_roles` rows of the account `staffId`, with who granted each. */
function grantRows(db: Kysely<Database>, staffId: number) {
  return db
    .selectFrom('staff_roles')
    .select(['service', 'role', 'granted_by'])
    .where('staff_id', '=', staffId)
    .orderBy('id')
    .execute();
}

/** The grants given to the account `staffId` here (the command, a staff admin), not by the identity provider. */
export async function grantsGivenHere(db: Kysely<Database>, staffId: number): Promise<RoleGrant[]> {
  return knownGrants((await grantRows(db, staffId)).filter((row) => row.granted_by !== PROVIDER_GRANTOR));
}

/** Inserts the grants the account `staffId` does not hold yet. */
async function insertGrants(
  db: Kysely<Database>,
  staffId: number,
  grants: readonly RoleGrant[],
  grantedBy: string,
): Promise<void> {
  const held = await grantsOf(db, staffId);
  const now = nowIso();
  const added = new Set<string>();
  for (const grant of grants) {
    const key = `${grant.service}:${grant.role}`;
    if (added.has(key) || held.some((g) => g.service === grant.service && g.role === grant.role)) continue;
    added.add(key);
    await db
      .insertInto('staff_roles')
      .values({ staff_id: staffId, service: grant.service, role: grant.role, granted_by: grantedBy, granted_at: now })
      .execute();
  }
}

/** The `granted_by` of the roles read from the identity provider's roles claim at sign-in. */
export const PROVIDER_GRANTOR = 'identity-provider';

/**
 * Records the grants the identity provider gave at a sign-in (`name`, its `subject`, the roles claim's
 * `grants`) in `staff_roles`, marked `identity-provider`: the account's earlier provider grants are
 * replaced, the roles given by the command or a staff admin left as they are. So a colleague who signs
 * in only through the authority's provider has a working role for an assignment, and list-staff and
 * `GET staff/accounts` show it. An account signing in for the first time is made (with no key anyone
 * holds) and keeps its provider's subject. Nothing is recorded for a removed account, nor for an
 * account that is another subject's (another person of the same name): answers whether it was.
 */
export async function recordProviderGrants(
  db: Kysely<Database>,
  signedIn: { name: string; subject: string; grants: readonly RoleGrant[] },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom('staff')
      .select(['id', 'revoked_at', 'subject'])
      .where('name', '=', signedIn.name)
      .executeTakeFirst();
    // The embedded provider's subject is the account's name (its subject column left empty).
    const own = account && (account.subject ?? signedIn.name) === signedIn.subject;
    if (account && (account.revoked_at !== null || (account.subject !== null && !own))) return false;
    let id = account?.id;
    if (id === undefined) {
      const now = nowIso();
      id = (
        await trx
          .insertInto('staff')
          .values({
            name: signedIn.name,
            // A key no one is given: the account signs in through its provider (rotate-staff gives it one).
            key_hash: newKey().key_hash,
            created_at: now,
            key_created_at: now,
            revoked_at: null,
            last_used_at: null,
            subject: signedIn.subject,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else if (!own) await trx.updateTable('staff').set({ subject: signedIn.subject }).where('id', '=', id).execute();
    await trx.deleteFrom('staff_roles').where('staff_id', '=', id).where('granted_by', '=', PROVIDER_GRANTOR).execute();
    await insertGrants(trx, id, signedIn.grants, PROVIDER_GRANTOR);
    return true;
  });
}

/**
 * The account `name` as the policy sees it, acting through the staff command (session `command`):
 * it must exist and not be removed; the refusal says how to make one.
 */
export async function staffActorOfName(db: Kysely<Database>, name: string): Promise<StaffActor> {
  const row = await db.selectFrom('staff').select(['id', 'revoked_at']).where('name', '=', name).executeTakeFirst();
  if (!row)
    throw new HttpError(
      403,
      `No staff account '${name}': create it with npm run staff -- add-staff ${name} --role <service>:<role>, or act as another with --as <name>.`,
    );
  if (row.revoked_at)
    throw new HttpError(403, `The staff account '${name}' was removed: act as another with --as <name>.`);
  return { name, grants: await grantsOf(db, row.id), session: 'command' };
}
