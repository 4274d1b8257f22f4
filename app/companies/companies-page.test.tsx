// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearStoredUser, setStoredUser } from '../auth/user-store';
import { fakeApi, fail, ok, renderPage } from '../test-utils';
import { COMPANY_SUCCESS_MS, CompaniesPage } from './companies-page';

beforeEach(() => setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' }));
afterEach(() => {
  cleanup();
  clearStoredUser();
  vi.useRealTimers();
});

function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillCompany() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add Company' }));
  await screen.findByRole('dialog', { name: 'Add Company' });
  type(/Company name/, 'Green Ltd');
  await waitFor(() => choose(/Company category/, 'Manufacturer'));
  choose(/Registration type/, 'Company');
  type(/^TIN/, '123456789');
  type(/^Telephone/, '0781234567');
  type(/^Email/, 'info@green.example');
  type(/Activities/, 'Packaging');
  type(/Address/, 'Kigali');
  type(/Contact person job title/, 'Manager');
  type(/Contact person phone/, '07812');
  type(/Contact person email/, 'c@green.example');
  fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
}

/** A company as the API answers it, with every detail and a full location. */
const STORED = {
  id: 3,
  client_id: 7,
  name: 'Old Co',
  company_category_id: 2,
  type_registration: 'Cooperative',
  tin: '999888777',
  telephone: '0780000000',
  email: 'old@example.org',
  average_monthly_plastic_quantity: 40,
  avgMonthlyPlasticQuantity: 40,
  activities: 'Bottling',
  address: 'KN 1 Rd',
  contact_person_name: 'Jo',
  contact_person_job_title: 'Director',
  contact_person_phone: '0781111111',
  contact_person_email: 'jo@old.example',
  province_id: 1,
  district_id: 101,
  sector_id: 10101,
  cell_id: 1010101,
};

/** The reference data of STORED's category and location. */
const REFERENCE = {
  'GET company-categories': () => ok([{ id: 2, name: 'Manufacturer' }]),
  'GET provinces': () => ok([{ id: 1, name: 'Kigali City' }]),
  'GET districts/1': () => ok([{ id: 101, name: 'Gasabo' }]),
  'GET sectors/101': () => ok([{ id: 10101, name: 'Kimironko' }]),
  'GET cells/10101': () => ok([{ id: 1010101, name: 'Bibare' }]),
};

describe('CompaniesPage', () => {
  it('validates, keeps what was typed on failure, then registers the company', async () => {
    let attempts = 0;
    const api = fakeApi({
      'GET companies/7': () =>
        ok([{ id: 3, name: 'Old Co', tin: '999', telephone: '0780000000', email: 'old@example.org' }]),
      'GET company-categories': () => ok([{ id: 2, name: 'Manufacturer' }]),
      'GET provinces': () => ok([{ id: 1, name: 'Kigali City' }]),
      'POST companies': () => (++attempts === 1 ? fail('boom', 500) : ok({ id: 4 })),
    });
    renderPage(<CompaniesPage />, { api, at: '/companies' });
    expect(await screen.findByText('Old Co')).toBeTruthy();
    await fillCompany();

    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Enter a 10 digit phone number.')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy(); // the average quantity
    type(/Contact person phone/, '0781111111');
    type(/Average monthly plastic quantity/, '40');

    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Error while processing application');
    expect(screen.getByLabelText(/Company name/)).toHaveProperty('value', 'Green Ltd');

    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration successful!')).toBeTruthy();
    const post = api.calls.filter((c) => c.path === 'companies').at(-1);
    expect(post?.body).toMatchObject({
      name: 'Green Ltd',
      company_category_id: 2,
      type_registration: 'Company',
      avgMonthlyPlasticQuantity: 40,
      contact_person_phone: '0781111111',
      client_id: 7,
      province_id: null,
    });
  });
  it('shows the table columns and the Add Company button', async () => {
    const api = fakeApi({
      'GET companies/7': () =>
        ok([{ id: 3, name: 'Old Co', tin: '999', telephone: '0780000000', email: 'old@example.org' }]),
    });
    renderPage(<CompaniesPage />, { api, at: '/companies' });
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'TIN', 'Telephone', 'Email', 'Action']);
    const row = (await within(table).findByText('Old Co')).closest('tr');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Old Co', '999', '0780000000', 'old@example.org', '']);
    expect(screen.getByRole('button', { name: 'Add Company' })).toBeTruthy();
  });

  it('shows a company as text, its location by name (read-only selector), and opens Edit from there', async () => {
    const api = fakeApi({ 'GET companies/7': () => ok([STORED]), ...REFERENCE });
    renderPage(<CompaniesPage />, { api, at: '/companies' });
    fireEvent.click(await screen.findByRole('button', { name: 'View Old Co' }));
    const dialog = await screen.findByRole('dialog', { name: 'Old Co' });
    expect(within(dialog).queryAllByRole('combobox')).toHaveLength(0);
    expect(within(dialog).queryAllByRole('textbox')).toHaveLength(0);
    const terms = () =>
      Object.fromEntries(
        within(dialog)
          .getAllByRole('term')
          .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
    await waitFor(() => expect(terms().Cell).toBe('Bibare'));
    expect(terms()).toMatchObject({
      'Company category': 'Manufacturer',
      'Registration type': 'Cooperative',
      TIN: '999888777',
      'Contact person name': 'Jo',
      'Average monthly plastic quantity (kg)': '40',
      Province: 'Kigali City',
      District: 'Gasabo',
      Sector: 'Kimironko',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Company' });
    expect((within(edit).getByLabelText(/Company name/) as HTMLInputElement).value).toBe('Old Co');
  });

  it('prefills every field on edit, location and single-use answer included, and updates', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stored = STORED;
    const api = fakeApi({
      'GET companies/7': () => ok([stored]),
      ...REFERENCE,
      'PUT companies/3': (body) => ok({ ...stored, ...(body as object) }),
    });
    renderPage(<CompaniesPage />, { api, at: '/companies' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Old Co' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Company' });
    const combo = (name: RegExp) => within(dialog).getByRole('combobox', { name });
    await waitFor(() => expect(combo(/^Cell/).textContent).toBe('Bibare'));
    expect(combo(/^Province/).textContent).toBe('Kigali City');
    expect(combo(/^District/).textContent).toBe('Gasabo');
    expect(combo(/^Sector/).textContent).toBe('Kimironko');
    expect(combo(/Company category/).textContent).toBe('Manufacturer');
    expect(combo(/Registration type/).textContent).toBe('Cooperative');
    const value = (label: RegExp) => (within(dialog).getByLabelText(label) as HTMLInputElement).value;
    expect(
      [
        /Company name/,
        /^TIN/,
        /^Telephone/,
        /^Email/,
        /Activities/,
        /Address/,
        /Contact person name/,
        /Contact person job title/,
        /Contact person phone/,
        /Contact person email/,
        /Average monthly plastic quantity/,
      ].map(value),
    ).toEqual([
      'Old Co',
      '999888777',
      '0780000000',
      'old@example.org',
      'Bottling',
      'KN 1 Rd',
      'Jo',
      'Director',
      '0781111111',
      'jo@old.example',
      '40',
    ]);
    expect(within(dialog).getByRole('radio', { name: 'Yes' })).toHaveProperty('checked', true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Company successfully updated!')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Old Co',
      company_category_id: 2,
      type_registration: 'Cooperative',
      tin: '999888777',
      telephone: '0780000000',
      email: 'old@example.org',
      avgMonthlyPlasticQuantity: 40,
      activities: 'Bottling',
      address: 'KN 1 Rd',
      contact_person_name: 'Jo',
      contact_person_job_title: 'Director',
      contact_person_phone: '0781111111',
      contact_person_email: 'jo@old.example',
      province_id: 1,
      district_id: 101,
      sector_id: 10101,
      cell_id: 1010101,
      client_id: 7,
    });
    // The banner stays 8 seconds.
    act(() => vi.advanceTimersByTime(COMPANY_SUCCESS_MS - 1000));
    expect(screen.getByText('Company successfully updated!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Company successfully updated!')).toBeNull();
    expect(COMPANY_SUCCESS_MS).toBe(8000);
  });

  it("answers 'No' for a company without an average quantity and hides the quantity", async () => {
    const api = fakeApi({
      'GET companies/7': () =>
        ok([
          {
            id: 5,
            name: 'Plain Ltd',
            tin: '1',
            telephone: '0780000000',
            email: 'p@example.org',
            avgMonthlyPlasticQuantity: null,
          },
        ]),
    });
    renderPage(<CompaniesPage />, { api, at: '/companies' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Plain Ltd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Company' });
    expect(within(dialog).getByRole('radio', { name: 'No' })).toHaveProperty('checked', true);
    expect(within(dialog).queryByLabelText(/Average monthly plastic quantity/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Yes' }));
    expect(within(dialog).getByLabelText(/Average monthly plastic quantity/)).toBeTruthy();
  });

  it('clears the lower location levels when a higher one is chosen', async () => {
    const api = fakeApi({
      'GET companies/7': () => ok([]),
      'GET company-categories': () => ok([]),
      'GET provinces': () =>
        ok([
          { id: 1, name: 'Kigali City' },
          { id: 2, name: 'Northern' },
        ]),
      'GET districts/1': () => ok([{ id: 101, name: 'Gasabo' }]),
      'GET districts/2': () => ok([{ id: 201, name: 'Musanze' }]),
      'GET sectors/101': () =>
        ok([
          { id: 10101, name: 'Kimironko' },
          { id: 10102, name: 'Remera' },
        ]),
      'GET cells/10101': () => ok([{ id: 1010101, name: 'Bibare' }]),
      'GET cells/10102': () => ok([{ id: 1010201, name: 'Rukiri' }]),
    });
    renderPage(<CompaniesPage />, { api, at: '/companies' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Company' });
    const combo = (name: RegExp) => within(dialog).getByRole('combobox', { name });
    const pick = async (name: RegExp, option: string) => {
      await waitFor(() => expect(combo(name).getAttribute('aria-disabled')).not.toBe('true'));
      fireEvent.mouseDown(combo(name));
      const listbox = await screen.findByRole('listbox');
      fireEvent.click(await within(listbox).findByRole('option', { name: option }));
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    };
    // Lower levels wait for their parent.
    expect(combo(/^District/).getAttribute('aria-disabled')).toBe('true');
    await pick(/^Province/, 'Kigali City');
    await pick(/^District/, 'Gasabo');
    await pick(/^Sector/, 'Kimironko');
    await pick(/^Cell/, 'Bibare');
    expect(combo(/^Cell/).textContent).toBe('Bibare');

    await pick(/^Sector/, 'Remera');
    expect(combo(/^Sector/).textContent).toBe('Remera');
    expect(combo(/^Cell/).textContent).toBe('--Select--');

    await pick(/^Cell/, 'Rukiri');
    await pick(/^Province/, 'Northern');
    expect(combo(/^Province/).textContent).toBe('Northern');
    for (const level of [/^District/, /^Sector/, /^Cell/]) expect(combo(level).textContent).toBe('--Select--');
    expect(combo(/^Sector/).getAttribute('aria-disabled')).toBe('true');
    await pick(/^District/, 'Musanze');
    expect(combo(/^District/).textContent).toBe('Musanze');
  });
});
