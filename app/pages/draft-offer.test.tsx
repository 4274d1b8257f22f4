// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testDefinition } from '../../engine/core/test-definition';
import { clearStoredUser, setStoredUser } from '../auth/user-store';
import { fakeApi, fail, ok, renderPage } from '../test-utils';
import { DashboardPage } from './dashboard-page';
import { ServiceInfoPage } from './service-info-page';

afterEach(cleanup);

const SAVED_AT = '2026-03-04T09:30:00.000Z';
const draft = (id: number, serviceId = 90) => ({
  application_id: id,
  app_id: `EP-2026-0000${id}`,
  service_id: serviceId,
  saved_at: SAVED_AT,
  has_answers: true,
  files: 1,
});
/** The date and time as the offer writes them in English. */
const when = new Date(SAVED_AT).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

describe("a service's information page", () => {
  it("offers the service's latest draft beside Apply Now, linked to the wizard on that draft", async () => {
    const definition = testDefinition({ documents: { accept: ['pdf'], serviceAttachments: false } });
    const api = fakeApi({ 'GET client/drafts?service_id=90': () => ok([draft(41), draft(40)]) });
    renderPage(<ServiceInfoPage definition={definition} />, { api, at: '/sample' });

    const link = await screen.findByRole('link', { name: `Continue your application, last saved ${when}` });
    expect(link.getAttribute('href')).toBe('/view-sample?appId=41');
    expect(screen.getAllByRole('link', { name: /Continue your application/ })).toHaveLength(1);
    // Apply Now still starts a new application, and says so.
    expect(screen.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe('/sample-apply');
    expect(screen.getByText(/Apply Now starts a new application/)).toBeTruthy();
  });

  it('offers nothing when there is no draft, or when the drafts cannot be read', async () => {
    const definition = testDefinition({ documents: { accept: ['pdf'], serviceAttachments: false } });
    for (const answer of [() => ok([]), () => fail('server error', 500)]) {
      const api = fakeApi({ 'GET client/drafts?service_id=90': answer });
      renderPage(<ServiceInfoPage definition={definition} />, { api, at: '/sample' });
      await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('client/drafts?service_id=90'));
      expect(screen.queryByRole('link', { name: /Continue your application/ })).toBeNull();
      cleanup();
    }
  });
});

describe('the dashboard', () => {
  beforeEach(() => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'ada@example.org', token: 't' });
    return () => clearStoredUser();
  });

  it("offers each service's draft, and discards one after a confirmation", async () => {
    const definition = testDefinition();
    let drafts = [draft(41)];
    const api = fakeApi({
      'GET client/statistics/7': () => ok({ all_applications: 0, processing: 0, approved: 0, rejected: 0 }),
      'GET clients/applications/7?page=1': () => ok({ items: [], page: 1, per_page: 25, total: 0, last_page: 1 }),
      'GET client/drafts': () => ok(drafts),
      'DELETE client/application/41': () => {
        drafts = [];
        return ok({ id: 41 });
      },
    });
    renderPage(<DashboardPage />, { api, at: '/dashboard', definitions: [definition] });

    const section = (await screen.findByRole('heading', { name: 'Unfinished applications' })).closest('section');
    if (!section) throw new Error('no drafts section');
    expect(within(section).getByText(definition.title)).toBeTruthy();
    const link = within(section).getByRole('link', { name: `Continue your application, last saved ${when}` });
    expect(link.getAttribute('href')).toBe('/view-sample?appId=41');

    fireEvent.click(
      within(section).getByRole('button', { name: `Discard the draft of ${definition.title} last saved ${when}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Discard this draft?' });
    // Keeping it sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(section).getByRole('button', { name: /Discard the draft/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Unfinished applications' })).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['client/application/41']);
  });

  it('shows why a discard failed, keeping the draft offered', async () => {
    const definition = testDefinition();
    const api = fakeApi({
      'GET client/drafts': () => ok([draft(41)]),
      'DELETE client/application/41': () => fail('This application is no longer a draft', 409),
    });
    renderPage(<DashboardPage />, { api, at: '/dashboard', definitions: [definition] });
    fireEvent.click(await screen.findByRole('button', { name: /Discard the draft/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This application is no longer a draft');
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(await screen.findByRole('link', { name: /Continue your application/ })).toBeTruthy();
  });
});
