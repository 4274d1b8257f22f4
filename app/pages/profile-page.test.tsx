// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { clearStoredUser, getStoredUser, setStoredUser } from '../auth/user-store';
import { fakeApi, fail, ok, renderPage } from '../test-utils';
import { PROFILE_SUCCESS_MS, ProfilePage } from './profile-page';

const user = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Uwase',
  other_name: 'M.',
  email: 'ada@example.org',
  phone: '0781234567',
  id_number: '1199080012345678',
  token: 'secret-token',
};

beforeEach(() => setStoredUser(user));
afterEach(() => {
  cleanup();
  clearStoredUser();
  vi.useRealTimers();
});

const LABELS = [/^First name/, /^Last name/, /^Other names/, /^Email/, /^Phone/, /^ID number/];
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
/** The read-only profile: term -> definition. */
const shown = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );

describe('ProfilePage', () => {
  it('shows the six fields as text until Edit, then a form focused on its first field; Cancel restores them', async () => {
    setStoredUser({ ...user, other_name: '' });
    renderPage(<ProfilePage />, { at: '/profile' });
    await screen.findByRole('heading', { name: 'Profile' });
    // Read as text (a description list), not as disabled inputs; an empty value says so.
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(shown()).toEqual({
      'First name': 'Ada',
      'Last name': 'Uwase',
      'Other names': 'Not given',
      Email: 'ada@example.org',
      Phone: '0781234567',
      'ID number': '1199080012345678',
    });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    for (const label of LABELS) expect(field(label).disabled).toBe(false);
    expect(document.activeElement).toBe(field(/^First name/));
    fireEvent.change(field(/^First name/), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(shown()['First name']).toBe('Ada');
  });

  it('requires first name, last name and email; other names and phone are optional, a phone has 10 digits', async () => {
    const api = fakeApi({ 'PUT client/7': () => ok({ phone: null }) });
    renderPage(<ProfilePage />, { api, at: '/profile' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    for (const label of [/^First name/, /^Last name/, /^Email/, /^Other names/])
      fireEvent.change(field(label), { target: { value: '' } });
    fireEvent.change(field(/^Phone/), { target: { value: '0781' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByText('Enter a 10 digit phone number.')).toBeTruthy();
    fireEvent.change(field(/^Email/), { target: { value: 'not-an-email' } });
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    fireEvent.change(field(/^First name/), { target: { value: 'Ada' } });
    fireEvent.change(field(/^Last name/), { target: { value: 'Uwase' } });
    fireEvent.change(field(/^Email/), { target: { value: 'ada@example.org' } });
    fireEvent.change(field(/^Phone/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update successful')).toBeTruthy();
    // The phone left blank is cleared (the server answers null): the profile says it is not given.
    expect(shown().Phone).toBe('Not given');
    expect(api.calls[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Uwase',
      other_name: '',
      email: 'ada@example.org',
      phone: '',
      id_number: '1199080012345678',
    });
  });

  it("says 'Update successful', keeps the session token, and clears the flag after 10 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({
      'PUT client/7': (body) => ok({ ...(body as object), id: 7, uid: 'U7' }),
    });
    renderPage(<ProfilePage />, { api, at: '/profile' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(field(/^First name/), { target: { value: 'Adele' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update successful')).toBeTruthy();
    expect(getStoredUser()).toMatchObject({ first_name: 'Adele', token: 'secret-token', id: 7 });
    expect(shown()['First name']).toBe('Adele');

    act(() => vi.advanceTimersByTime(PROFILE_SUCCESS_MS - 1000));
    expect(screen.getByText('Update successful')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Update successful')).toBeNull();
    expect(PROFILE_SUCCESS_MS).toBe(10_000);
  });

  it("says 'Error updating profile.' when the server refuses, keeping what was typed", async () => {
    const api = fakeApi({ 'PUT client/7': () => fail('An account with this email or phone already exists', 409) });
    renderPage(<ProfilePage />, { api, at: '/profile' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(field(/^Email/), { target: { value: 'taken@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error updating profile.');
    expect(field(/^Email/).value).toBe('taken@example.org');
    expect(field(/^Email/).disabled).toBe(false);
    expect(getStoredUser()?.email).toBe('ada@example.org');
  });

  it('turns e-mails about applications off and on with a switch saved at once; a refusal says so and keeps the choice', async () => {
    const sent: unknown[] = [];
    let refuse = false;
    const api = fakeApi({
      'PUT client/7': (body) => {
        sent.push(body);
        return refuse ? fail('server error', 500) : ok({ ...(body as object), id: 7, uid: 'U7' });
      },
    });
    renderPage(<ProfilePage />, { api, at: '/profile' });
    const toggle = (await screen.findByRole('switch', {
      name: /E-mail me about my applications/,
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(await screen.findByText('Your choice is saved.')).toBeTruthy();
    expect(sent).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Uwase',
        other_name: 'M.',
        email: 'ada@example.org',
        id_number: '1199080012345678',
        decision_emails: false,
      },
    ]);
    expect(getStoredUser()).toMatchObject({ decision_emails: false, phone: '0781234567', token: 'secret-token' });
    expect(toggle.checked).toBe(false);

    refuse = true;
    fireEvent.click(toggle);
    expect(await screen.findByText('Your choice could not be saved. Please try again.')).toBeTruthy();
    expect(getStoredUser()?.decision_emails).toBe(false);
    expect(toggle.checked).toBe(false);
  });
});
