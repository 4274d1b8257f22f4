/**
 * The console's sessions (`staff_sessions`, shared by every instance): made at sign-in with the
 * grants the provider gave, found by the SHA-256 of the cookie's random id, ended at sign-out, at
 * STAFF_SESSION_HOURS after sign-in or STAFF_SESSION_IDLE_MINUTES after the last request.
 */
import type { Kysely } from 'kysely';
import { isStaffRole, type RoleGrant } from '../../engine/core';
import { nowIso } from '../db/database';
import type { Database } from '../db/tables';
import { newToken, sha256 } from '../security';
import type { SignedIn } from './relying-party';

/** The session cookie: a random id (only its hash is stored). */
export const SESSION_COOKIE = 'ecopermit_staff_session';

/** Last use is written at most this often. */
const LAST_USE_PRECISION_MS = 60_000;

export const STAFF_SESSION_ENDED = 'Your staff session has ended. Please sign in again.';
export const STAFF_SESSION_EXPIRED = 'Your staff session has expired. Please sign in again.';

/** A live session, as the console and the policy read it. */
export interface StaffSession {
  id: number;
  name: string;
  grants: RoleGrant[];
  csrfToken: string;
  idToken: string | null;
}

/** Makes a session for `signedIn`; answers the cookie's value (shown once) and the session. */
export async function createStaffSession(
  db: Kysely<Database>,
  signedIn: SignedIn,
  maxMs: number,
): Promise<{ cookie: string; session: StaffSession }> {
  const cookie = newToken();
  const csrfToken = newToken();
  const now = new Date();
  const row = await db
    .insertInto('staff_sessions')
    .values({
      session_hash: sha256(cookie),
      staff_name: signedIn.name,
      subject: signedIn.subject,
      issuer: signedIn.issuer,
      grants: JSON.stringify(signedIn.grants),
      id_token: signedIn.idToken,
      csrf_token: csrfToken,
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
      expires_at: new Date(now.getTime() + maxMs).toISOString(),
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    cookie,
    session: { id: row.id, name: signedIn.name, grants: signedIn.grants, csrfToken, idToken: signedIn.idToken },
  };
}

function grantsOfRow(text: string): RoleGrant[] {
  const parsed = JSON.parse(text) as unknown;
  return Array.isArray(parsed)
    ? parsed.filter(
        (grant): grant is RoleGrant =>
          typeof grant === 'object' && grant !== null && typeof grant.service === 'string' && isStaffRole(grant.role),
      )
    : [];
}

/**
 * The live session of a cookie's value: `{ session }`, or why there is none (`ended`: unknown or
 * signed out; `expired`: past its age or idle time, and ended now).
 */
export async function findStaffSession(
  db: Kysely<Database>,
  cookie: string,
  idleMs: number,
): Promise<{ session: StaffSession } | { refused: 'ended' | 'expired' }> {
  const row = await db
    .selectFrom('staff_sessions')
    .selectAll()
    .where('session_hash', '=', sha256(cookie))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) return { refused: 'ended' };
  const now = Date.now();
  const lastUsed = Date.parse(row.last_used_at);
  if (Date.parse(row.expires_at) <= now || now - lastUsed > idleMs) {
    await db.updateTable('staff_sessions').set({ revoked_at: nowIso() }).where('id', '=', row.id).execute();
    return { refused: 'expired' };
  }
  if (now - lastUsed > LAST_USE_PRECISION_MS)
    await db
      .updateTable('staff_sessions')
      .set({ last_used_at: new Date(now).toISOString() })
      .where('id', '=', row.id)
      .execute();
  return {
    session: {
      id: row.id,
      name: row.staff_name,
      grants: grantsOfRow(row.grants),
      csrfToken: row.csrf_token,
      idToken: row.id_token,
    },
  };
}

/** Ends the session `id` (signed out). */
export async function endStaffSession(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('staff_sessions').set({ revoked_at: nowIso() }).where('id', '=', id).execute();
}
