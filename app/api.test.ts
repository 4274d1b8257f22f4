// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppApi } from './api';
import { clearStoredUser, getStoredUser, lastSignOutReason, setStoredUser } from './auth/user-store';
import i18n, { changeLanguage } from './i18n';

afterEach(async () => {
  vi.unstubAllGlobals();
  clearStoredUser();
  await changeLanguage('en');
});

/** A fetch answering `body` with `status`; ky hands it a Request, recorded in `requests`. */
function answer(status: number, body: unknown) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(input instanceof Request ? input : new Request(input, init));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return { fetch, requests };
}

describe('createAppApi', () => {
  it('signs out with the reason "expired" when the server ends the session (401)', async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'U', email: 'ada@example.org', token: 'old-token' });
    const { fetch, requests } = answer(401, {
      code: 401,
      data: null,
      error: 'Your session has expired. Please sign in again.',
    });
    vi.stubGlobal('fetch', fetch);
    const result = await createAppApi().get('companies/7');
    expect(result).toEqual({ ok: false, code: 401, error: 'Your session has expired. Please sign in again.' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer old-token');
    expect(getStoredUser()).toBeNull();
    expect(lastSignOutReason()).toBe('expired');
    // The next sign-in forgets the reason.
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'U', email: 'ada@example.org', token: 'new-token' });
    expect(lastSignOutReason()).toBeNull();
  });

  it('keeps the user on other failures', async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'U', email: 'ada@example.org', token: 't' });
    vi.stubGlobal('fetch', answer(403, { code: 403, data: null, error: 'Forbidden' }).fetch);
    await createAppApi().get('companies/8');
    expect(getStoredUser()?.token).toBe('t');
    expect(lastSignOutReason()).toBeNull();
  });

  it('sends the interface language as Accept-Language', async () => {
    const { fetch, requests } = answer(200, { code: 200, data: [], error: null });
    vi.stubGlobal('fetch', fetch);
    await changeLanguage('de');
    expect(i18n.resolvedLanguage).toBe('de');
    await createAppApi().get('services');
    expect(requests[0]?.headers.get('Accept-Language')).toBe('de');
    expect(requests[0]?.url).toBe(new URL('/api/services', location.href).href);
  });
});
