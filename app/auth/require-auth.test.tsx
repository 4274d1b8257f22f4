// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { LoginPage } from '../pages/login-page';
import { fakeApi, fail, ok, renderRoutes } from '../test-utils';
import { RequireAuth, returnPath } from './require-auth';
import { clearStoredUser, getStoredUser, setStoredUser } from './user-store';

const USER = { id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'ada@example.org', token: 'secret' };

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

afterEach(() => {
  cleanup();
  clearStoredUser();
});

describe('RequireAuth', () => {
  it('sends a visitor to /login and remembers the origin', async () => {
    const { router } = renderRoutes(
      [
        {
          path: '/companies',
          element: (
            <RequireAuth>
              <p>companies</p>
            </RequireAuth>
          ),
        },
        { path: '/login', element: <Where /> },
      ],
      { at: '/companies?tab=2' },
    );
    expect(await screen.findByTestId('where')).toHaveProperty('textContent', '/login');
    expect(screen.queryByText('companies')).toBeNull();
    expect(returnPath(router.location().state)).toBe('/companies?tab=2');
  });

  it('renders the page for a signed-in user', async () => {
    setStoredUser(USER);
    renderRoutes(
      [
        {
          path: '/companies',
          element: (
            <RequireAuth>
              <p>companies</p>
            </RequireAuth>
          ),
        },
      ],
      { at: '/companies' },
    );
    expect(await screen.findByText('companies')).toBeTruthy();
  });

  it('defaults to /dashboard without a remembered origin', () => {
    expect(returnPath(undefined)).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '/login', search: '', hash: '' } })).toBe('/dashboard');
  });

  it('returns to the origin after login and stores the user', async () => {
    const api = fakeApi({ 'POST clients/login': () => ok(USER) });
    renderRoutes(
      [
        {
          path: '/profile',
          element: (
            <RequireAuth>
              <Where />
            </RequireAuth>
          ),
        },
        { path: '/login', element: <LoginPage /> },
      ],
      { api, at: '/profile' },
    );
    fireEvent.change(await screen.findByLabelText(/Email or phone/), { target: { value: 'ada@example.org' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/profile'));
    expect(getStoredUser()?.token).toBe('secret');
    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: 'clients/login',
      body: { username: 'ada@example.org', password: 'pw' },
    });
  });

  it('shows the server message when login fails', async () => {
    const api = fakeApi({ 'POST clients/login': () => fail('Invalid username or password', 401) });
    renderRoutes([{ path: '/login', element: <LoginPage /> }], { api, at: '/login' });
    fireEvent.change(screen.getByLabelText(/Email or phone/), { target: { value: 'x@example.org' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid username or password');
    expect(getStoredUser()).toBeNull();
  });

  it('sends a user whose session ended to /login with the reason, then back to where they were', async () => {
    setStoredUser(USER);
    const api = fakeApi({ 'POST clients/login': () => ok({ ...USER, token: 'fresh' }) });
    renderRoutes(
      [
        {
          path: '/companies',
          element: (
            <RequireAuth>
              <Where />
            </RequireAuth>
          ),
        },
        { path: '/login', element: <LoginPage /> },
      ],
      { api, at: '/companies?page=2' },
    );
    expect((await screen.findByTestId('where')).textContent).toBe('/companies?page=2');
    // What the API client does on a 401.
    act(() => clearStoredUser('expired'));
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Email or phone/), { target: { value: 'ada@example.org' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/companies?page=2'));
  });
});
