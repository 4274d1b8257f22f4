// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServiceDefinition } from '../../engine/core/definition-types';
import { clearStoredUser, setStoredUser } from '../auth/user-store';
import { fakeApi, fail, ok, renderPage } from '../test-utils';
import { applicationLinks, type ApplicationSummary } from '../applications-list';
import { DashboardPage } from './dashboard-page';

const definition = {
  id: 1,
  key: 'plastics',
  title: 'Authorization for the use of Plastics',
  routes: {
    info: '/auth-plastics',
    apply: '/auth-plastics-apply',
    view: '/view-application',
    edit: '/edit-application',
  },
} as unknown as ServiceDefinition;

const app = (over: Partial<ApplicationSummary>): ApplicationSummary => ({
  id: 11,
  app_id: 'APP-11',
  service_id: 1,
  service: { id: 1, name: 'Plastics' },
  application_status_id: 2,
  application_status: { id: 2, name: 'Submitted' },
  resubmitted: false,
  submitted_at: '2025-03-04T10:00:00.000Z',
  created_at: '2025-03-01T09:00:00.000Z',
  manually_processed: false,
  final_certificate_uploaded: false,
  ...over,
});

beforeEach(() => setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'ada@example.org', token: 't' }));
afterEach(() => {
  cleanup();
  clearStoredUser();
});

describe('DashboardPage', () => {
  it('shows the four counts and the rows the server sends, linking to the service view', async () => {
    const items = [
      app({ id: 11, app_id: 'APP-11' }),
      app({
        id: 12,
        app_id: 'APP-12',
        service_id: 99,
        service: { id: 99, name: 'Unknown service' },
        application_status_id: 9,
      }),
      // The server hides drafts; whatever it sends is shown.
      app({ id: 13, app_id: 'APP-13', application_status_id: 1 }),
    ];
    const api = fakeApi({
      'GET client/statistics/7': () => ok({ all_applications: 12, processing: 5, approved: 4, rejected: 3 }),
      'GET clients/applications/7?page=1': () => ok({ items, page: 1, per_page: 25, total: 3, last_page: 1 }),
    });
    renderPage(<DashboardPage />, { api, at: '/dashboard', definitions: [definition] });

    expect((await screen.findByTestId('stat-all_applications-value')).textContent).toBe('12');
    expect(screen.getByTestId('stat-processing-value').textContent).toBe('5');
    expect(screen.getByTestId('stat-approved-value').textContent).toBe('4');
    expect(screen.getByTestId('stat-rejected-value').textContent).toBe('3');
    expect(screen.getAllByText('In total')).toHaveLength(4);
    for (const label of ['SUBMITTED', 'PROCESSING', 'APPROVED', 'REJECTED'])
      expect(screen.getByRole('heading', { name: label })).toBeTruthy();
    // The services' own dashboards come from their definitions: none declares work queues here.
    expect(screen.queryByRole('link', { name: 'Environmental Services' })).toBeNull();

    const table = screen.getByRole('table', { name: 'Your Applications' });
    for (const header of ['ID', 'Type', 'Date Submitted', 'Status', 'Action'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    const link = await within(table).findByRole('link', { name: 'View application APP-11' });
    expect(link.getAttribute('href')).toBe('/view-application?appId=11');
    expect(within(table).getByText('APP-12')).toBeTruthy();
    // Type: the (translated) title of the service's definition, else the API's name.
    expect(within(table).getAllByText(definition.title)).toHaveLength(2);
    expect(within(table).getByText('Unknown service')).toBeTruthy();
    expect(within(table).queryByRole('link', { name: 'View application APP-12' })).toBeNull();
    expect(within(table).getByText('APP-13')).toBeTruthy();
    expect(within(table).getByText('REJECTED')).toBeTruthy();
    expect(within(table).getAllByText('2025-03-04')).toHaveLength(3);
  });

  it('shows a newcomer where to start instead of an empty table', async () => {
    const api = fakeApi({
      'GET client/statistics/7': () => ok({ all_applications: 0, processing: 0, approved: 0, rejected: 0 }),
      'GET clients/applications/7?page=1': () => ok({ items: [], page: 1, per_page: 25, total: 0, last_page: 1 }),
    });
    renderPage(<DashboardPage />, { api, at: '/dashboard', definitions: [definition] });
    expect(await screen.findByText('You have no applications yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Browse services' }).getAttribute('href')).toBe('/services');
    expect(screen.getByRole('link', { name: 'Register a company' }).getAttribute('href')).toBe('/companies');
  });

  it('shows the applications as cards on a phone, status and View in view', async () => {
    const original = window.matchMedia;
    // A phone: every max-width query of the theme's small breakpoints matches.
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      const api = fakeApi({
        'GET client/statistics/7': () => ok({ all_applications: 1, processing: 1, approved: 0, rejected: 0 }),
        'GET clients/applications/7?page=1': () =>
          ok({ items: [app({ id: 11, app_id: 'APP-11' })], page: 1, per_page: 25, total: 1, last_page: 1 }),
      });
      renderPage(<DashboardPage />, { api, at: '/dashboard', definitions: [definition] });
      const list = await screen.findByRole('list', { name: 'Your Applications' });
      expect(screen.queryByRole('table')).toBeNull();
      const card = within(list).getByRole('listitem');
      expect(within(card).getByText('APP-11')).toBeTruthy();
      expect(within(card).getByText(definition.title)).toBeTruthy();
      expect(within(card).getByRole('link', { name: 'View application APP-11' }).getAttribute('href')).toBe(
        '/view-application?appId=11',
      );
    } finally {
      window.matchMedia = original;
    }
  });

  it('shows a red alert with Retry when the list fails, and the list once Retry succeeds', async () => {
    let attempts = 0;
    const api = fakeApi({
      'GET client/statistics/7': () => ok({ all_applications: 1, processing: 1, approved: 0, rejected: 0 }),
      'GET clients/applications/7?page=1': () =>
        ++attempts === 1
          ? fail('server error', 500)
          : ok({ items: [app({ id: 11 })], page: 1, per_page: 25, total: 1, last_page: 1 }),
    });
    renderPage(<DashboardPage />, { api, at: '/dashboard', definitions: [definition] });
    expect((await screen.findByRole('alert')).textContent).toContain('server error');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(attempts).toBe(2);
  });
});

describe('applicationLinks', () => {
  it('links returned applications to the edit route too', () => {
    expect(applicationLinks(app({ id: 5, application_status_id: 7 }), [definition])).toEqual({
      view: '/view-application?appId=5',
      edit: '/edit-application?appId=5',
    });
    expect(applicationLinks(app({ id: 5 }), [definition])).toEqual({ view: '/view-application?appId=5' });
    expect(applicationLinks(app({ service_id: 2 }), [definition])).toEqual({});
  });

  it("links each service's work queues page, by the definition's words", async () => {
    const api = fakeApi({
      'GET client/statistics/7': () => ok({ all_applications: 0, processing: 0, approved: 0, rejected: 0 }),
      'GET clients/applications/7?page=1': () => ok({ items: [], page: 1, per_page: 25, total: 0, last_page: 1 }),
    });
    const withQueues = (key: string, workQueues: Record<string, unknown>) =>
      ({
        ...definition,
        key,
        workQueues: { counts: 'x/{clientId}', queues: [], ...workQueues },
      }) as unknown as ServiceDefinition;
    renderPage(<DashboardPage />, {
      api,
      at: '/dashboard',
      definitions: [
        definition,
        withQueues('audit', {
          route: '/env-audit-menu',
          title: 'Audit queues',
          dashboardLink: 'Environmental Services',
        }),
        withQueues('inspections', { route: '/inspection-menu', title: 'Site inspections' }),
      ],
    });
    expect((await screen.findByRole('link', { name: 'Environmental Services' })).getAttribute('href')).toBe(
      '/env-audit-menu',
    );
    expect(screen.getByRole('link', { name: 'Site inspections' }).getAttribute('href')).toBe('/inspection-menu');
  });
});
