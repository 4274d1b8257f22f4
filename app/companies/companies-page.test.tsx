// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearStoredUser, setStoredUser } from '../auth/user-store';
import { fakeApi, fail, ok, renderPage } from '../test-utils';
import { CompaniesPage } from './companies-page';

beforeEach(() => setStoredUser({ id: 7, first_name: 'Ada', last_name: 'Uwase', email: 'a@example.org', token: 't' }));
afterEach(() => {
  cleanup();
  clearStoredUser();
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
    expect(screen.getByText('This field is required.')).toBeTruthy(); // the average quantity
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
});
