// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { answer, fakeStaffApi, refusal, renderConsole, SESSION } from './console-test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ConsoleGate', () => {
  it('offers the staff sign-in, returning to the page asked for, when nobody is signed in', async () => {
    const api = fakeStaffApi({ 'GET staff/session': () => refusal(401, 'Sign in first.') });
    renderConsole(api, <p>queue page</p>, {
      path: '/console/services/:service',
      at: '/console/services/alpha?status=submitted',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Sign in with your staff account' });
    expect(link.getAttribute('href')).toBe(
      `/api/staff/sign-in?return=${encodeURIComponent('/console/services/alpha?status=submitted')}`,
    );
    expect(screen.queryByText('queue page')).toBeNull();
  });

  it("says why a sign-in was refused, in the console's language, and offers to sign in again to the same page", async () => {
    const api = fakeStaffApi({ 'GET staff/session': () => refusal(401, 'Sign in first.') });
    renderConsole(api, <p>queue page</p>, {
      path: '/console/services/:service',
      at: '/console/services/alpha?status=submitted&sign_in_error=answer-refused',
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The sign-in did not succeed');
    expect(alert.textContent).toContain('may have been used already');
    const again = screen.getByRole('link', { name: 'Sign in again' });
    // Back to the page asked for, without the refusal.
    expect(again.getAttribute('href')).toBe(
      `/api/staff/sign-in?return=${encodeURIComponent('/console/services/alpha?status=submitted')}`,
    );
  });

  it('words a refusal it does not know as a failed sign-in', async () => {
    const api = fakeStaffApi({ 'GET staff/session': () => refusal(401, 'Sign in first.') });
    renderConsole(api, <p>queue page</p>, { path: '/console', at: '/console?sign_in_error=something-new' });
    expect((await screen.findByRole('alert')).textContent).toContain('The sign-in could not be completed.');
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe(
      `/api/staff/sign-in?return=${encodeURIComponent('/console')}`,
    );
  });

  it('shows the signed-in person and the page, and signs out with the session token', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = fakeStaffApi({
      'GET staff/session': () => answer(SESSION),
      'POST staff/sign-out': () => answer({ endSessionUrl: 'https://id.example/logout' }),
    });
    renderConsole(api, <p>queue page</p>, { path: '/console', at: '/console' });
    expect(await screen.findByText('queue page')).toBeTruthy();
    expect(screen.getByText('Signed in as Grace Mukamana')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://id.example/logout'));
    expect(api.calls.at(-1)).toMatchObject({ method: 'POST', path: 'staff/sign-out', csrfToken: 'csrf-123' });
  });

  it('shows a failure of the session with a retry, not the sign-in', async () => {
    const api = fakeStaffApi({ 'GET staff/session': () => refusal(500, 'server error') });
    renderConsole(api, <p>queue page</p>, { path: '/console', at: '/console' });
    expect(await screen.findByText('server error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Staff sign-in' })).toBeNull();
  });
});
