// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { clearStoredUser, getStoredUser, setStoredUser } from '../auth/user-store';
import { renderPage } from '../test-utils';
import { AccountClosedPage } from './account-closed-page';

afterEach(() => {
  cleanup();
  clearStoredUser();
});

describe('AccountClosedPage', () => {
  it('says the account is closed, what went and what is kept, with the focus on its heading', async () => {
    renderPage(<AccountClosedPage />, { at: '/account-closed' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your account is closed' });
    expect(document.activeElement).toBe(heading);
    expect(
      screen.getByText(/Your drafts and their files, your password, phone number and ID number have been deleted/),
    ).toBeTruthy();
    expect(screen.getByText(/kept by the authority only as long as the law requires/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register again' }).getAttribute('href')).toBe('/register');
  });

  it('keeps a signed-in visitor who only opened the address signed in', async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' });
    renderPage(<AccountClosedPage />, { at: '/account-closed' });
    await screen.findByRole('heading', { level: 1, name: 'Your account is closed' });
    expect(getStoredUser()).not.toBeNull();
  });
});
