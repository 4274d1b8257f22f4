// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button } from '@mui/material';
import { clearStoredUser, getStoredUser, setStoredUser } from '../auth/user-store';
import { LogoutPage } from '../pages/logout-page';
import { appRoutes } from '../routes';
import { useSubmissionRefresh } from '../submissions';
import { fakeApi, ok, recycledOpener, renderRoutes } from '../test-utils';
import { Layout } from './layout';

const CHECK = 'GET application/check-plastic-bags-authorization/7';

beforeEach(() => setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' }));
afterEach(() => {
  cleanup();
  clearStoredUser();
});

/**
 * The sidebar. On jsdom's narrow screen it is a drawer behind the menu button; once opened it stays
 * mounted, so its links (and the page under the open drawer) are read with `hidden: true`.
 */
async function sections() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
  return screen.findByRole('navigation', { name: 'Sections' });
}

const link = (nav: HTMLElement, name: string) => within(nav).queryByRole('link', { name, hidden: true });

/** Answers the plastics check with the given answers in turn (the last one repeats). */
function checkAnswers(...answers: boolean[]) {
  let call = 0;
  return () => ok({ has_submitted_auth_plastic_bag: answers[Math.min(call++, answers.length - 1)] });
}

/** Stands for the wizard's page: reports a submission of client 7 as the application page does. */
function SubmitButton() {
  const onSubmitted = useSubmissionRefresh(7);
  return <Button onClick={onSubmitted}>Submitted</Button>;
}

describe('Layout', () => {
  it('offers Recycled once the client has submitted a plastics authorization, checking again on the dashboard', async () => {
    const api = fakeApi({ [CHECK]: checkAnswers(false, true) });
    const { router } = renderRoutes(appRoutes, { api, at: '/services', definitions: [recycledOpener] });
    const nav = await sections();
    for (const name of ['Dashboard', 'Services', 'Companies']) expect(link(nav, name)).toBeTruthy();
    await waitFor(() => expect(api.calls.filter((c) => `GET ${c.path}` === CHECK)).toHaveLength(1));
    expect(link(nav, 'Recycled')).toBeNull();

    await act(() => router.navigate('/dashboard'));
    await waitFor(() => expect(link(nav, 'Recycled')?.getAttribute('href')).toBe('/plastics-recycled'));
    expect(api.calls.filter((c) => `GET ${c.path}` === CHECK)).toHaveLength(2);
  });

  it('checks again when a page reports a submission', async () => {
    const api = fakeApi({ [CHECK]: checkAnswers(false, true) });
    renderRoutes([{ element: <Layout />, children: [{ path: '/apply', element: <SubmitButton /> }] }], {
      api,
      definitions: [recycledOpener],
      at: '/apply',
    });
    const nav = await sections();
    await waitFor(() => expect(api.calls.filter((c) => `GET ${c.path}` === CHECK)).toHaveLength(1));
    expect(link(nav, 'Recycled')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submitted', hidden: true }));
    await waitFor(() => expect(link(nav, 'Recycled')).toBeTruthy());
  });

  it('has fullscreen, notifications, language, a user menu and the footer credit with the year', async () => {
    const api = fakeApi({ [CHECK]: checkAnswers(false) });
    renderRoutes([{ element: <Layout />, children: [{ path: '/here', element: <p>page</p> }] }], {
      api,
      definitions: [recycledOpener],
      at: '/here',
    });
    expect(await screen.findByRole('button', { name: 'Enter full screen' })).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('National Environment Authority');
    expect(footer.textContent).toContain(String(new Date().getFullYear()));
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeTruthy();
    // A newcomer has no news (no made-up notifications).
    fireEvent.click(screen.getByRole('button', { name: 'Notifications (0 new)' }));
    expect(within(screen.getByRole('menu')).getByRole('menuitem').textContent).toBe('No new notifications');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Account menu of Ada Uwase' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' }).getAttribute('href')).toBe('/logout');
  });

  it('tells of the statuses the authority changed since the last visit, once, linking to the application', async () => {
    const row = (id: number, status: number) => ({
      id,
      app_id: `APP-${id}`,
      service_id: 1,
      application_status_id: status,
    });
    let statuses = [row(12, 2), row(13, 2), row(14, 1)];
    const api = fakeApi({
      [CHECK]: checkAnswers(true),
      'GET clients/applications/7?page=1': () => ok({ items: statuses, page: 1, per_page: 25, total: 3, last_page: 1 }),
    });
    const first = renderRoutes([{ element: <Layout />, children: [{ path: '/here', element: <p>page</p> }] }], {
      api,
      definitions: [recycledOpener],
      at: '/here',
    });
    // The first visit is the starting point: nothing is news.
    await waitFor(() => expect(localStorage.getItem('seen-statuses:7')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Notifications (0 new)' })).toBeTruthy();
    first.unmount();

    // Since then: 12 approved, 13 returned (the authority's decisions), 14 submitted (the applicant's own).
    statuses = [row(12, 6), row(13, 7), row(14, 2)];
    renderRoutes([{ element: <Layout />, children: [{ path: '/here', element: <p>page</p> }] }], {
      api,
      definitions: [recycledOpener],
      at: '/here',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications (2 new)' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `${recycledOpener.title} APP-12: APPROVED`,
      `${recycledOpener.title} APP-13: RETURNED`,
    ]);
    expect(items[0]?.getAttribute('href')).toBe(`${recycledOpener.routes.view}?appId=12`);
    // Opening the menu marks them seen.
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications (0 new)' })).toBeTruthy());
    localStorage.removeItem('seen-statuses:7');
  });

  it('logs out: revokes the token on the server, clears it locally and goes to /login', async () => {
    const api = fakeApi({ 'POST clients/logout': () => ok({ done: true }) });
    renderRoutes(
      [
        { path: '/logout', element: <LogoutPage /> },
        { path: '/login', element: <p>login page</p> },
      ],
      { api, at: '/logout' },
    );
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(api.calls).toEqual([{ method: 'POST', path: 'clients/logout', body: undefined }]);
    expect(getStoredUser()).toBeNull();
  });
});
