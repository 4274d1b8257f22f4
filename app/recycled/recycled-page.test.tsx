// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearStoredUser, setStoredUser } from '../auth/user-store';
import { fakeApi, fail, ok, recycledOpener, renderPage } from '../test-utils';
import type { RecycledEntry } from './recycled-data';
import { RecycledPage } from './recycled-page';

beforeEach(() => setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' }));
afterEach(() => {
  cleanup();
  clearStoredUser();
  vi.restoreAllMocks();
});

const CHECK = 'GET application/check-plastic-bags-authorization/7';
const LIST = 'GET clients/report/recycled-quantity/7';
const companies = [
  { id: 3, name: 'Green Ltd' },
  { id: 4, name: 'Blue Co' },
];

/** Twelve entries: Green Ltd January to June 2025 (10, 20, ... 60 kg), Blue Co the same months (1.5 kg each). */
function twelveEntries(): RecycledEntry[] {
  const rows: RecycledEntry[] = [];
  for (let m = 1; m <= 6; m += 1) {
    const month = `2025-0${m}-01`;
    rows.push({ id: m, company_id: 3, company_name: 'Green Ltd', report_month: month, quantity: m * 10 });
    rows.push({ id: 100 + m, company_id: 4, company_name: 'Blue Co', report_month: month, quantity: '1.5' });
  }
  return rows;
}

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Recycling Data' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('RecycledPage', () => {
  it('explains that reports open after the first application of the service that opens them, linking to it', async () => {
    const api = fakeApi({ [CHECK]: () => ok({ has_submitted_auth_plastic_bag: false }) });
    renderPage(<RecycledPage />, { api, at: '/plastics-recycled', definitions: [recycledOpener] });
    expect(
      await screen.findByText('Reports open after your first application: Authorization for the use of Plastics'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Authorization for the use of Plastics' }).getAttribute('href')).toBe(
      '/auth-plastics',
    );
    expect(screen.queryByRole('button', { name: 'Add Entry' })).toBeNull();
    expect(api.calls.some((c) => c.path.startsWith('clients/report'))).toBe(false);
  });

  it('sorts the Recycling Data table by each column and offers 10, 25, 50 and 100 rows per page', async () => {
    const api = fakeApi({
      [CHECK]: () => ok({ has_submitted_auth_plastic_bag: true }),
      [LIST]: () => ok(twelveEntries()),
      'GET companies/7': () => ok(companies),
    });
    renderPage(<RecycledPage />, { api, at: '/plastics-recycled', definitions: [recycledOpener] });
    await screen.findByRole('table', { name: 'Recycling Data' });

    // Newest month first, 10 of 12 rows on the first page.
    expect(bodyRows()).toHaveLength(10);
    expect(bodyRows()[0]?.[1]).toBe('June 2025');
    expect(screen.getByText('1–10 of 12')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Quantity (kg)' }));
    expect(bodyRows()[0]).toEqual(['Green Ltd', 'June 2025', '60 kg']);
    expect(screen.getByRole('columnheader', { name: /Quantity/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Quantity (kg)' }));
    expect(bodyRows()[0]).toEqual(['Blue Co', 'June 2025', '1.5 kg']);
    expect(screen.getByRole('columnheader', { name: /Quantity/ }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByRole('button', { name: 'Company' }));
    expect(
      bodyRows()
        .slice(0, 6)
        .every((row) => row[0] === 'Blue Co'),
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Company' }));
    expect(bodyRows()[0]?.[0]).toBe('Green Ltd');

    // Months and quantities start newest / largest first, names from A.
    fireEvent.click(screen.getByRole('button', { name: 'Month' }));
    expect(bodyRows()[0]?.[1]).toBe('June 2025');
    fireEvent.click(screen.getByRole('button', { name: 'Month' }));
    expect(bodyRows()[0]?.[1]).toBe('January 2025');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10', '25', '50', '100']);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '25' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(12));
    expect(screen.getByText('1–12 of 12')).toBeTruthy();
  });

  it('draws the quantity per month and company with a text summary', async () => {
    const api = fakeApi({
      [CHECK]: () => ok({ has_submitted_auth_plastic_bag: true }),
      [LIST]: () => ok(twelveEntries()),
      'GET companies/7': () => ok(companies),
    });
    renderPage(<RecycledPage />, { api, at: '/plastics-recycled', definitions: [recycledOpener] });
    const figure = await screen.findByRole('figure', { name: 'Recycled quantity per month and company (kg)' });
    const chart = within(figure).getByRole('img', { name: 'Recycled quantity per month and company (kg)' });
    expect(chart.querySelector('svg')).toBeTruthy();
    const summary = document.getElementById(chart.getAttribute('aria-describedby') ?? '');
    expect(summary?.tagName).toBe('FIGCAPTION');
    expect(summary?.textContent).toContain('Total recycled: 219 kg. Months reported: 6.');
    expect(summary?.textContent).toContain('Highest month: June 2025 (61.5 kg).');
    expect(summary?.textContent).toContain('By company: Blue Co: 9 kg and Green Ltd: 210 kg.');
  });

  it('shows no chart before the first entry', async () => {
    const api = fakeApi({
      [CHECK]: () => ok({ has_submitted_auth_plastic_bag: true }),
      [LIST]: () => ok([]),
      'GET companies/7': () => ok(companies),
    });
    renderPage(<RecycledPage />, { api, at: '/plastics-recycled', definitions: [recycledOpener] });
    expect(await screen.findByText('No entries yet.')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('adds an entry: required messages, month as YYYY-MM-01, success message and a reloaded table', async () => {
    let stored: RecycledEntry[] = [];
    const api = fakeApi({
      [CHECK]: () => ok({ has_submitted_auth_plastic_bag: true }),
      [LIST]: () => ok(stored),
      'GET companies/7': () => ok(companies),
      'POST clients/report/recycled-quantity': (body) => {
        const b = body as { company_id: number; report_month: string; quantity: number };
        stored = [
          {
            id: 1,
            company_id: b.company_id,
            company_name: 'Blue Co',
            report_month: b.report_month,
            quantity: b.quantity,
          },
        ];
        return ok(stored[0]);
      },
    });
    renderPage(<RecycledPage />, { api, at: '/plastics-recycled', definitions: [recycledOpener] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Entry' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(3);
    // The refused submit moves the focus to a summary of the problems, each linking to its field.
    const summary = await waitFor(() => {
      const focused = document.activeElement as HTMLElement;
      expect(focused.textContent).toContain('There is a problem');
      return focused;
    });
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#recycled-company_id',
      '#recycled-month',
      '#recycled-quantity',
    ]);
    fireEvent.click(links[2] as HTMLElement);
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Quantity/));

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Company/ }));
    await waitFor(() => within(screen.getByRole('listbox')).getByRole('option', { name: 'Blue Co' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Blue Co' }));
    const month = within(dialog).getByLabelText(/Month/);
    expect(month.getAttribute('type')).toBe('month');
    fireEvent.change(month, { target: { value: '2026-03' } });
    fireEvent.change(within(dialog).getByLabelText(/Quantity/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a quantity in kilograms greater than 0.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Quantity/), { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Entry added successfully!')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      company_id: 4,
      report_month: '2026-03-01',
      quantity: 12.5,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('March 2026')).toBeTruthy();
    expect(screen.getByText('12.5 kg')).toBeTruthy();
  });

  it('says when a save corrected a month already reported, and refuses a future month and one before 2000', async () => {
    const api = fakeApi({
      [CHECK]: () => ok({ has_submitted_auth_plastic_bag: true }),
      [LIST]: () => ok([]),
      'GET companies/7': () => ok(companies),
      'POST clients/report/recycled-quantity': () => ok({ id: 1, updated: true }),
    });
    renderPage(<RecycledPage />, { api, at: '/plastics-recycled', definitions: [recycledOpener] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Entry' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Company/ }));
    await waitFor(() => within(screen.getByRole('listbox')).getByRole('option', { name: 'Green Ltd' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Green Ltd' }));
    const next = new Date();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    fireEvent.change(within(dialog).getByLabelText(/Month/), { target: { value: next.toISOString().slice(0, 7) } });
    fireEvent.change(within(dialog).getByLabelText(/Quantity/), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('The month cannot be in the future.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    // A year that cannot be is told the range the month must lie in, as the API would tell it.
    fireEvent.change(within(dialog).getByLabelText(/Month/), { target: { value: '1850-01' } });
    const range = `Enter a month from 2000-01 to ${new Date().toISOString().slice(0, 7)}.`;
    expect(within(dialog).getAllByText(range).length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByLabelText(/Month/), { target: { value: '2026-02' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Entry updated successfully!')).toBeTruthy();
    expect(screen.queryByText('Entry added successfully!')).toBeNull();
  });

  it('on a failed save says why in the dialog and keeps the dialog and the values', async () => {
    const api = fakeApi({
      [CHECK]: () => ok({ has_submitted_auth_plastic_bag: true }),
      [LIST]: () => ok([]),
      'GET companies/7': () => ok(companies),
      'POST clients/report/recycled-quantity': () => fail('Invalid fields: company_id', 422),
    });
    renderPage(<RecycledPage />, { api, at: '/plastics-recycled', definitions: [recycledOpener] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Entry' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Company/ }));
    await waitFor(() => within(screen.getByRole('listbox')).getByRole('option', { name: 'Green Ltd' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Green Ltd' }));
    fireEvent.change(within(dialog).getByLabelText(/Month/), { target: { value: '2026-02' } });
    fireEvent.change(within(dialog).getByLabelText(/Quantity/), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid fields: company_id');
    expect(screen.getByRole('dialog', { name: 'Add Entry' })).toBeTruthy();
    expect(within(dialog).getByLabelText(/Month/)).toHaveProperty('value', '2026-02');
    expect(within(dialog).getByLabelText(/Quantity/)).toHaveProperty('value', '3');
    expect(within(dialog).getByRole('combobox', { name: /Company/ }).textContent).toBe('Green Ltd');
    expect(screen.queryByText('Entry added successfully!')).toBeNull();
  });
});
