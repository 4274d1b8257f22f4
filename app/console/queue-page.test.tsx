// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueueAnswer } from './console-types';
import { answer, fakeStaffApi, refusal, renderConsole, SESSION } from './console-test-support';
import { QueuePage } from './queue-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROWS: QueueAnswer = {
  items: [
    {
      id: 41,
      app_id: 'AP-0041',
      service: 'alpha',
      service_title: 'Alpha permit',
      status_id: 2,
      status_key: 'submitted',
      applicant: 'Ada Uwase',
      company: 'Green Ltd',
      submitted_at: '2026-03-02T10:00:00Z',
      assignee: null,
    },
  ],
  total: 30,
  page: 2,
  size: 25,
  counts: [
    { status_id: 2, status_key: 'submitted', count: 21 },
    { status_id: 3, status_key: 'under-review', count: 9 },
  ],
};

function queueCalls(api: ReturnType<typeof fakeStaffApi>) {
  return api.calls
    .filter((call) => call.path.startsWith('staff/queue?'))
    .map((call) => Object.fromEntries(new URLSearchParams(call.path.split('?')[1])));
}

function setup(at: string, rows: QueueAnswer | null = ROWS) {
  const api = fakeStaffApi({
    'GET staff/session': () => answer(SESSION),
    'GET staff/queue': () => (rows ? answer(rows) : refusal(500, 'The queue is not available.')),
  });
  const view = renderConsole(api, <QueuePage />, { path: '/console', at });
  return { api, ...view };
}

describe('QueuePage', () => {
  it('reads its filters from the address and asks the queue for them', async () => {
    const { api } = setup('/console?status=submitted&q=acme&mine=1&page=2');
    expect(await screen.findByRole('link', { name: 'AP-0041' })).toBeTruthy();
    expect(queueCalls(api)[0]).toMatchObject({ status: 'submitted', q: 'acme', mine: 'true', page: '2', size: '25' });
    expect((screen.getByRole('checkbox', { name: 'Assigned to me' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Search (number, applicant, company)') as HTMLInputElement).value).toBe('acme');
    expect(screen.getByText('26–30 of 30')).toBeTruthy();
  });

  it('writes each filter to the address, back to the first page, and the export links follow', async () => {
    const { router, api } = setup('/console?page=2');
    await screen.findByRole('link', { name: 'AP-0041' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Service' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Beta licence' }));
    await waitFor(() => expect(router.location().search).toBe('?service=beta'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Assigned to me' }));
    await waitFor(() => expect(router.location().search).toBe('?service=beta&mine=1'));
    fireEvent.change(screen.getByLabelText('Search (number, applicant, company)'), { target: { value: 'green' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.location().search).toBe('?service=beta&q=green&mine=1'));
    await waitFor(() =>
      expect(queueCalls(api).at(-1)).toMatchObject({ service: 'beta', q: 'green', mine: 'true', page: '1' }),
    );
    const csv = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '', 'http://x');
    expect(csv.pathname).toBe('/api/staff/queue/export');
    expect(Object.fromEntries(csv.searchParams)).toMatchObject({
      format: 'csv',
      lang: 'en',
      service: 'beta',
      q: 'green',
      mine: 'true',
    });
  });

  it('follows the address when it changes (back and forward): filters shown and asked for', async () => {
    const { router, api } = setup('/console?q=acme');
    await screen.findByRole('link', { name: 'AP-0041' });
    await act(() => router.navigate('/console?mine=1&q=green'));
    await waitFor(() => expect(queueCalls(api).at(-1)).toMatchObject({ mine: 'true', q: 'green' }));
    expect((screen.getByRole('checkbox', { name: 'Assigned to me' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Search (number, applicant, company)') as HTMLInputElement).value).toBe('green');
  });

  it('filters by a status chip with its count, and links each row to its review', async () => {
    const { router } = setup('/console');
    const counts = await screen.findByRole('tablist', { name: 'Applications per status' });
    expect(within(counts).getByRole('tab', { name: 'All (30)' }).getAttribute('aria-selected')).toBe('true');
    // The platform's badges ("SUBMITTED", "UNDER REVIEW") are named in sentence case, as staff read them.
    expect(within(counts).getByRole('tab', { name: 'Submitted (21)' })).toBeTruthy();
    fireEvent.click(within(counts).getByRole('tab', { name: 'Under review (9)' }));
    await waitFor(() => expect(router.location().search).toBe('?status=under-review'));
    expect(screen.getByRole('link', { name: 'AP-0041' }).getAttribute('href')).toBe('/console/applications/41');
  });

  it('folds applicant and company, number and service into shared columns on a tablet', async () => {
    // Every media query matches: the page is narrower than the theme's md breakpoint.
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: true,
      media,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
    setup('/console');
    const table = await screen.findByRole('table', { name: 'Applications to review' });
    await within(table).findByRole('link', { name: 'AP-0041' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Number', 'Applicant and company', 'Status', 'Submitted', 'Assigned to']);
    expect(within(table).getByText('Green Ltd')).toBeTruthy();
    expect(within(table).getByText('Alpha permit')).toBeTruthy();
  });

  it('says so when no application matches, and shows a failure with a retry', async () => {
    setup('/console?q=nothing', { ...ROWS, items: [], total: 0, counts: [] });
    expect(await screen.findByText('No applications match these filters.')).toBeTruthy();
    cleanup();
    setup('/console', null);
    expect(await screen.findByText('The queue is not available.')).toBeTruthy();
  });
});
