// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { appRoutes } from '../routes';
import { renderRoutes } from '../test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the console routes', () => {
  it("open without the applicant's sign-in: the console asks for the staff one", async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ code: 401, data: null, error: 'Sign in.' }), { status: 401 }),
    );
    vi.stubGlobal('fetch', fetch);
    const { router } = renderRoutes(appRoutes, { at: '/console/applications/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeTruthy();
    expect(router.location().pathname).toBe('/console/applications/7');
    expect(fetch).toHaveBeenCalledWith('/api/staff/session', expect.objectContaining({ credentials: 'same-origin' }));
  });
});
