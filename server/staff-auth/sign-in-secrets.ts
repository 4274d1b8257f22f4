/**
 * The secrets of the staff sign-in that every instance must share: the embedded provider's signing
 * keys (its JWKS: an ID token signed by one instance is checked by another) and cookie keys, the
 * console's client at it, and the key that signs the console's sign-in cookie. Made by the first
 * instance that needs them and kept in the database (`oidc_store`, model `Keys`); an instance that
 * starts at the same time keeps the first one's.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** What is kept. */
export interface SignInSecrets {
  /** The provider's private signing keys (JWK, RS256). */
  signingKeys: Array<Record<string, unknown>>;
  /** The provider's cookie keys (its interaction and session cookies are signed). */
  cookieKeys: string[];
  /** The console's client at the embedded provider (used unless the settings name one). */
  clientId: string;
  clientSecret: string;
  /** Signs the console's pending sign-in cookie (state, nonce, PKCE verifier). */
  stateKey: string;
}

const MODEL = 'Keys';
const ID = 'staff-sign-in';

const secret = () => randomBytes(32).toString('base64url');

function newSecrets(): SignInSecrets {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return {
    signingKeys: [{ ...jwk, kid: secret().slice(0, 16), use: 'sig', alg: 'RS256' }],
    cookieKeys: [secret()],
    clientId: 'ecopermit-console',
    clientSecret: secret(),
    stateKey: secret(),
  };
}

/** The shared secrets: those in the database, or new ones stored there first. */
export async function signInSecrets(db: Kysely<Database>): Promise<SignInSecrets> {
  const read = () =>
    db.selectFrom('oidc_store').select('payload').where('model', '=', MODEL).where('id', '=', ID).executeTakeFirst();
  const kept = await read();
  if (kept) return JSON.parse(kept.payload) as SignInSecrets;
  // Two instances starting together: the first insert wins, the other reads what it stored.
  await db
    .insertInto('oidc_store')
    .values({
      model: MODEL,
      id: ID,
      payload: JSON.stringify(newSecrets()),
      grant_id: null,
      user_code: null,
      uid: null,
      expires_at: null,
      consumed_at: null,
    })
    .onConflict((conflict) => conflict.columns(['model', 'id']).doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error('the staff sign-in secrets could not be stored');
  return JSON.parse(stored.payload) as SignInSecrets;
}
