// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServiceDefinition } from '../../core/definition-types';
import { ServiceForm } from '../service-form';
import { fakeApi, fakeBackend, ok, WithI18n } from '../test-support';
import { addFreeItem } from './free-items-widget';
import { lookupOptions } from './lookup-widget';
import { withCode } from './lookup-codes-widget';
import { localOffsetMinutes, offsetText } from '../../core/time-values';

afterEach(cleanup);

type FormDef = Pick<ServiceDefinition, 'formSchema' | 'uiSchema'>;

function renderForm(form: FormDef, api = fakeApi({}), initialData?: Record<string, unknown>) {
  const onChange = vi.fn();
  const definition = { key: 'sample', ...form };
  // The backend names where the client's companies are (`companies:5`); the form reads them with `api`.
  render(
    <WithI18n backend={fakeBackend()}>
      <ServiceForm definition={definition} api={api} clientId={5} initialData={initialData} onChange={onChange} />
    </WithI18n>,
  );
  return { onChange, api };
}

const lastData = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.at(-1)?.[0] as Record<string, unknown>;

describe('free-items', () => {
  it('trims names and refuses empty and duplicate ones (pure rule)', () => {
    expect(addFreeItem([], '  Bottles ')).toEqual({ ok: true, items: ['Bottles'] });
    expect(addFreeItem(['Bottles'], 'bottles')).toEqual({ ok: false, reason: 'duplicate' });
    expect(addFreeItem(['Bottles'], '   ')).toEqual({ ok: false, reason: 'empty' });
  });

  it('adds trimmed chips and shows why a name was not added', async () => {
    const { onChange } = renderForm({
      formSchema: {
        type: 'object',
        properties: { names: { type: 'array', title: 'Other items', items: { type: 'string' } } },
      },
      uiSchema: { names: { 'ui:widget': 'free-items' } },
    });
    // An added name empties the box by drawing a new one: each step finds the box anew.
    const input = () => screen.getByLabelText('Other items');
    const add = screen.getByRole('button', { name: 'Add' });
    fireEvent.change(input(), { target: { value: '  Bottles  ' } });
    fireEvent.click(add);
    await waitFor(() => expect(lastData(onChange)).toEqual({ names: ['Bottles'] }));
    expect(screen.getByText('Bottles')).toBeTruthy();
    expect((input() as HTMLInputElement).value).toBe('');
    fireEvent.change(input(), { target: { value: 'bottles ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('This item is already in the list.');
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.click(add);
    expect(screen.getByRole('alert').textContent).toBe('Enter a name before adding.');
    fireEvent.change(input(), { target: { value: 'Boxes' } });
    fireEvent.click(add);
    await waitFor(() => expect(lastData(onChange)).toEqual({ names: ['Bottles', 'Boxes'] }));
  });
});

describe('lookup-codes', () => {
  it('keeps one row per entry with a code, and only rows naming an entry (pure rule)', () => {
    const rows = [{}, { kind_id: 1, code: 'A1' }, null, { kind_id: 2, code: 'B2' }];
    expect(withCode(rows, 'kind_id', 'code', 1, 'A2')).toEqual([
      { kind_id: 2, code: 'B2' },
      { kind_id: 1, code: 'A2' },
    ]);
    expect(withCode(rows, 'kind_id', 'code', 2, '')).toEqual([{ kind_id: 1, code: 'A1' }]);
  });

  it('starts a list that needs codes empty and writes a row per code typed', async () => {
    const api = fakeApi({
      'GET kinds': ok([
        { id: 1, name: 'Basel annex' },
        { id: 2, name: 'OECD code' },
      ]),
    });
    const { onChange } = renderForm(
      {
        formSchema: {
          type: 'object',
          properties: {
            codes: {
              type: 'array',
              title: 'Codes',
              minItems: 1,
              items: {
                type: 'object',
                required: ['kind_id', 'code'],
                properties: { kind_id: { type: 'integer' }, code: { type: 'string', minLength: 1 } },
              },
            },
          },
        },
        uiSchema: {
          codes: {
            'ui:widget': 'lookup-codes',
            'ui:options': { source: 'kinds', idField: 'kind_id', codeField: 'code' },
          },
        },
      },
      api,
    );
    fireEvent.change(await screen.findByLabelText('OECD code'), { target: { value: 'GC010' } });
    // No empty row RJSF would add for minItems: only the code typed.
    await waitFor(() => expect(lastData(onChange)).toEqual({ codes: [{ kind_id: 2, code: 'GC010' }] }));
  });
});

describe('word-limited-textarea', () => {
  it('ignores words past the limit and shows the remaining words', async () => {
    const { onChange } = renderForm({
      formSchema: { type: 'object', properties: { about: { type: 'string', title: 'About' } } },
      uiSchema: { about: { 'ui:widget': 'word-limited-textarea', 'ui:options': { maxWords: 3, maxChars: 100 } } },
    });
    expect(screen.getByText('3 words remaining')).toBeTruthy();
    const box = screen.getByLabelText('About') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'one two' } });
    await waitFor(() => expect(screen.getByText('1 word remaining')).toBeTruthy());
    fireEvent.change(box, { target: { value: 'one two three four five' } });
    await waitFor(() => expect(lastData(onChange)).toEqual({ about: 'one two three' }));
    expect(box.value).toBe('one two three');
    expect(screen.getByText('0 words remaining')).toBeTruthy();
    // Full: a word typed in the middle is ignored rather than pushing the last one out.
    fireEvent.change(box, { target: { value: 'one more two three' } });
    expect(box.value).toBe('one two three');
    fireEvent.blur(box);
    expect(lastData(onChange)).toEqual({ about: 'one two three' });
  });
});

describe('lookup', () => {
  const definition: FormDef = {
    formSchema: {
      type: 'object',
      properties: {
        area_id: { type: 'integer', title: 'Area' },
        area_name: { type: 'string' },
        item_id: { type: 'integer', title: 'Item' },
        item_name: { type: 'string' },
      },
    },
    uiSchema: {
      area_id: {
        'ui:widget': 'lookup',
        'ui:options': {
          source: 'areas',
          nameField: 'area_name',
          exclude: ['Hidden'],
          extraOptions: [{ value: 0, label: 'Other' }],
        },
      },
      area_name: { 'ui:widget': 'hidden' },
      item_id: { 'ui:widget': 'lookup', 'ui:options': { source: 'areas/{area_id}', nameField: 'item_name' } },
      item_name: { 'ui:widget': 'hidden' },
    },
  };
  const api = () =>
    fakeApi({
      'GET areas': ok([
        { id: 1, name: 'Food' },
        { id: 2, name: 'Hidden' },
        { id: 3, name: 'Medical' },
      ]),
      'GET areas/1': ok([{ id: 11, name: 'Bread' }]),
      'GET areas/3': ok([{ id: 31, name: 'Syringes' }]),
    });

  it('builds options with exclude and extraOptions', () => {
    expect(
      lookupOptions(
        [
          { id: 1, name: 'A' },
          { id: 2, name: 'other' },
        ],
        ['Other'],
        [{ value: 0, label: 'Other' }],
      ),
    ).toEqual([
      { value: 1, label: 'A' },
      { value: 0, label: 'Other' },
    ]);
  });

  it('offers only the entries `only` allows (the active sectors)', () => {
    const sectors = [
      { id: 1, name: 'Mining', is_active: true },
      { id: 2, name: 'Dyeing', is_active: false },
      { id: 3, name: 'Energy' },
    ];
    expect(lookupOptions(sectors, undefined, undefined, { is_active: true })).toEqual([{ value: 1, label: 'Mining' }]);
    expect(lookupOptions(sectors, undefined, undefined).map((o) => o.value)).toEqual([1, 2, 3]);
  });

  it('writes the chosen name to nameField, refetches a templated source and clears on change', async () => {
    const fake = api();
    const { onChange } = renderForm(definition, fake);
    const area = screen.getByLabelText('Area') as HTMLSelectElement;
    await waitFor(() => expect(within(area).getByRole('option', { name: 'Food' })).toBeTruthy());
    expect(within(area).queryByRole('option', { name: 'Hidden' })).toBeNull();
    expect(within(area).getByRole('option', { name: 'Other' })).toBeTruthy();
    const item = screen.getByLabelText('Item') as HTMLSelectElement;
    expect(item.disabled).toBe(true);

    fireEvent.change(area, { target: { value: '1' } });
    await waitFor(() => expect(lastData(onChange)).toMatchObject({ area_id: 1, area_name: 'Food' }));
    await waitFor(() => expect(within(item).getByRole('option', { name: 'Bread' })).toBeTruthy());
    fireEvent.change(item, { target: { value: '11' } });
    await waitFor(() => expect(lastData(onChange)).toMatchObject({ item_id: 11, item_name: 'Bread' }));

    fireEvent.change(area, { target: { value: '3' } });
    await waitFor(() => expect(within(item).getByRole('option', { name: 'Syringes' })).toBeTruthy());
    await waitFor(() => {
      const data = lastData(onChange);
      expect(data).toMatchObject({ area_id: 3, area_name: 'Medical' });
      expect(data.item_id).toBeUndefined();
      expect(data.item_name).toBeUndefined();
    });
    expect(fake.get).toHaveBeenCalledWith('areas/3');
  });

  it('shows a clear error when options fail to load, and retries', async () => {
    let calls = 0;
    const fake = fakeApi({
      'GET areas': () =>
        ++calls === 1 ? { ok: false, code: 500, error: 'server error' } : ok([{ id: 1, name: 'Food' }]),
    });
    renderForm(
      {
        formSchema: { type: 'object', properties: { area_id: { type: 'integer', title: 'Area' } } },
        uiSchema: { area_id: { 'ui:widget': 'lookup', 'ui:options': { source: 'areas' } } },
      },
      fake,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('The options could not be loaded: server error');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Food' })).toBeTruthy());
  });
});

describe('company-picker, country, yes-no, items-checklist', () => {
  it('fills company fields, lists countries by English name, answers yes/no and checks items', async () => {
    const fake = fakeApi({
      'GET companies:5': ok([{ id: 4, name: 'Acme Ltd', tin: '123456789' }]),
      'GET items': ok([
        { id: 1, name: 'Bread' },
        { id: 2, name: 'Meat' },
      ]),
    });
    const { onChange } = renderForm(
      {
        formSchema: {
          type: 'object',
          properties: {
            company_id: { type: 'integer', title: 'Company' },
            company_name: { type: 'string', title: 'Company name' },
            tin: { type: 'string', title: 'TIN' },
            origin: { type: 'string', title: 'Origin' },
            single: { type: 'boolean', title: 'Single use?' },
            items: { type: 'array', title: 'Items', items: { type: 'integer' } },
            item_names: { type: 'array', items: { type: 'string' } },
          },
        },
        uiSchema: {
          company_id: { 'ui:widget': 'company-picker', 'ui:options': { fill: { company_name: 'name', tin: 'tin' } } },
          origin: { 'ui:widget': 'country' },
          single: { 'ui:widget': 'yes-no' },
          items: { 'ui:widget': 'items-checklist', 'ui:options': { source: 'items', nameField: 'item_names' } },
          item_names: { 'ui:widget': 'hidden' },
        },
      },
      fake,
    );
    const company = screen.getByLabelText('Company') as HTMLSelectElement;
    await waitFor(() => expect(within(company).getByRole('option', { name: 'Acme Ltd' })).toBeTruthy());
    fireEvent.change(company, { target: { value: '4' } });
    await waitFor(() =>
      expect(lastData(onChange)).toMatchObject({ company_id: 4, company_name: 'Acme Ltd', tin: '123456789' }),
    );

    const origin = screen.getByLabelText('Origin') as HTMLSelectElement;
    const names = within(origin)
      .getAllByRole('option')
      .map((option) => option.textContent ?? '')
      .slice(1);
    expect(names).toContain('Germany');
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
    fireEvent.change(origin, { target: { value: 'Germany' } });
    await waitFor(() => expect(lastData(onChange)).toMatchObject({ origin: 'Germany' }));

    fireEvent.click(screen.getByLabelText('No'));
    await waitFor(() => expect(lastData(onChange)).toMatchObject({ single: false }));

    fireEvent.click(await screen.findByLabelText('Meat'));
    await waitFor(() => expect(lastData(onChange)).toMatchObject({ items: [2], item_names: ['Meat'] }));
    fireEvent.click(screen.getByLabelText('Bread'));
    await waitFor(() => expect(lastData(onChange)).toMatchObject({ items: [2, 1], item_names: ['Meat', 'Bread'] }));
  });
});

describe('radio questions', () => {
  it('name their group by the question, share one name and give back the enum value chosen', async () => {
    const { onChange } = renderForm({
      formSchema: {
        type: 'object',
        required: ['kind', 'size'],
        properties: {
          kind: { type: 'string', title: 'Applicant type', enum: ['Company', 'Individual'] },
          size: {
            type: 'integer',
            title: 'Team size',
            oneOf: [
              { const: 1, title: 'Alone' },
              { const: 5, title: 'Five' },
            ],
          },
          single: { type: 'boolean', title: 'Single use?' },
        },
      },
      uiSchema: { kind: { 'ui:widget': 'radio' }, size: { 'ui:widget': 'radio' }, single: { 'ui:widget': 'yes-no' } },
    });
    for (const question of ['Applicant type', 'Team size', 'Single use?']) {
      const group = screen.getByRole('radiogroup', { name: new RegExp(`^${question.replace('?', '\\?')}`) });
      // The question is the legend of a fieldset around the options.
      expect(group.closest('fieldset')?.querySelector('legend')?.textContent).toContain(question);
      const names = within(group)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).name);
      expect(new Set(names).size).toBe(1);
    }
    fireEvent.click(screen.getByLabelText('Individual'));
    fireEvent.click(screen.getByLabelText('Five'));
    await waitFor(() => expect(lastData(onChange)).toMatchObject({ kind: 'Individual', size: 5 }));
    expect((screen.getByLabelText('Five') as HTMLInputElement).checked).toBe(true);
  });
});

describe('time', () => {
  it("stores the clock set with the applicant's offset for format time, and shows the clock back", async () => {
    const { onChange } = renderForm(
      {
        formSchema: {
          type: 'object',
          properties: {
            at: { type: 'string', title: 'Time of the burning', format: 'time' },
            opens: { type: 'string', title: 'Opening time', format: 'iso-time' },
          },
        },
        uiSchema: {},
      },
      fakeApi({}),
      { at: '07:15:00+05:00' },
    );
    const at = (await screen.findByLabelText('Time of the burning')) as HTMLInputElement;
    expect(at.type).toBe('time');
    expect(at.value).toBe('07:15');
    const opens = screen.getByLabelText('Opening time') as HTMLInputElement;
    expect(opens.type).toBe('time');
    fireEvent.change(at, { target: { value: '10:30' } });
    fireEvent.change(opens, { target: { value: '08:00' } });
    const offset = offsetText(localOffsetMinutes());
    await waitFor(() => expect(lastData(onChange)).toEqual({ at: `10:30:00${offset}`, opens: '08:00:00' }));
    expect(at.value).toBe('10:30');
    fireEvent.change(at, { target: { value: '' } });
    await waitFor(() => expect(lastData(onChange)).toEqual({ opens: '08:00:00' }));
  });
});
