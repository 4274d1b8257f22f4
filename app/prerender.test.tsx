// @vitest-environment jsdom
/**
 * The build's prerender, page by page: each page is drawn whole (nothing left for the browser to
 * complete), with the answers it is given, and the browser's first render hydrates that HTML without
 * a single mismatch (React reports any as a recoverable error, and would redraw the page).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import type { ApiClient } from '../engine/core/api-client';
import { Portal } from './portal';
import { drawPage, drawShell, prerenderedPages } from './prerender';
import { setPrerenderedAnswers } from './prerendered-answers';
import i18n from './i18n';

/** The services list as the API answers it: English names, and labels in another language. */
const services = (language: string) => [
  {
    id: 1,
    name: 'Authorization to use Plastics',
    description: 'For companies',
    ...(language === 'de' ? { label: 'Kunststoffe', description_label: 'Für Firmen' } : {}),
  },
];
const PUBLIC_PAGES = ['/', '/login', '/register', '/forgot-password'];
const DOCUMENTS = [
  { id: 4, name: 'Company certificate', description: 'From the registrar', info: null, is_mandatory: true },
];

/** An API that never answers: the hydration must not depend on any answer arriving. */
const silentApi: ApiClient = {
  baseUrl: '/api/',
  get: () => new Promise(() => {}),
  post: () => new Promise(() => {}),
  put: () => new Promise(() => {}),
  delete: () => new Promise(() => {}),
  upload: () => new Promise(() => {}),
  url: (path) => `/api/${path}`,
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  i18n.changeLanguage('en');
});

describe('prerendered pages', () => {
  it('are the public pages and every service information page', async () => {
    const paths = (await prerenderedPages()).map((page) => page.path);
    expect(paths.slice(0, 4)).toEqual(['/', '/login', '/register', '/forgot-password']);
    expect(paths).toContain('/auth-plastics');
    expect(paths).toContain('/environmental-audit');
  });

  it.each(['en', 'de'] as const)('are drawn whole and hydrate without a mismatch (%s)', async (language) => {
    for (const page of await prerenderedPages()) {
      const answers = Object.fromEntries(
        page.answers.map((path) => [path, path === 'services' ? services(language) : DOCUMENTS] as const),
      );
      const drawn = await drawPage(page.path, language, answers);
      expect(drawn.html.length, page.path).toBeGreaterThan(500);
      expect(drawn.styles, page.path).toContain('<style data-emotion="css');
      if (page.path === '/')
        expect(drawn.html).toContain(language === 'de' ? 'Kunststoffe' : 'Authorization to use Plastics');
      if (page.answers.some((path) => path.startsWith('service/attachments/')))
        expect(drawn.html).toContain('Company certificate');

      // The browser: the page's HTML, the answers it carries, the address; then the first render.
      window.history.replaceState(null, '', page.path);
      const container = document.createElement('div');
      container.innerHTML = drawn.html;
      document.body.replaceChildren(container);
      setPrerenderedAnswers(answers);
      const drawnText = container.textContent;
      const mismatches: unknown[] = [];
      await act(async () => {
        root = hydrateRoot(container, <Portal api={silentApi} router={BrowserRouter} />, {
          onRecoverableError: (error) => mismatches.push(error),
        });
      });
      expect(mismatches, page.path).toEqual([]);
      // A visitor on an information page is sent to the login page once hydrated; the public pages stay.
      if (PUBLIC_PAGES.includes(page.path)) expect(container.textContent, page.path).toBe(drawnText);
      act(() => root?.unmount());
      root = undefined;
    }
  });

  it('draw the signed-in pages shell with a skeleton and no user', async () => {
    const shell = await drawShell('en');
    expect(shell.html).toContain('MuiSkeleton');
    expect(shell.html).toContain('Dashboard');
  });
});
