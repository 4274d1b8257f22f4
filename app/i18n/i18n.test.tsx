// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadServiceDefinitions } from '../../engine/core/load-definitions';
import plasticsSchema from '../../services/plastics/schema.json';
import plasticsService from '../../services/plastics/service.json';
import plasticsUi from '../../services/plastics/ui.json';
import platformLifecycle from '../../services/platform/lifecycle.json';
import platformRetention from '../../services/platform/retention.json';
import { clearStoredUser, setStoredUser } from '../auth/user-store';
import { LanguageSwitcher, preloadLanguageMenu } from '../layout/language-switcher';
import { localizedDefinitions } from '../localized-definitions';
import { ServiceApplicationPage } from '../pages/application-page-loader';
import { DashboardPage } from '../pages/dashboard-page';
import { ServiceRoutePage } from '../pages/service-route-page';
import { fakeApi, ok, renderPage, renderRoutes } from '../test-utils';
import i18n, { activateStoredLanguage, assembleCatalogue, changeLanguage, languageOfPath } from './index';
import { LANGUAGE_STORAGE_KEY } from './languages';

const { definitions, problems } = loadServiceDefinitions({
  'platform/lifecycle.json': platformLifecycle,
  'platform/retention.json': platformRetention,
  'plastics/service.json': plasticsService,
  'plastics/schema.json': plasticsSchema,
  'plastics/ui.json': plasticsUi,
});

beforeEach(() => setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'ada@example.org', token: 't' }));
afterEach(async () => {
  cleanup();
  clearStoredUser();
  globalThis.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await i18n.changeLanguage('en');
});

// The language menu and the wizard's page load apart: loaded before, so a test waits for what the
// page does, never for a module to arrive.
beforeAll(() => Promise.all([preloadLanguageMenu(), ServiceApplicationPage.preload()]));

describe('catalogue assembly', () => {
  it('reads the language from a catalogue path', () => {
    expect(languageOfPath('../recycled/i18n/de.json')).toBe('de');
    expect(languageOfPath('./it.json')).toBe('it');
    expect(languageOfPath('../../engine/react/i18n/ru.json')).toBe('ru');
    expect(languageOfPath('../i18n/readme.md')).toBeUndefined();
  });

  it('merges the engine group first and the portal groups over it', () => {
    expect(
      assembleCatalogue({
        '../feature/i18n/de.json': { feature: { title: 'Funktion' } },
        '../../engine/react/i18n/de.json': { widget: { yes: 'Ja' }, shared: 'Engine' },
        '../i18n/de.json': { shared: 'Portal', nav: { home: 'Startseite' } },
      }),
    ).toEqual({ widget: { yes: 'Ja' }, shared: 'Portal', nav: { home: 'Startseite' }, feature: { title: 'Funktion' } });
  });

  it('has the portal, engine and feature texts in English once every text is loaded (app/test-utils)', () => {
    expect(i18n.t('nav.dashboard')).toBe('Dashboard');
    expect(i18n.t('wizard.steps.details')).toBe('Application Details');
    expect(i18n.t('recycled.title')).not.toBe('recycled.title');
  });
});

describe('language choice', () => {
  it('switches from the menu, loads the language, keeps it in localStorage and sets <html lang>', async () => {
    const api = fakeApi({ 'PUT client/7/language': (body) => ok(body) });
    renderPage(<LanguageSwitcher />, { api });
    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deutsch' }));
    // The signed-in applicant's choice is the language of their e-mails too.
    await waitFor(() =>
      expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
        ['PUT', 'client/7/language', { language: 'de' }],
      ]),
    );
    await waitFor(() => expect(globalThis.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de'));
    await waitFor(() => expect(i18n.language).toBe('de'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sprache: Deutsch' }).textContent).toBe('DE'));
    expect(globalThis.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.t('nav.dashboard')).toBe('Übersicht');
    // Engine and feature groups are loaded with it.
    expect(i18n.t('wizard.next')).toBe('Weiter');
  });

  it('tells the server nothing when nobody is signed in (the choice is the browser’s)', async () => {
    clearStoredUser();
    const api = fakeApi({});
    renderPage(<LanguageSwitcher />, { api });
    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Italiano' }));
    await waitFor(() => expect(globalThis.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('it'));
    // The switch has finished loading its catalogues: a switch still loading would land in the next test.
    await waitFor(() => expect(i18n.language).toBe('it'));
    expect(api.calls).toEqual([]);
  });

  it('starts in the stored language (a reload) and shows the dashboard in it', async () => {
    globalThis.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ru');
    await activateStoredLanguage();
    expect(i18n.language).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    const api = fakeApi({
      'GET client/statistics/7': () => ok({ all_applications: 1, processing: 1, approved: 0, rejected: 0 }),
      'GET clients/applications/7?page=1': () => ok({ items: [], page: 1, per_page: 25, total: 0, last_page: 1 }),
    });
    renderPage(<DashboardPage />, { api, at: '/dashboard', definitions });
    expect(await screen.findByRole('heading', { level: 1, name: 'Панель управления' })).toBeTruthy();
    expect(await screen.findByText('У вас пока нет заявлений.')).toBeTruthy();
  });

  it('gives the same translated definition objects on every call of a language', async () => {
    await changeLanguage('it');
    const first = localizedDefinitions(definitions, 'it');
    expect(localizedDefinitions(definitions, 'it')).toBe(first);
    expect(first[0]?.formSchema).toBe(localizedDefinitions(definitions, 'it')[0]?.formSchema);
    expect(first[0]?.title).toBe("Autorizzazione all'uso della plastica");
    expect(localizedDefinitions(definitions, 'en')).toBe(definitions);
  });
});

describe('the plastics form in German', () => {
  it('shows German titles, German Ajv messages and the German custom message', async () => {
    expect(problems).toEqual([]);
    await changeLanguage('de');
    const api = fakeApi({
      'POST client/application/1': () => ok({ id: 41, app_id: 'APP-41', application_status_id: 1 }),
      'GET service/attachments/1': () => ok([]),
      'GET companies/7': () => ok([]),
      'GET plastic-types': () => ok([{ id: 1, name: 'Carry bags' }]),
      'GET quantity-measures': () => ok([{ id: 1, name: 'Kilograms' }]),
      // The server answers lookups with a label in the caller's language beside the English name.
      'GET plastics/consumption-areas': () =>
        ok([
          { id: 1, name: 'Food', label: 'Lebensmittel' },
          { id: 8, name: 'Other', label: 'Sonstiges' },
        ]),
    });
    renderRoutes([{ path: '*', element: <ServiceRoutePage /> }], { api, at: '/auth-plastics-apply', definitions });

    expect(
      // The wizard's code is loaded on first use: the first render waits for it (slow on a busy machine).
      await screen.findByRole('heading', {
        level: 1,
        name: 'Antrag | Genehmigung für die Verwendung von Kunststoffen',
      }),
    ).toBeTruthy();
    await screen.findByRole('heading', { name: 'Antragsdetails' });
    // The form appears with its validator, precompiled for the German schema and fetched with it.
    expect(await screen.findByText('Art des Antragstellers')).toBeTruthy();
    expect(screen.getByLabelText('Privatperson')).toBeTruthy();
    // Fields below the first few are drawn in the tasks after the form's first render.
    expect(await screen.findByText('Verwendung der Fertigprodukte')).toBeTruthy();
    // ui:enumNames of a plain enum are translated; the value stays English.
    expect(await screen.findByLabelText('Verkauf im Inland')).toBeTruthy();

    // The translated entry still writes the English name its rule reads ("Other").
    const area = await screen.findByLabelText(/^Anwendungsbereich/);
    await waitFor(() => expect(within(area).getByRole('option', { name: 'Sonstiges' })).toBeTruthy());
    expect(within(area).getByRole('option', { name: 'Lebensmittel' })).toBeTruthy();
    fireEvent.change(area, { target: { value: '8' } });
    expect(await screen.findByLabelText(/^Anderer Anwendungsbereich/)).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Privatperson'));
    const tin = await screen.findByLabelText(/Ausweisnummer/);
    fireEvent.change(tin, { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText(/^Menge\s*\*?$/), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));

    // The engine's own required text, in German.
    expect((await screen.findAllByText('Dieses Feld ist erforderlich')).length).toBeGreaterThan(0);
    expect(screen.getByText('Bitte korrigieren Sie die markierten Felder, bevor Sie fortfahren.')).toBeTruthy();
    // The schema's custom message, translated with the definition.
    expect(screen.getByText('Ihre Ausweisnummer muss aus 16 Ziffern bestehen!')).toBeTruthy();
    // Ajv's own message (exclusiveMinimum) through ajv-i18n.
    expect(screen.getByText('muss > 0 sein')).toBeTruthy();
    expect(screen.queryByText('Your ID number must be 16 digits!')).toBeNull();
    expect(screen.queryByText('This field is required')).toBeNull();

    // Switching language keeps what was typed and shows the other language's messages after the next check.
    await changeLanguage('es');
    await screen.findByRole('heading', { name: 'Detalles de la solicitud' });
    // The German form stays until the Spanish validator is fetched, then the Spanish one shows the same data.
    expect(((await screen.findByLabelText(/Número de identificación/)) as HTMLInputElement).value).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('¡Su número de identificación debe tener 16 dígitos!')).toBeTruthy();
    const form = screen.getByRole('heading', { name: 'Detalles de la solicitud' }).closest('div');
    expect(form && within(form).getAllByText('Este campo es obligatorio').length).toBeGreaterThan(0);
  });
});
