// @vitest-environment jsdom
/**
 * RJSF's common `ui:` options, as its documentation describes them, on the engine's templates and
 * widgets (the deferred text input, the progressive object, the rows of a list, the accessible radio
 * group): an analyst who writes them gets what RJSF promises.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderServiceForm } from './test-support';

afterEach(cleanup);

const text = (title: string) => ({ type: 'string', title, maxLength: 100 });

describe("RJSF's common ui options", () => {
  it('title, description, help, placeholder, label, input type, autocomplete, class names and order', async () => {
    const { container } = renderServiceForm(
      {
        type: 'object',
        properties: {
          first: text('First'),
          second: text('Second'),
          email: text('E-mail'),
          quiet: text('Quiet'),
        },
      },
      {
        'ui:order': ['second', '*'],
        first: { 'ui:title': 'Given name', 'ui:description': 'As in your passport', 'ui:help': 'Up to 100 letters' },
        second: { 'ui:placeholder': 'e.g. Uwase', 'ui:classNames': 'family-name' },
        email: { 'ui:inputType': 'email', 'ui:autocomplete': 'email' },
        quiet: { 'ui:label': false },
      },
    );
    const first = (await screen.findByLabelText('Given name')) as HTMLInputElement;
    // The progressive object renders its first fields at once and the others in a later task.
    await waitFor(() => expect(container.querySelector('#root_quiet')).toBeTruthy());
    expect(screen.getByText('As in your passport')).toBeTruthy();
    expect(screen.getByText('Up to 100 letters')).toBeTruthy();
    expect((screen.getByLabelText('Second') as HTMLInputElement).placeholder).toBe('e.g. Uwase');
    expect(container.querySelector('.family-name #root_second')).toBeTruthy();
    const email = screen.getByLabelText('E-mail') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(screen.queryByLabelText('Quiet')).toBeNull();
    expect(container.querySelector('#root_quiet')).toBeTruthy();
    // ui:order: 'second' comes first.
    const ids = [...container.querySelectorAll('input')].map((input) => input.id);
    expect(ids.indexOf('root_second')).toBeLessThan(ids.indexOf(first.id));
  });

  it('disabled, readonly, hidden and emptyValue', async () => {
    const { read } = renderServiceForm(
      {
        type: 'object',
        properties: { locked: text('Locked'), shown: text('Shown'), secret: text('Secret'), note: text('Note') },
      },
      {
        locked: { 'ui:disabled': true },
        shown: { 'ui:readonly': true },
        secret: { 'ui:widget': 'hidden' },
        note: { 'ui:emptyValue': '' },
      },
      { locked: 'a', shown: 'b', secret: 'c' },
    );
    expect(((await screen.findByLabelText('Locked')) as HTMLInputElement).disabled).toBe(true);
    const note = await screen.findByLabelText('Note');
    const shown = screen.getByLabelText('Shown') as HTMLInputElement;
    expect(shown.disabled || shown.readOnly).toBe(true);
    expect(screen.queryByLabelText('Secret')).toBeNull();
    fireEvent.change(note, { target: { value: 'x' } });
    fireEvent.blur(note);
    await waitFor(() => expect(read().note).toBe('x'));
    fireEvent.change(note, { target: { value: '' } });
    fireEvent.blur(note);
    await waitFor(() => expect(read().note).toBe(''));
    expect(read()).toMatchObject({ locked: 'a', shown: 'b', secret: 'c' });
  });

  it('enumDisabled and enumNames on a radio group, rows on a textarea', async () => {
    renderServiceForm(
      {
        type: 'object',
        properties: {
          size: { type: 'string', title: 'Size', enum: ['s', 'm', 'l'] },
          story: text('Story'),
        },
      },
      {
        size: { 'ui:widget': 'RadioWidget', 'ui:enumNames': ['Small', 'Medium', 'Large'], 'ui:enumDisabled': ['l'] },
        story: { 'ui:widget': 'textarea', 'ui:options': { rows: 7 } },
      },
    );
    expect(((await screen.findByRole('radio', { name: 'Large' })) as HTMLInputElement).disabled).toBe(true);
    expect(((await screen.findByRole('radio', { name: 'Small' })) as HTMLInputElement).disabled).toBe(false);
    expect((await screen.findByLabelText('Story')).getAttribute('rows')).toBe('7');
  });

  it('a rule between fields stays a rule, not an attribute of the input', async () => {
    renderServiceForm(
      {
        type: 'object',
        properties: {
          adults: { type: 'integer', title: 'Adults', minimum: 1, maximum: 50 },
          seats: { type: 'integer', title: 'Seats', minimum: { $data: '1/adults' }, maximum: 100 },
        },
      },
      {},
    );
    expect((await screen.findByLabelText('Adults')).getAttribute('min')).toBe('1');
    const seats = await screen.findByLabelText('Seats');
    expect(seats.hasAttribute('min')).toBe(false);
    expect(seats.getAttribute('max')).toBe('100');
  });

  it('addable, removable and orderable on a list of rows', async () => {
    const list = {
      type: 'array',
      title: 'Helpers',
      maxItems: 5,
      items: { type: 'object', properties: { name: text('Name') } },
    };
    const { read } = renderServiceForm(
      { type: 'object', properties: { fixed: { ...list, title: 'Fixed' }, ordered: { ...list, title: 'Ordered' } } },
      {
        fixed: { 'ui:options': { addable: false, removable: false } },
        ordered: { 'ui:options': { orderable: true } },
      },
      { fixed: [{ name: 'A' }], ordered: [{ name: 'B' }, { name: 'C' }] },
    );
    await screen.findByRole('group', { name: 'Fixed' });
    // Only the ordered list can take a row or lose one.
    expect(screen.getAllByRole('button', { name: 'Add row' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Delete last row' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Move row 2 up' }));
    await waitFor(() => expect(read().ordered).toEqual([{ name: 'C' }, { name: 'B' }]));
    expect(screen.queryByRole('button', { name: 'Move row 1 up' })).toBeNull();
  });
});
