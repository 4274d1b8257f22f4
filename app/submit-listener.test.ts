import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../engine/core/api-client';
import type { ServiceDefinition } from '../engine/core/definition-types';
import { withSubmitListener } from './submit-listener';
import { fail, fakeApi, ok } from './test-utils';

const definition = {
  submit: {
    calls: [
      { name: 'extra', method: 'POST', path: 'clients/extra/{applicationId}', body: {} },
      { name: 'record', method: 'POST', path: 'clients/{clientId}/record', body: {}, savesRecord: true },
    ],
  },
} as unknown as Pick<ServiceDefinition, 'submit'>;

describe('withSubmitListener', () => {
  it('calls back after a successful record call only', async () => {
    let records = 0;
    let answer: ApiResult<unknown> = fail('nope', 422);
    const api = withSubmitListener(
      fakeApi({
        'POST clients/7/record': () => answer,
        'POST clients/extra/5': () => ok({}),
        'GET clients/7/record': () => ok({}),
      }),
      definition,
      () => (records += 1),
    );
    await api.post('clients/extra/5', {});
    await api.get('clients/7/record');
    await api.post('clients/7/record', {});
    expect(records).toBe(0);
    answer = ok({ id: 1 });
    expect(await api.post('clients/7/record', {})).toEqual({ ok: true, code: 200, data: { id: 1 } });
    await api.put('clients/7/record', {});
    expect(records).toBe(1);
  });
});
