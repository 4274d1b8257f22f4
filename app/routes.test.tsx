// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServiceDefinition } from '../engine/core/definition-types';
import { clearStoredUser, getStoredUser, setStoredUser } from './auth/user-store';
import { matchServiceRoute } from './pages/service-route-page';
import { appRoutes, PageFrame, preloadPage } from './routes';
import { fakeApi, fail, ok, recycledOpener, renderRoutes } from './test-utils';

const definition = {
  id: 1,
  key: 'plastics',
  title: 'Authorization for the use of Plastics',
  summary: 'Plastic carry bags and single-use plastics',
  department: 'Environmental Compliance',
  routes: { info: '/auth-plastics', apply: '/auth-plastics-apply', view: '/view-application' },
  info: { fee: 'FREE', validity: 'NA', processingDays: 30, hide: [], howToApply: ['Register a company first.'] },
  unlocks: recycledOpener.unlocks,
} as unknown as ServiceDefinition;

afterEach(() => {
  cleanup();
  clearStoredUser();
});

// The pages load apart (each its own code): loaded before, as the start-up loads the page of the
// address, so a test waits for what a page does, never for a module to arrive.
beforeAll(() =>
  Promise.all(
    [
      '/',
      '/login',
      '/register',
      '/forgot-password',
      '/account-closed',
      '/logout',
      '/dashboard',
      '/services',
      '/companies',
      '/profile',
      '/plastics-recycled',
      '/auth-plastics',
      '/auth-plastics-apply',
      '/view-application',
      '/edit-license-application',
    ].map((path) => preloadPage(path)),
  ),
);

describe('routes', () => {
  it('shows the landing page with 6 services first and Show More', async () => {
    const services = Array.from({ length: 8 }, (_, i) => ({ id: i + 1, name: `Service ${i + 1}`, description: 'd' }));
    renderRoutes(appRoutes, { api: fakeApi({ 'GET services': () => ok(services) }) });
    expect(await screen.findByText('Loading services...')).toBeTruthy();
    expect(await screen.findByText('Service 6')).toBeTruthy();
    expect(screen.queryByText('Service 7')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getByText('Service 8')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Home', 'Login', 'Register']) expect(within(nav).getByRole('link', { name })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain(String(new Date().getFullYear()));
  });

  it('says so when services fail to load, and Retry asks again', async () => {
    let calls = 0;
    const answer = () => (++calls === 1 ? fail('server error', 500) : ok([{ id: 1, name: 'Service 1' }]));
    renderRoutes(appRoutes, { api: fakeApi({ 'GET services': answer }) });
    expect(await screen.findByText('Failed to load services. Please try again later.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Service 1')).toBeTruthy();
    expect(screen.queryByText('Failed to load services. Please try again later.')).toBeNull();
    expect(calls).toBe(2);
  });

  it('sends a signed-in user from / to the dashboard', async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' });
    const { router } = renderRoutes(appRoutes, { api: fakeApi({}) });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.location().pathname).toBe('/dashboard');
  });

  it('opens the Recycled page at /plastics-recycled', async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' });
    const api = fakeApi({
      'GET application/check-plastic-bags-authorization/7': () => ok({ has_submitted_auth_plastic_bag: true }),
      'GET clients/report/recycled-quantity/7': () => ok([]),
    });
    renderRoutes(appRoutes, { api, at: '/plastics-recycled', definitions: [recycledOpener] });
    expect(await screen.findByRole('heading', { name: 'Recycled plastics' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Add Entry' })).toBeTruthy();
  });

  it('takes a closed account from its profile to the page that says it is closed, signed out', async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' });
    const api = fakeApi({ 'POST client/7/close': () => ok({ done: true }) });
    const { router } = renderRoutes(appRoutes, { api, at: '/profile' });
    fireEvent.click(await screen.findByRole('button', { name: 'Close my account…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Your password/), { target: { value: 'Correct-Horse-9' } });
    fireEvent.change(within(dialog).getByLabelText(/^Type your e-mail address/), {
      target: { value: 'a@example.org' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is closed' })).toBeTruthy();
    expect(router.location().pathname).toBe('/account-closed');
    expect(getStoredUser()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close my account…' })).toBeNull();
  });

  it('sends a visitor of a protected page to the login page', async () => {
    renderRoutes(appRoutes, { at: '/companies' });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
  });

  it('opens a service information page from its definition route', async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' });
    const api = fakeApi({
      'GET service/attachments/1': () =>
        ok([{ id: 1, name: 'RDB certificate', description: 'Company registration', info: null, is_mandatory: true }]),
      'GET application/check-plastic-bags-authorization/7': () => ok({ has_submitted_auth_plastic_bag: true }),
    });
    renderRoutes(appRoutes, { api, at: '/auth-plastics', definitions: [definition] });
    expect(await screen.findByRole('heading', { name: 'Authorization for the use of Plastics' })).toBeTruthy();
    expect(await screen.findByText('RDB certificate')).toBeTruthy();
    expect(screen.getByText('Mandatory')).toBeTruthy();
    expect(screen.getByText('within 30 days')).toBeTruthy();
    expect(screen.getByText('FREE')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe('/auth-plastics-apply');
    fireEvent.click(screen.getByRole('tab', { name: 'How to Apply' }));
    expect(screen.getByText('Register a company first.')).toBeTruthy();
    // jsdom is a narrow screen: the navigation is a drawer behind the menu button.
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const sections = await screen.findByRole('navigation', { name: 'Sections' });
    expect((await within(sections).findByRole('link', { name: 'Recycled' })).getAttribute('href')).toBe(
      '/plastics-recycled',
    );
  });

  it('shows an application on a shared view or edit route with the definition of its own service', async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' });
    const licence = (id: number, name: string, edit?: string) =>
      ({
        ...definition,
        id,
        key: name.toLowerCase(),
        title: `${name} License`,
        routes: { info: `/${id}`, apply: `/${id}-apply`, view: '/view-application-export', ...(edit ? { edit } : {}) },
        wizard: { title: `Apply | ${name} License`, editTitle: `Edit | ${name} License` },
        documents: { accept: ['pdf'], serviceAttachments: false },
        submit: { calls: [] },
        view: { record: 'licence', rows: [] },
        formSchema: { type: 'object', properties: {} },
        uiSchema: {},
      }) as unknown as ServiceDefinition;
    const definitions = [
      licence(3, 'Import', '/edit-license-application'),
      licence(4, 'Export', '/edit-license-application'),
    ];
    const application = (serviceId: number) => () =>
      ok({ id: 9, app_id: 'APP-9', service_id: serviceId, application_status_id: 2, application_attachments: [] });
    const api = fakeApi({
      'GET application/9': application(4),
      'GET application/10': application(3),
      'GET application/check-plastic-bags-authorization/7': () => ok({ has_submitted_auth_plastic_bag: false }),
    });
    const { router } = renderRoutes(appRoutes, { api, at: '/view-application-export?appId=9', definitions });
    expect(await screen.findByRole('heading', { level: 1, name: 'Export License: application APP-9' })).toBeTruthy();
    // The licence edit screen reads the id after the equals sign (spec 02), whatever the parameter's name.
    await router.navigate('/edit-license-application?id=10');
    // The edit route is shared, the application an import one: its own title.
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit | Import License' })).toBeTruthy();
  });

  it("opens an application only at its own service's routes, and says once that an unknown one is not found", async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' });
    const service = (id: number, title: string, routes: Record<string, string>) =>
      ({
        ...definition,
        id,
        key: title.toLowerCase().replace(/ /g, '-'),
        title,
        routes: { info: `/${id}`, apply: `/${id}-apply`, ...routes },
        wizard: { title: `Apply | ${title}`, editTitle: `Edit | ${title}` },
        documents: { accept: ['pdf'], serviceAttachments: false },
        submit: { calls: [] },
        view: { record: 'record', rows: [] },
        formSchema: { type: 'object', properties: {} },
        uiSchema: {},
      }) as unknown as ServiceDefinition;
    const definitions = [
      service(1, 'Plastics Permit', { view: '/view-application', edit: '/edit-application' }),
      service(4, 'Export License', { view: '/view-application-export', edit: '/edit-license-application' }),
    ];
    const api = fakeApi({
      'GET application/5': () =>
        ok({ id: 5, app_id: 'APP-5', service_id: 1, application_status_id: 7, application_attachments: [] }),
      'GET application/404': () => fail('Application not found', 404),
      'GET application/check-plastic-bags-authorization/7': () => ok({ has_submitted_auth_plastic_bag: false }),
    });
    const { router } = renderRoutes(appRoutes, { api, at: '/edit-license-application?appId=5', definitions });
    // A plastics application is not opened on the licence's edit screen: its own edit page is.
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit | Plastics Permit' })).toBeTruthy();
    expect(router.location()).toMatchObject({ pathname: '/edit-application', search: '?appId=5' });
    expect(screen.queryByText(/Export License/)).toBeNull();

    await router.navigate('/view-application-export?appId=404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Application not found' })).toBeTruthy();
    // No service's name (the route is shared), no Retry for what does not exist, and one request.
    expect(screen.queryByText(/Export License|Plastics Permit/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.calls.filter((call) => call.path === 'application/404')).toHaveLength(1);

    await router.navigate('/view-application-export?appId=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Application not found' })).toBeTruthy();
  });

  it('shows an application with the version of its service it was submitted under, a draft with the current one', async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' });
    const version = (number: number, title: string, superseded?: true) =>
      ({
        ...definition,
        version: number,
        ...(superseded ? { superseded } : {}),
        title,
        routes: { ...definition.routes, view: '/view-application' },
        wizard: { title: `Apply | ${title}` },
        documents: { accept: ['pdf'], serviceAttachments: false },
        submit: { calls: [] },
        view: { record: 'permit', rows: [] },
        formSchema: { type: 'object', properties: {} },
        uiSchema: {},
      }) as unknown as ServiceDefinition;
    const application = (id: number, status: number, definitionVersion: number) => () =>
      ok({
        id,
        app_id: `APP-${id}`,
        service_id: 1,
        application_status_id: status,
        definition_version: definitionVersion,
        application_attachments: [],
      });
    const api = fakeApi({
      'GET application/21': application(21, 2, 1),
      'GET application/22': application(22, 1, 1),
      'GET application/check-plastic-bags-authorization/7': () => ok({ has_submitted_auth_plastic_bag: false }),
    });
    const { router } = renderRoutes(appRoutes, {
      api,
      at: '/view-application?appId=21',
      definitions: [version(2, 'Plastics permit')],
      archived: [version(1, 'Plastics permit (first form)', true)],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Plastics permit (first form): application APP-21' }),
    ).toBeTruthy();
    await router.navigate('/view-application?appId=22');
    // The router moves in a transition: the first application stays in view until the next is drawn.
    await waitFor(() => expect(screen.queryByText(/first form/)).toBeNull());
    expect(await screen.findByRole('heading', { level: 1, name: /^Plastics permit/ })).toBeTruthy();
  });

  it('matches definition routes', () => {
    expect(matchServiceRoute('/view-application', [definition])?.page).toBe('view');
    expect(matchServiceRoute('/auth-plastics-apply/', [definition])?.page).toBe('apply');
    expect(matchServiceRoute('/nowhere', [definition])).toBeUndefined();
  });

  it('shows a page that fails in its place, and the next page again', async () => {
    const Broken = () => {
      throw new Error('The chunk could not be loaded.');
    };
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const routes = [
      {
        element: <PageFrame />,
        children: [
          { path: '/broken', element: <Broken /> },
          { path: '/fine', element: <p>fine</p> },
        ],
      },
    ];
    const { router } = renderRoutes(routes, { at: '/broken' });
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('The chunk could not be loaded.')).toBeTruthy();
    await act(() => router.navigate('/fine'));
    expect(await screen.findByText('fine')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    quiet.mockRestore();
  });
});
