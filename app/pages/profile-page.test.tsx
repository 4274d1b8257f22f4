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

describe('ProfilePage', () => {
  it('shows the six fields disabled until Edit; Cancel restores them', async () => {
    renderPage(<ProfilePage />, { at: '/profile' });
    await screen.findByRole('heading', { name: 'Profile' });
    expect(LABELS.map((label) => field(label).value)).toEqual([
      'Ada',
      'Uwase',
      'M.',
      'ada@example.org',
      '0781234567',
      '1199080012345678',
    ]);
    for (const label of LABELS) expect(field(label).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    for (const label of LABELS) expect(field(label).disabled).toBe(false);
    fireEvent.change(field(/^First name/), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field(/^First name/).value).toBe('Ada');
    expect(field(/^First name/).disabled).toBe(true);
  });

  it('requires first name, last name and email; other names and phone are optional, a phone has 10 digits', async () => {
    const api = fakeApi({ 'PUT client/7': () => ok({}) });
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
    expect(field(/^First name/).disabled).toBe(true);

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
});
