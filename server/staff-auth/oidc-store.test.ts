/**
 * The embedded provider's storage over `oidc_store`: what one adapter writes another finds (as two
 * instances would), by id, session uid and user code; an expired row is gone, a consumed one says
 * so, and revoking a grant removes its tokens only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../tests/api/helpers';
import type { OpenDatabase } from '../db/database';
import { oidcStoreAdapter } from './oidc-store';

let database: OpenDatabase;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await freshDatabase());
});
afterAll(async () => close());

describe('oidcStoreAdapter', () => {
  it('finds by id, uid and user code what another instance stored', async () => {
    const one = oidcStoreAdapter(database.db);
    const other = oidcStoreAdapter(database.db);
    await new one('Session').upsert('s1', { uid: 'u1', accountId: 'ana' }, 60);
    await new one('DeviceCode').upsert('d1', { userCode: 'ABCD', grantId: 'g1' }, 60);
    expect(await new other('Session').find('s1')).toEqual({ uid: 'u1', accountId: 'ana' });
    expect(await new other('Session').findByUid('u1')).toEqual({ uid: 'u1', accountId: 'ana' });
    expect(await new other('DeviceCode').findByUserCode('ABCD')).toMatchObject({ grantId: 'g1' });
    // Another model's row of the same id is another row.
    expect(await new other('Grant').find('s1')).toBeUndefined();
  });

  it('forgets an expired row and removes it', async () => {
    const Adapter = oidcStoreAdapter(database.db);
    await new Adapter('Interaction').upsert('i1', { accountId: 'ana' }, 60);
    await database.db
      .updateTable('oidc_store')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', 'i1')
      .execute();
    expect(await new Adapter('Interaction').find('i1')).toBeUndefined();
    expect(await database.db.selectFrom('oidc_store').select('id').where('id', '=', 'i1').execute()).toEqual([]);
  });

  it('marks a consumed row, and revokes the tokens of a grant and nothing else', async () => {
    const Adapter = oidcStoreAdapter(database.db);
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g2', accountId: 'ana' }, 60);
    await codes.upsert('c2', { grantId: 'g3', accountId: 'ana' }, 60);
    await new Adapter('AccessToken').upsert('a1', { grantId: 'g2' }, 60);
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number));
    expect((await codes.find('c2'))?.consumed).toBeUndefined();
    await codes.revokeByGrantId('g2');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await new Adapter('AccessToken').find('a1')).toBeUndefined();
    expect(await codes.find('c2')).toBeDefined();
    await codes.destroy('c2');
    expect(await codes.find('c2')).toBeUndefined();
  });
});
