// @vitest-environment jsdom
/**
 * The first download carries the English texts of the public pages only (index.ts): these pages must
 * find every text they show in it, and the other pages' texts arrive with `loadAllTexts`. This file
 * renders without app/test-utils, which loads every text for the component tests.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ReactElement } from 'react';
import { ApiContext } from '../api-context';
import { ForgotPasswordPage } from '../pages/forgot-password-page';
import { LandingPage } from '../pages/landing-page';
import { LoginPage } from '../pages/login-page';
import { RegisterPage } from '../pages/register-page';
import { NotFoundPage } from '../pages/not-found-page';
import { PortalThemeProvider } from '../theme-provider';
import type { ApiClient } from '../../engine/core/api-client';
import i18n, { loadAllTexts } from './index';

afterEach(cleanup);

const api: ApiClient = {
  baseUrl: '/api/',
  get: () => Promise.resolve({ ok: true, code: 200, data: [{ id: 1, name: 'Plastics' }] as never }),
  post: () => Promise.resolve({ ok: false, code: 500, error: 'server error' }),
  put: () => Promise.resolve({ ok: false, code: 500, error: 'server error' }),
  delete: () => Promise.resolve({ ok: false, code: 500, error: 'server error' }),
  upload: () => Promise.resolve({ ok: false, code: 500, error: 'server error' }),
  url: (path) => `/api/${path}`,
};

/** Words like `login.title` in the page's text or labels: a key the translator did not find. */
function missingKeys(): string[] {
  const texts = [document.body.textContent ?? ''];
  for (const element of document.body.querySelectorAll('*'))
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) texts.push(element.getAttribute(name) ?? '');
  return texts.flatMap((text) => text.match(/\b[a-z][a-zA-Z]*(?:\.[a-z][a-zA-Z0-9_]*)+\b/g) ?? []);
}

function renderAlone(page: ReactElement) {
  return render(
    <PortalThemeProvider>
      <ApiContext.Provider value={api}>
        <MemoryRouter>{page}</MemoryRouter>
      </ApiContext.Provider>
    </PortalThemeProvider>,
  );
}

describe('the texts of the first download', () => {
  it.each([
    ['landing', <LandingPage key="landing" />, 'Environmental permits'],
    ['login', <LoginPage key="login" />, 'Login'],
    ['register', <RegisterPage key="register" />, 'Register'],
    ['forgot password', <ForgotPasswordPage key="forgot" />, 'Forgot password'],
    ['not found', <NotFoundPage key="not-found" />, 'Page not found'],
  ])('has every text of the %s page', async (_name, page, heading) => {
    renderAlone(page);
    expect(await screen.findAllByRole('heading', { name: new RegExp(heading, 'i') })).not.toHaveLength(0);
    expect(missingKeys()).toEqual([]);
  });

  it('has the other pages’ texts once loadAllTexts has loaded them', async () => {
    expect(i18n.t('wizard.steps.details')).toBe('wizard.steps.details');
    expect(i18n.t('dashboard.title')).toBe('dashboard.title');
    await loadAllTexts();
    expect(i18n.t('wizard.steps.details')).toBe('Application Details');
    expect(i18n.t('dashboard.title')).not.toBe('dashboard.title');
    // The public pages' own texts are kept.
    expect(i18n.t('nav.login')).toBe('Login');
  });
});
