/**
 * Accounts in a real browser against the real server: forgot password end to end (OTP from the log,
 * a wrong code, a mismatched confirmation, then the new password works and the old one does not),
 * profile editing, and logout revoking the token on the server.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, loginThroughUi, newAccount, registerThroughApi, storedUser } from './flows';
import { PATIENCE_MS, launchBrowser, screenshotOnFailure, startProduct, termsOf, type RunningProduct } from './harness';

describe('accounts', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  const account = newAccount('Aline', 'Uwimana');
  const newPassword = 'N3w-Str0ng-passw0rd';

  beforeAll(async () => {
    product = await startProduct();
    await registerThroughApi(product, account);
    browser = await launchBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('resets a forgotten password with the code from the log', async () => {
    await screenshotOnFailure(page, 'forgot-password', async () => {
      await page.goto(`${product.baseUrl}/login`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/forgot-password');
      await page.getByRole('heading', { name: 'Forgot password' }).waitFor();

      // Step 1: email or phone.
      const since = product.logLineCount();
      await page.getByLabel(/^Email or phone/).fill(account.email);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByText('Reset link are sended to your mailbox, check there first').waitFor();
      const otp = await product.otpFor(account.email, since);

      // Step 2: a wrong code shows the server's message and stays on the code step.
      const wrong = otp === '000000' ? '111111' : '000000';
      const code = page.getByLabel(/^Verification code/);
      await code.fill(wrong);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid code' }).waitFor();
      expect(await code.isVisible()).toBe(true);
      expect(await page.getByLabel(/^Confirm password/).count()).toBe(0);

      await code.fill(otp);
      await page.getByRole('button', { name: 'Confirm' }).click();

      // Step 3: a short password and a mismatched confirmation are refused in the browser, a
      // common password by the server, with its message on the step.
      const password = page.getByLabel(/^Password/);
      const confirmation = page.getByLabel(/^Confirm password/);
      await password.fill('Short-1');
      await confirmation.fill('Short-1');
      await page.getByRole('button', { name: 'Save password' }).click();
      await page.getByText('The password must have at least 8 characters.').waitFor();
      await password.fill('password123');
      await confirmation.fill('password123');
      await page.getByRole('button', { name: 'Save password' }).click();
      await page.getByRole('alert').filter({ hasText: 'This password is too common.' }).waitFor();
      await password.fill(newPassword);
      await confirmation.fill(`${newPassword}x`);
      await page.getByRole('button', { name: 'Save password' }).click();
      await page.getByText('Passwords do not match').waitFor();
      expect(await page.getByText('Your password has been changed').count()).toBe(0);

      await confirmation.fill(newPassword);
      await page.getByRole('button', { name: 'Save password' }).click();

      // Success panel with the way to log in.
      await page.getByText('Your password has been changed. You can now log in.').waitFor();
      await page.getByRole('link', { name: 'Go to login' }).click();
      await page.waitForURL('**/login');
    });
  });

  it('refuses the old password and accepts the new one', async () => {
    await screenshotOnFailure(page, 'forgot-password-login', async () => {
      await page.getByLabel(/^Email or phone/).fill(account.email);
      await page.getByLabel(/^Password/).fill(account.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
      expect(page.url()).toMatch(/\/login$/);

      await loginThroughUi(page, product, account.email, newPassword);
      account.password = newPassword;
    });
  });

  it('edits the profile: text until Edit, phone checked, saved and kept', async () => {
    await screenshotOnFailure(page, 'profile', async () => {
      await page.getByRole('button', { name: `Account menu of ${account.firstName} ${account.lastName}` }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await page.waitForURL('**/profile');
      await page.getByRole('heading', { name: 'Profile' }).waitFor();

      // Read as text, no inputs, until Edit.
      const profile = page.getByRole('main').locator('dl');
      expect(await termsOf(profile)).toMatchObject({
        'First name': account.firstName,
        Email: account.email,
        Phone: account.phone,
      });
      // The e-mails switch is the only control shown (its choice is saved as it is switched).
      expect(await page.getByRole('main').locator('input:not([role=switch])').count()).toBe(0);
      expect(await page.getByRole('switch', { name: /E-mail me about my applications/ }).isChecked()).toBe(true);
      expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Edit' }).click();
      const otherNames = page.getByLabel(/^Other names/);
      const phone = page.getByLabel(/^Phone/);
      // The focus moves to the first field.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('first_name');
      expect(await phone.inputValue()).toBe(account.phone);

      // A 9-digit phone is refused before anything is sent.
      await otherNames.fill('Marie Claire');
      await phone.fill('078123456');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Enter a 10 digit phone number.', { exact: true }).waitFor();
      expect(await page.getByText('Update successful').count()).toBe(0);

      const newPhone = '0781112233';
      await phone.fill(newPhone);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Update successful').waitFor();
      // The e-mails switch is the only control shown (its choice is saved as it is switched).
      expect(await page.getByRole('main').locator('input:not([role=switch])').count()).toBe(0);
      expect(await page.getByRole('switch', { name: /E-mail me about my applications/ }).isChecked()).toBe(true);
      account.phone = newPhone;

      await page.reload();
      await page.getByRole('heading', { name: 'Profile' }).waitFor();
      expect(await termsOf(profile)).toMatchObject({ 'Other names': 'Marie Claire', Phone: newPhone });
    });
  });

  it('sends a user whose session expired to the login, saying so, and back to the page', async () => {
    await screenshotOnFailure(page, 'session-expired', async () => {
      const { token } = await storedUser(page);
      // Twelve idle hours, as the server would see them.
      const database = new SqliteDatabase(join(product.dataDir, 'ecopermit.sqlite'));
      try {
        database
          .prepare('update tokens set last_used_at = ? where token_hash = ?')
          .run(new Date(Date.now() - 13 * 3_600_000).toISOString(), createHash('sha256').update(token).digest('hex'));
      } finally {
        database.close();
      }
      await page.getByRole('link', { name: 'Companies' }).click();
      await page.waitForURL('**/login');
      await page.getByText('Your session has expired. Please sign in again.').waitFor();
      await page.getByLabel(/^Email or phone/).fill(account.email);
      await page.getByLabel(/^Password/).fill(account.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/companies');
      await page.getByRole('heading', { name: 'Companies' }).waitFor();
    });
  });

  it('logs out, which revokes the token on the server', async () => {
    await screenshotOnFailure(page, 'logout', async () => {
      const { id, token } = await storedUser(page);
      expect((await apiCall(product, 'GET', `companies/${id}`, { token })).status).toBe(200);

      await page.getByRole('button', { name: `Account menu of ${account.firstName} ${account.lastName}` }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

      const after = await apiCall(product, 'GET', `companies/${id}`, { token });
      expect(after.status).toBe(401);

      // A protected page now sends the visitor to the login.
      await page.goto(`${product.baseUrl}/profile`);
      await page.waitForURL('**/login');
    });
  });

  it('kept the profile on the server: a new login shows the saved values', async () => {
    await screenshotOnFailure(page, 'profile-relogin', async () => {
      // The login remembers where the visitor was going (/profile); the new phone is the username.
      await page.getByLabel(/^Email or phone/).fill(account.phone);
      await page.getByLabel(/^Password/).fill(account.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/profile');
      await page.getByRole('heading', { name: 'Profile' }).waitFor();
      const profile = page.getByRole('main').locator('dl');
      expect(await termsOf(profile)).toMatchObject({ 'Other names': 'Marie Claire', Phone: account.phone });

      // The phone is optional: cleared, it is gone for good, and the e-mail still signs in.
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByLabel(/^Phone/).fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Update successful').waitFor();
      expect((await termsOf(profile)).Phone).toBe('Not given');
      await page.reload();
      await page.getByRole('heading', { name: 'Profile' }).waitFor();
      expect((await termsOf(profile)).Phone).toBe('Not given');
      const signIn = await apiCall(product, 'POST', 'clients/login', {
        body: { username: account.phone, password: account.password },
      });
      expect(signIn.status).not.toBe(200);
    });
  });
});
