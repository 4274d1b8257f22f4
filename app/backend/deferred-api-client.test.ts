import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../engine/core/api-client';
import { deferredApiClient } from './deferred-api-client';

/** A transport answering every call with its method and path. */
function transport(): ApiClient {
  const answer = (method: string) => (path: string) =>
    Promise.resolve({ ok: true as const, code: 200, data: `${method} ${path}` as never });
  return {
    baseUrl: '/api/',
    get: answer('GET'),
    post: answer('POST'),
    put: answer('PUT'),
    delete: answer('DELETE'),
    upload: answer('UPLOAD'),
    url: (path) => `/api/${path}`,
  };
}

describe('deferredApiClient', () => {
  it('loads its transport at the first call, once, and answers through it', async () => {
    const load = vi.fn(() => Promise.resolve(transport()));
    const api = deferredApiClient('/api/', load);
    expect(api.url('certificates/7')).toBe('/api/certificates/7');
    expect(load).not.toHaveBeenCalled();
    const answers = await Promise.all([api.get('services'), api.post('clients/login', {}), api.put('profile', {})]);
    expect(answers.map((answer) => answer.ok && answer.data)).toEqual([
      'GET services',
      'POST clients/login',
      'PUT profile',
    ]);
    expect(await api.upload('files', new FormData())).toMatchObject({ ok: true, data: 'UPLOAD files' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers a server error when the transport cannot load, and tries again at the next call', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(transport());
    const api = deferredApiClient('/api/', load);
    expect(await api.get('services')).toEqual({ ok: false, code: 500, error: 'server error' });
    expect(await api.get('services')).toMatchObject({ ok: true, data: 'GET services' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('answers an aborted call when its signal fired while the transport loaded', async () => {
    const controller = new AbortController();
    const api = deferredApiClient('/api/', () => {
      controller.abort();
      return Promise.reject(new Error('aborted'));
    });
    expect(await api.get('services', { signal: controller.signal })).toEqual({
      ok: false,
      code: 0,
      error: 'request aborted',
    });
  });
});
