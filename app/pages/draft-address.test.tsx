// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import type { ServiceDefinition } from '../../engine/core/definition-types';
import { clearStoredUser, setStoredUser } from '../auth/user-store';
import { appRoutes } from '../routes';
import { fakeApi, ok, renderRoutes } from '../test-utils';
import { ServiceApplicationPage } from './application-page-loader';
import { applySearch, draftOfAddress, draftPath, stepOfAddress } from './draft-address';

afterEach(() => {
  cleanup();
  clearStoredUser();
});

describe('a draft in the address', () => {
  it('is read only when the address names one, and a step only when it is one', () => {
    expect(draftOfAddress('?application_id=41')).toBe(41);
    expect(draftOfAddress('?application_id=41&step=documents')).toBe(41);
    for (const search of ['', '?application_id=', '?application_id=0', '?application_id=4x', '?appId=41'])
      expect(draftOfAddress(search)).toBeUndefined();
    expect(stepOfAddress('?appId=41&step=confirm')).toBe('confirm');
    for (const search of ['?appId=41', '?step=done', '?step=Documents', '?step=toString'])
      expect(stepOfAddress(search)).toBeUndefined();
  });

  it('is written with the step after the first only', () => {
    expect(applySearch(41, 'details')).toBe('?application_id=41');
    expect(applySearch(41, 'documents')).toBe('?application_id=41&step=documents');
    expect(draftPath('/view-application', 41, 'confirm')).toBe('/view-application?appId=41&step=confirm');
    expect(draftPath('/view-application', 41, undefined)).toBe('/view-application?appId=41');
  });
});

const definition = {
  id: 1,
  version: 1,
  key: 'plastics',
  title: 'Authorization for the use of Plastics',
  summary: 'Plastic carry bags',
  department: 'Environmental Compliance',
  routes: { info: '/auth-plastics', apply: '/auth-plastics-apply', view: '/view-application' },
  info: { fee: 'FREE', validity: 'NA', processingDays: 30, hide: [], howToApply: [] },
  wizard: { title: 'Apply | Plastics' },
  documents: { accept: ['pdf'], serviceAttachments: false },
  submit: { calls: [] },
  view: { record: 'record', rows: [] },
  formSchema: { type: 'object', properties: { description: { type: 'string', title: 'Description' } } },
  uiSchema: {},
} as unknown as ServiceDefinition;

describe('the apply route', () => {
  // The wizard's code is loaded first (a transform of the whole engine in a test run): the tests then
  // wait for what the page does, not for a compilation.
  beforeAll(async () => {
    await ServiceApplicationPage.preload();
  }, 180_000);

  it('names its new draft in the address without opening the wizard again', async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' });
    const api = fakeApi({
      'POST client/application/1': () => ok({ id: 41, app_id: 'APP-41', application_status_id: 1 }),
      'GET client/drafts?service_id=1': () => ok([]),
    });
    const { router } = renderRoutes(appRoutes, { api, at: '/auth-plastics-apply', definitions: [definition] });
    await waitFor(() => expect(router.location().search).toBe('?application_id=41'), { timeout: 10_000 });
    expect(router.location().pathname).toBe('/auth-plastics-apply');
    // The wizard on screen is the one that created the draft: not continued from the address.
    expect(api.calls.filter((call) => call.path === 'application/41')).toEqual([]);
    expect(api.calls.filter((call) => call.path === 'client/application/1')).toHaveLength(1);
  });

  it('continues a draft its address names (a reload, Back) on the view route, at the step named', async () => {
    setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' });
    const api = fakeApi({
      'GET application/41': () =>
        ok({ id: 41, app_id: 'APP-41', service_id: 1, application_status_id: 1, application_attachments: [] }),
    });
    const { router } = renderRoutes(appRoutes, {
      api,
      at: '/auth-plastics-apply?application_id=41&step=documents',
      definitions: [definition],
    });
    await waitFor(
      () =>
        expect(router.location()).toMatchObject({ pathname: '/view-application', search: '?appId=41&step=documents' }),
      { timeout: 10_000 },
    );
    expect(api.calls.filter((call) => call.path === 'client/application/1')).toEqual([]);
  });
});
