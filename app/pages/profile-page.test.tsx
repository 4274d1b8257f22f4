// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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

describe('ProfilePage: download your data', () => {
  it('downloads the archive with the token and the page’s language, saying while it is made and when it started', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:archive');
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage(<ProfilePage />, { at: '/profile' });
    const section = await screen.findByRole('region', { name: 'Download your data' });
    fireEvent.click(within(section).getByRole('button', { name: 'Download my data' }));

    const busy = within(section).getByRole('button', { name: 'Preparing your archive…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith('/api/client/7/archive', {
      headers: { 'Accept-Language': 'en', Authorization: 'Bearer secret-token' },
    });
    answer(new Response('PK', { status: 200 }));
    expect(await within(section).findByText('Your archive is downloading.')).toBeTruthy();
    expect(clicked).toHaveBeenCalledTimes(1);
    expect((within(section).getByRole('button', { name: 'Download my data' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('says why the archive could not be made', async () => {
    const envelope = { code: 429, data: null, error: 'Too many attempts. Please try again in 12 minutes.' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(envelope), { status: 429 })),
    );
    renderPage(<ProfilePage />, { at: '/profile' });
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again in 12 minutes.');
  });
});

describe('ProfilePage: close your account', () => {
  const open = async () => {
    const opener = await screen.findByRole('button', { name: 'Close my account…' });
    opener.focus();
    fireEvent.click(opener);
    return { opener, dialog: await screen.findByRole('dialog', { name: 'Close your account?' }) };
  };

  it('says what is deleted and what is kept, opens on the password, and gives the focus back when kept', async () => {
    renderPage(<ProfilePage />, { at: '/profile' });
    const { opener, dialog } = await open();
    for (const text of [
      'your drafts and the files uploaded to them',
      'your password: you can no longer sign in',
      'your phone number, ID number and language',
      'every session: you are signed out on every device',
      'the applications you submitted, with their answers, documents and history, and their companies and reports',
      'the name and e-mail address they were submitted under',
    ])
      expect(within(dialog).getByText(text)).toBeTruthy();
    expect(dialog.getAttribute('aria-describedby')).toBe('close-dialog-what');
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Your password/));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('asks for the password and the typed e-mail, shows the server’s refusal by the password, then signs out to the closed page', async () => {
    const sent: unknown[] = [];
    const api = fakeApi({
      'POST client/7/close': (body) => {
        sent.push(body);
        return sent.length === 1 ? fail('The password is not correct.', 422) : ok({ done: true });
      },
    });
    const { router } = renderPage(<ProfilePage />, { api, at: '/profile' });
    const { dialog } = await open();
    const password = within(dialog).getByLabelText(/^Your password/) as HTMLInputElement;
    const confirmation = within(dialog).getByLabelText(/^Type your e-mail address ada@example\.org to confirm/);
    const submit = within(dialog).getByRole('button', { name: 'Close my account' });

    fireEvent.click(submit);
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2);
    expect(document.activeElement).toBe(password);
    fireEvent.change(password, { target: { value: 'Wrong-Horse-1' } });
    fireEvent.change(confirmation, { target: { value: 'someone@else.org' } });
    fireEvent.click(submit);
    expect(within(dialog).getByText('This is not your account’s e-mail address.')).toBeTruthy();
    expect(document.activeElement).toBe(confirmation);
    expect(sent).toEqual([]);

    fireEvent.change(confirmation, { target: { value: ' ADA@example.org ' } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('The password is not correct.')).toBeTruthy();
    expect(document.activeElement).toBe(password);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(getStoredUser()).not.toBeNull();

    fireEvent.change(password, { target: { value: 'Correct-Horse-9' } });
    fireEvent.click(submit);
    await waitFor(() => expect(router.location().pathname).toBe('/account-closed'));
    expect(router.location().state).toEqual({ accountClosed: true });
    expect(sent).toEqual([
      { password: 'Wrong-Horse-1', confirmation: 'ADA@example.org' },
      { password: 'Correct-Horse-9', confirmation: 'ADA@example.org' },
    ]);
  });
});
