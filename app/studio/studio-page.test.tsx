// @vitest-environment jsdom
/**
 * The studio's workbench while another service loads: the tabs drawn from the server's check show
 * that they are loading, never the previous service's answer; and a fixture's match is the server's
 * judgement of it (the conformance suite's).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ApiResult } from '../../engine/core';
import { sectionedTestDefinition, testDefinition } from '../../engine/core/test-definition';
import { fakeApi, ok, renderPage } from '../test-utils';
import { StudioWorkbench, type StudioService } from './studio-page';

afterEach(cleanup);

interface Check {
  service: string;
  data: Record<string, unknown>;
}

/** What the fake server's check answers: the service's own message, so a test sees whose answer shows. */
const answerFor = ({ service }: Check) =>
  ok({
    fields: [],
    errors: [{ field: `${service}_field`, message: `Message of ${service}` }],
    uploads: [],
    summary: [],
    view: { rows: [], tables: [] },
    requests: [{ name: 'save', method: 'POST', path: `${service}/save`, body: {} }],
  });

function service(key: string, id: number, definition = testDefinition({ key, id, title: key })): StudioService {
  const invalid = { data: { kind_id: 'x' }, expect: [{ field: 'kind_id', message: 'must be integer' }] };
  return {
    key,
    id,
    title: key,
    version: 1,
    kept: [],
    migrations: [],
    forms: [
      {
        key,
        variant: null,
        definition: { ...definition, key, id, title: key },
        validator: `studio/validators/${key}/${key}/en.js`,
        fixtures: { valid: [], invalid: [['bad.json', invalid]] },
        // The server's judgement says it agrees; the fake check's errors differ from those expected.
        judgements: [{ fixture: 'invalid/bad.json', errors: invalid.expect, agrees: true }],
      },
    ],
  };
}

describe('StudioWorkbench', () => {
  it('shows a loading state, not the previous service, while the new one is checked', async () => {
    // The second service's checks wait until the test lets them answer: a slow server, no timers.
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = fakeApi({
      'POST studio/check': async (body): Promise<ApiResult<unknown>> => {
        const check = body as Check;
        if (check.service === 'sectioned') await slow;
        return answerFor(check);
      },
    });
    const services = [service('alpha', 91), service('sectioned', 92, sectionedTestDefinition())];
    renderPage(<StudioWorkbench api={api} services={services} revision="1" />, { api });

    fireEvent.click(screen.getByRole('tab', { name: 'Server calls' }));
    expect(await screen.findByText(/alpha\/save/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Messages in every language' }));
    expect((await screen.findAllByText('Message of alpha')).length).toBeGreaterThan(0);
    // The fixture's match is the server's judgement, not a comparison with the check's answer.
    expect(screen.getByText('The errors are those the fixture expects.')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Service' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'sectioned (92)' }));

    const progress = await screen.findByRole('progressbar', { name: 'Loading...' });
    expect(progress.closest('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByText('Message of alpha')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Server calls' }));
    expect(screen.queryByText(/alpha\/save/)).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Loading...' })).toBeTruthy();

    release();
    expect(await screen.findByText(/sectioned\/save/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(api.calls.some((c) => (c.body as Check | undefined)?.service === 'sectioned')).toBe(true);
  });
});
