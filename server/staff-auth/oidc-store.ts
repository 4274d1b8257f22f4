/**
 * The embedded OpenID provider's storage (its adapter: sessions, interactions, codes, grants, tokens)
 * over the `oidc_store` table, so every instance of the server sees the same provider state: a
 * sign-in begun on one instance ends on another. A row past its `expires_at` is gone for the
 * provider (and removed when met); a consumed one (an authorization code used once) comes back
 * marked `consumed`, which the provider refuses, and revokes the tokens of its grant.
 */
import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { nowIso } from '../db/database';
import type { Database } from '../db/tables';

/** Models whose rows belong to a grant (revoked with it). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/** Expired rows are swept after this many writes of one instance (besides each expired row a read meets). */
const SWEEP_EVERY = 200;

type Row = Pick<Database['oidc_store'], 'payload' | 'expires_at' | 'consumed_at'>;

/** The payload of a live row; undefined for none or an expired one. */
function payloadOf(row: Row | undefined, now: string): AdapterPayload | undefined {
  if (!row || (row.expires_at !== null && row.expires_at <= now)) return undefined;
  const payload = JSON.parse(row.payload) as AdapterPayload;
  if (row.consumed_at !== null) payload.consumed = Math.floor(Date.parse(row.consumed_at) / 1000);
  return payload;
}

/** The adapter class the provider is given (`adapter` of its configuration): one instance per model. */
export function oidcStoreAdapter(db: Kysely<Database>): new (model: string) => Adapter {
  let writes = 0;
  return class OidcStoreAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        payload: JSON.stringify(payload),
        grant_id: GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
        user_code: payload.userCode ?? null,
        uid: this.model === 'Session' ? (payload.uid ?? null) : null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
        consumed_at: null,
      };
      await db
        .insertInto('oidc_store')
        .values({ model: this.model, id, ...row })
        .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(row))
        .execute();
      writes += 1;
      if (writes % SWEEP_EVERY === 0) await db.deleteFrom('oidc_store').where('expires_at', '<=', nowIso()).execute();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return this.live(
        await db
          .selectFrom('oidc_store')
          .select(['id', 'payload', 'expires_at', 'consumed_at'])
          .where('model', '=', this.model)
          .where('id', '=', id)
          .executeTakeFirst(),
      );
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.live(
        await db
          .selectFrom('oidc_store')
          .select(['id', 'payload', 'expires_at', 'consumed_at'])
          .where('model', '=', this.model)
          .where('uid', '=', uid)
          .executeTakeFirst(),
      );
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.live(
        await db
          .selectFrom('oidc_store')
          .select(['id', 'payload', 'expires_at', 'consumed_at'])
          .where('model', '=', this.model)
          .where('user_code', '=', userCode)
          .executeTakeFirst(),
      );
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_store')
        .set({ consumed_at: nowIso() })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_store').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_store').where('grant_id', '=', grantId).execute();
    }

    /** The row's payload when it is live; an expired row is removed. */
    private async live(row: (Row & { id: string }) | undefined): Promise<AdapterPayload | undefined> {
      const payload = payloadOf(row, nowIso());
      if (row && !payload) await this.destroy(row.id);
      return payload;
    }
  };
}
