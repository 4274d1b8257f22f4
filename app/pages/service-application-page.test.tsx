// @vitest-environment jsdom
/**
 * The portal turns quiet typing on for its wizard's area (app/quiet-typing-setting.ts): the form's
 * fields are inside it, on unless this browser chose off. It guards the page's leaving
 * (use-leave-guard.ts): the page hidden or left saves the draft.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ServiceDefinition } from '../../engine/core';
import { clearStoredUser, setStoredUser } from '../auth/user-store';
import { bundledDefinitions } from '../definitions-context';
import { QUIET_TYPING_STORAGE_KEY } from '../quiet-typing-setting';
import { fakeApi, ok, renderPage } from '../test-utils';
import { ServiceApplicationPage } from './application-page-loader';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  clearStoredUser();
  localStorage.removeItem(QUIET_TYPING_STORAGE_KEY);
});

describe("the application page's wizard", () => {
  // The wizard's code first (a transform of the whole engine): the tests then wait for the page only.
  let definition: ServiceDefinition;
  beforeAll(async () => {
    await ServiceApplicationPage.preload();
    const { definitions } = await bundledDefinitions.load();
    // A service the build's validators know, with a text field on its first step.
    const plastics = definitions.find((d) => d.key === 'plastics');
    if (!plastics) throw new Error('no plastics service');
    definition = plastics;
  }, 180_000);

  it.each([
    ['on', null],
    ['off', 'off'],
  ])('holds the form’s fields, %s (this browser’s choice: %s)', async (state, choice) => {
    if (choice) localStorage.setItem(QUIET_TYPING_STORAGE_KEY, choice);
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' });
    const api = fakeApi({
      [`POST client/application/${definition.id}`]: () => ok({ id: 41, app_id: 'APP-41', application_status_id: 1 }),
      [`GET client/drafts?service_id=${definition.id}`]: () => ok([]),
    });
    renderPage(<ServiceApplicationPage definition={definition} mode="new" />, { api, at: definition.routes.apply });
    const [field] = await screen.findAllByRole('textbox', {}, { timeout: 20_000 });
    expect(field?.closest('[data-quiet-typing]')?.getAttribute('data-quiet-typing')).toBe(state);
  });

  it('saves the draft when the page is left, through a listener of its own', async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' });
    const api = fakeApi({
      [`POST client/application/${definition.id}`]: () => ok({ id: 41, app_id: 'APP-41', application_status_id: 1 }),
      [`GET client/drafts?service_id=${definition.id}`]: () => ok([]),
      ['PUT client/application/41/draft']: () => ok({ id: 41 }),
    });
    const added = vi.spyOn(window, 'addEventListener');
    renderPage(<ServiceApplicationPage definition={definition} mode="new" />, { api, at: definition.routes.apply });
    const field = await screen.findByLabelText(/^Description/, {}, { timeout: 20_000 });
    expect(added.mock.calls.map(([type]) => type)).toContain('pagehide');
    const drafts = () =>
      api.calls.filter((call) => call.method === 'PUT' && call.path === 'client/application/41/draft');
    fireEvent.change(field, { target: { value: 'Left as the tab closed' } });
    expect(drafts()).toEqual([]);
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(drafts()).toHaveLength(1);
    expect(JSON.stringify(drafts()[0]?.body)).toContain('Left as the tab closed');
  });
});
