// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RESEND_WAIT_SECONDS } from '../components/otp-form';
import { fakeApi, fail, ok, renderPage } from '../test-utils';
import { preloadLaterSteps } from '../components/later-steps';
import { RegisterPage } from './register-page';

afterEach(cleanup);
// The code, password and success steps load apart from the page: loaded before, so the test waits
// for what the page does, never for a module to arrive.
beforeAll(preloadLaterSteps);

function fillDetails(telephone = '0781234567') {
  fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Uwase' } });
  fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: telephone } });
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ada@example.org' } });
  fireEvent.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterPage', () => {
  it('moves through details, OTP and password to the success panel', async () => {
    const api = fakeApi({
      'POST clients': () => ok({ id: 1, email: 'ada@example.org', telephone: '0781234567' }),
      'POST client/confirm-otp': () => ok({ confirmed: true, password_token: 'secret-from-the-code' }),
      'POST client/password': () => ok({ done: true }),
    });
    renderPage(<RegisterPage />, { api, at: '/register' });
    fillDetails();

    fireEvent.change(await screen.findByLabelText(/Verification code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'Secret#1' } });
    fireEvent.change(screen.getByLabelText(/Confirm password/), { target: { value: 'Secret#1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByRole('link', { name: 'Go to login' })).toHaveProperty('pathname', '/login');
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        'clients',
        { first_name: 'Ada', last_name: 'Uwase', other_name: '', telephone: '0781234567', email: 'ada@example.org' },
      ],
      ['POST', 'client/confirm-otp', { username: 'ada@example.org', otp: '123456' }],
      [
        'POST',
        'client/password',
        { username: 'ada@example.org', password: 'Secret#1', password_token: 'secret-from-the-code' },
      ],
    ]);
  });

  it('keeps the details step with the server message when registration fails', async () => {
    const api = fakeApi({ 'POST clients': () => fail('An account with this email or phone already exists', 409) });
    renderPage(<RegisterPage />, { api, at: '/register' });
    fillDetails();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'An account with this email or phone already exists',
    );
    expect(screen.getByLabelText(/First name/)).toHaveProperty('value', 'Ada');
  });

  it('returns to the OTP step with the server message when the code is refused', async () => {
    const api = fakeApi({
      'POST clients': () => ok({ id: 1 }),
      'POST client/confirm-otp': () => fail('Invalid or expired code'),
    });
    renderPage(<RegisterPage />, { api, at: '/register' });
    fillDetails();
    fireEvent.change(await screen.findByLabelText(/Verification code/), { target: { value: '999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid or expired code');
    expect(screen.getByLabelText(/Verification code/)).toBeTruthy();
  });

  it('refuses a non-numeric OTP and mismatched passwords before calling the server', async () => {
    const api = fakeApi({
      'POST clients': () => ok({ id: 1 }),
      'POST client/confirm-otp': () => ok({ confirmed: true }),
    });
    renderPage(<RegisterPage />, { api, at: '/register' });
    fillDetails();
    fireEvent.change(await screen.findByLabelText(/Verification code/), { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter numbers only.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Verification code/), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText(/Confirm password/), { target: { value: 'b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByText('The password must have at least 8 characters.')).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toEqual(['clients', 'client/confirm-otp']);
  });

  it('shows the server refusal of a common password on the password step', async () => {
    const api = fakeApi({
      'POST clients': () => ok({}),
      'POST client/confirm-otp': () => ok({ confirmed: true, password_token: 't' }),
      'POST client/password': () =>
        fail('This password is too common. Please choose one that is harder to guess.', 422),
    });
    renderPage(<RegisterPage />, { api, at: '/register' });
    fillDetails();
    fireEvent.change(await screen.findByLabelText(/Verification code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'password123' } });
    fireEvent.change(screen.getByLabelText(/Confirm password/), { target: { value: 'password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This password is too common.');
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
  });

  it('starts again from the details when the confirmation has expired', async () => {
    const api = fakeApi({
      'POST clients': () => ok({}),
      'POST client/confirm-otp': () => ok({ confirmed: true, password_token: 't' }),
      'POST client/password': () => fail('This confirmation has expired. Please request a new code.', 403),
    });
    renderPage(<RegisterPage />, { api, at: '/register' });
    fillDetails();
    fireEvent.change(await screen.findByLabelText(/Verification code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'Secret#12' } });
    fireEvent.change(screen.getByLabelText(/Confirm password/), { target: { value: 'Secret#12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This confirmation has expired.');
    expect(screen.getByLabelText(/First name/)).toHaveProperty('value', 'Ada');
  });

  it("shows 'Enter a 10 digit phone number.' and does not call the server", async () => {
    const api = fakeApi({});
    renderPage(<RegisterPage />, { api, at: '/register' });
    fillDetails('07812');
    expect(await screen.findByText('Enter a 10 digit phone number.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('sends the code again once the wait is over, shows a refusal, and goes back to correct the details', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let sends = 0;
      const api = fakeApi({
        'POST clients': () => {
          sends += 1;
          return sends === 3 ? fail('Too many attempts. Please try again in 1 minutes.', 429) : ok({ id: 1 });
        },
      });
      renderPage(<RegisterPage />, { api, at: '/register' });
      fillDetails();
      const resend = await screen.findByRole('button', { name: /^Resend code in \d+ s$/ });
      expect(resend).toHaveProperty('disabled', true);
      await act(async () => vi.advanceTimersByTimeAsync(RESEND_WAIT_SECONDS * 1000));
      fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
      const sent = await screen.findByText('A new code was sent to ada@example.org.');
      expect(sent.closest('[role=status]')).toBeTruthy();
      expect(api.calls.filter((c) => c.path === 'clients').map((c) => c.body)).toHaveLength(2);
      expect(screen.getByRole('button', { name: /^Resend code in/ })).toHaveProperty('disabled', true);

      await act(async () => vi.advanceTimersByTimeAsync(RESEND_WAIT_SECONDS * 1000));
      fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
      expect((await screen.findByText(/Too many attempts/)).textContent).toBe(
        'Too many attempts. Please try again in 1 minutes.',
      );

      fireEvent.click(screen.getByRole('button', { name: 'Change e-mail or phone' }));
      expect(screen.getByLabelText(/Email/)).toHaveProperty('value', 'ada@example.org');
      expect(screen.getByLabelText(/First name/)).toHaveProperty('value', 'Ada');
    } finally {
      vi.useRealTimers();
    }
  });

  it('moves the focus to a summary of the problems when the details are refused', async () => {
    const api = fakeApi({});
    renderPage(<RegisterPage />, { api, at: '/register' });
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    // The checks load at the first submit when the page was not idle long enough to fetch them.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('There is a problem'));
    const summary = document.activeElement as HTMLElement;
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#register-first_name',
      '#register-last_name',
      '#register-telephone',
      '#register-email',
    ]);
    expect(links[2]?.textContent).toBe('Phone number: Enter a 10 digit phone number.');
    expect(api.calls).toHaveLength(0);
  });
});
