// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { fakeApi, fail, ok, renderPage } from '../test-utils';
import { preloadLaterSteps } from '../components/later-steps';
import { ForgotPasswordPage } from './forgot-password-page';

afterEach(cleanup);
// The code, password and success steps load apart from the page: loaded before, so the test waits
// for what the page does, never for a module to arrive.
beforeAll(preloadLaterSteps);

function sendCode(username = 'ada@example.org') {
  fireEvent.change(screen.getByLabelText(/Email or phone/), { target: { value: username } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
}

async function confirmCode(otp = '123456') {
  fireEvent.change(await screen.findByLabelText(/Verification code/), { target: { value: otp } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
}

async function setPassword(password: string, confirmation = password) {
  fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/Confirm password/), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
}

describe('ForgotPasswordPage', () => {
  it('goes from email or phone to OTP to new password to the success panel', async () => {
    const api = fakeApi({
      'POST clients/reset-password': () => ok({ done: true }),
      'POST client/confirm-otp': () => ok({ confirmed: true, password_token: 'secret-from-the-code' }),
    });
    renderPage(<ForgotPasswordPage />, { api, at: '/forgot-password' });
    sendCode(' 0781234567 ');
    expect(await screen.findByText('Reset link are sended to your mailbox, check there first')).toBeTruthy();
    await confirmCode();
    await setPassword('Secret#1', 'Secret#2');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    await setPassword('Secret#1');
    expect(await screen.findByRole('link', { name: 'Go to login' })).toHaveProperty('pathname', '/login');
    expect(api.calls.map((c) => [c.path, c.body])).toEqual([
      ['clients/reset-password', { username: '0781234567' }],
      ['client/confirm-otp', { username: '0781234567', otp: '123456' }],
      [
        'clients/reset-password',
        { username: '0781234567', password: 'Secret#1', password_token: 'secret-from-the-code' },
      ],
    ]);
  });

  it('asks for the email or phone before calling the server', () => {
    const api = fakeApi({});
    renderPage(<ForgotPasswordPage />, { api, at: '/forgot-password' });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('returns every failure to its own step with the server message', async () => {
    let step = 0;
    const api = fakeApi({
      'POST clients/reset-password': (body) => {
        step += 1;
        if (step === 1) return fail('No account with this email or phone', 404);
        if ((body as { password?: string }).password) return fail('Confirm the code again', 422);
        return ok({ done: true });
      },
      'POST client/confirm-otp': (body) =>
        (body as { otp: string }).otp === '000000' ? fail('Invalid or expired code') : ok({ confirmed: true }),
    });
    renderPage(<ForgotPasswordPage />, { api, at: '/forgot-password' });

    sendCode();
    expect((await screen.findByRole('alert')).textContent).toBe('No account with this email or phone');
    expect(screen.getByLabelText(/Email or phone/)).toHaveProperty('value', 'ada@example.org');

    sendCode();
    await confirmCode('000000');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired code');
    expect(screen.getByLabelText(/Verification code/)).toBeTruthy();

    await confirmCode('123456');
    await setPassword('Secret#1');
    expect((await screen.findByRole('alert')).textContent).toBe('Confirm the code again');
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to login' })).toBeNull();
  });

  it('asks for a new code when the confirmation has expired', async () => {
    const api = fakeApi({
      'POST clients/reset-password': (body) =>
        (body as { password?: string }).password
          ? fail('This confirmation has expired. Please request a new code.', 403)
          : ok({ sent: true }),
      'POST client/confirm-otp': () => ok({ confirmed: true, password_token: 't' }),
    });
    renderPage(<ForgotPasswordPage />, { api, at: '/forgot-password' });
    sendCode();
    await confirmCode();
    await setPassword('Secret#12');
    expect((await screen.findByRole('alert')).textContent).toContain('This confirmation has expired.');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });
});
