/**
 * What a staff account signs in to the embedded OpenID provider with: a password (hashed with scrypt
 * like the applicants', judged by the same password policy) or a one-time sign-in link (printed once
 * by the staff command, stored as a SHA-256 hash, used once, expiring). A removed account signs in
 * with neither.
 */
import { activeStaff } from '../staff-accounts';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/database';
import type { Database } from '../db/tables';
import { ValidationError } from '../http';
import { passwordProblem } from '../password-policy';
import { newToken, sha256, type PasswordHasher } from '../security';
import type { SecurityLimits } from '../config';
import { consume, release, reset, TooManyAttempts } from '../throttle';

/** How long a sign-in link works. */
export const SIGN_IN_LINK_MS = 24 * 60 * 60 * 1000;

/** The path of a sign-in link under the provider (`/oidc/link/<token>`). */
export const SIGN_IN_LINK_PATH = '/link/';

/** Sets the password of the account `name`; a weak one is refused (422, the policy's reason). */
export async function setStaffPassword(
  db: Kysely<Database>,
  hasher: Pick<PasswordHasher, 'hash'>,
  name: string,
  password: string,
): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw new ValidationError([{ field: 'password', message: problem }], problem);
  const id = (await activeStaff(db, name)).id;
  await db
    .updateTable('staff')
    .set({ password_hash: await hasher.hash(password) })
    .where('id', '=', id)
    .execute();
}

/**
 * A new one-time sign-in link for the account `name` (the former one stops working), valid for
 * `validMs`: answered once, only its hash is kept.
 */
export async function newSignInLink(
  db: Kysely<Database>,
  publicUrl: string,
  name: string,
  validMs = SIGN_IN_LINK_MS,
): Promise<{ link: string; expiresAt: string }> {
  const id = (await activeStaff(db, name)).id;
  const token = newToken();
  const expiresAt = new Date(Date.now() + validMs).toISOString();
  await db
    .updateTable('staff')
    .set({ sign_in_link_hash: sha256(token), sign_in_link_expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
  return { link: `${publicUrl}/oidc${SIGN_IN_LINK_PATH}${token}`, expiresAt };
}

/** The account name whose password `password` is, or null (unknown, removed, no password, wrong). */
export async function staffOfPassword(
  db: Kysely<Database>,
  hasher: Pick<PasswordHasher, 'verify'>,
  name: string,
  password: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('staff')
    .select(['name', 'password_hash'])
    .where('name', '=', name)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  // verify spends a hash's time even without a stored one, so an unknown name is not quicker.
  const matches = await hasher.verify(password, row?.password_hash ?? null);
  return matches && row ? row.name : null;
}

/**
 * The account name a sign-in link's token is for, using it up (a second use finds nothing); null
 * for an unknown, used or expired token, or a removed account.
 */
export async function useSignInLink(db: Kysely<Database>, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return null;
  const used = await db
    .updateTable('staff')
    .set({ sign_in_link_hash: null, sign_in_link_expires_at: null })
    .where('sign_in_link_hash', '=', sha256(token))
    .where('sign_in_link_expires_at', '>', nowIso())
    .where('revoked_at', 'is', null)
    .returning('name')
    .executeTakeFirst();
  return used?.name ?? null;
}

/**
 * The sign-in page's password step: the account name when `password` is its password, null when not;
 * TooManyAttempts (429) once the address or the name has failed as often as the applicants' sign-in
 * allows (LOGIN_MAX_FAILURES_PER_ADDRESS, LOGIN_MAX_FAILURES, for LOGIN_LOCK_MINUTES). The counters
 * are taken before the hash, so a locked attacker costs no hashing.
 */
export async function signInWithPassword(
  db: Kysely<Database>,
  hasher: Pick<PasswordHasher, 'verify'>,
  limits: Pick<SecurityLimits, 'loginFailuresPerAccount' | 'loginFailuresPerAddress' | 'lockMs'>,
  address: string,
  name: string,
  password: string,
): Promise<string | null> {
  const addressBucket = `staff-login-address:${address}`;
  const byAddress = await consume(db, addressBucket, { max: limits.loginFailuresPerAddress, windowMs: limits.lockMs });
  if (!byAddress.allowed) throw new TooManyAttempts(byAddress.retryAfterMs);
  const nameBucket = `staff-login-name:${name.toLowerCase().slice(0, 100)}`;
  const byName = await consume(db, nameBucket, { max: limits.loginFailuresPerAccount, windowMs: limits.lockMs });
  if (!byName.allowed) throw new TooManyAttempts(byName.retryAfterMs);
  const staff = await staffOfPassword(db, hasher, name, password);
  if (staff) {
    await reset(db, nameBucket);
    await release(db, addressBucket);
  }
  return staff;
}
