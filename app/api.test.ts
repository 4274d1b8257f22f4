// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppApi } from './api';
import { clearStoredUser, getStoredUser, lastSignOutReason, setStoredUser } from './auth/user-store';

afterEach(() => {
  vi.unstubAllGlobals();
  clearStoredUser();
});

const answer = (status: number, body: unknown) =>
  vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('createAppApi', () => {
  it('signs out with the reason "expired" when the server ends the session (401)', async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'U', email: 'ada@example.org', token: 'old-token' });
    const fetch = answer(401, { code: 401, data: null, error: 'Your session has expired. Please sign in again.' });
    vi.stubGlobal('fetch', fetch);
    const result = await createAppApi().get('companies/7');
    expect(result).toEqual({ ok: false, code: 401, error: 'Your session has expired. Please sign in again.' });
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ headers: { Authorization: 'Bearer old-token' } });
    expect(getStoredUser()).toBeNull();
    expect(lastSignOutReason()).toBe('expired');
    // The next sign-in forgets the reason.
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'U', email: 'ada@example.org', token: 'new-token' });
    expect(lastSignOutReason()).toBeNull();
  });

  it('keeps the user on other failures', async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'U', email: 'ada@example.org', token: 't' });
    vi.stubGlobal('fetch', answer(403, { code: 403, data: null, error: 'Forbidden' }));
    await createAppApi().get('companies/8');
    expect(getStoredUser()?.token).toBe('t');
    expect(lastSignOutReason()).toBeNull();
  });
});
