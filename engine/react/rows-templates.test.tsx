// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JsonSchema } from '../core/definition-types';
import { renderServiceForm } from './test-support';

afterEach(cleanup);

const coordinates: JsonSchema = {
  type: 'object',
  properties: {
    coordinates: {
      type: 'array',
      title: 'Coordinates',
      items: [
        { type: 'number', title: 'Latitude', minimum: -90, maximum: 90 },
        { type: 'number', title: 'Longitude', minimum: -180, maximum: 180 },
      ],
      additionalItems: false,
      minItems: 2,
      maxItems: 2,
    },
  },
};

const helpers: JsonSchema = {
  type: 'object',
  required: ['helpers'],
  properties: {
    helpers: {
      type: 'array',
      title: 'Helpers',
      minItems: 2,
      maxItems: 4,
      items: { type: 'object', properties: { name: { type: 'string', title: 'Name of the helper', maxLength: 50 } } },
    },
  },
};

describe('a tuple (items as a list)', () => {
  it('asks each place as a question under its own title, with no rows to add or delete', async () => {
    const { read } = renderServiceForm(coordinates);
    const latitude = await screen.findByLabelText(/^Latitude/);
    expect(screen.getByLabelText(/^Longitude/)).toBeTruthy();
    expect(screen.queryByText('Row 1')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add row' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete last row' })).toBeNull();
    fireEvent.change(latitude, { target: { value: '-1.95' } });
    fireEvent.change(screen.getByLabelText(/^Longitude/), { target: { value: '30.06' } });
    await waitFor(() => expect(read()).toEqual({ coordinates: [-1.95, 30.06] }));
  });

  it('keeps what the applicant typed in its places when another answer switches a condition', async () => {
    const schema: JsonSchema = {
      ...structuredClone(coordinates),
      allOf: [
        {
          if: { properties: { fixed: { const: true } }, required: ['fixed'] },
          then: { properties: { address: { type: 'string', title: 'Address', maxLength: 50 } } },
        },
      ],
    };
    (schema.properties as Record<string, unknown>).fixed = { type: 'boolean', title: 'Fixed site' };
    const { read } = renderServiceForm(schema);
    fireEvent.change(await screen.findByLabelText(/^Latitude/), { target: { value: '-1.95' } });
    fireEvent.change(screen.getByLabelText(/^Longitude/), { target: { value: '30.06' } });
    await waitFor(() => expect(read()).toMatchObject({ coordinates: [-1.95, 30.06] }));
    fireEvent.click(screen.getByLabelText('Fixed site'));
    await screen.findByLabelText('Address');
    await waitFor(() => expect(read()).toMatchObject({ fixed: true, coordinates: [-1.95, 30.06] }));
    expect((screen.getByLabelText(/^Latitude/) as HTMLInputElement).value).toBe('-1.95');
  });

  it('adds rows after its places when additionalItems takes more', async () => {
    const schema = structuredClone(coordinates);
    const list = (schema.properties as Record<string, Record<string, unknown>>).coordinates!;
    Object.assign(list, { additionalItems: { type: 'string', title: 'Note', maxLength: 20 }, maxItems: 3 });
    renderServiceForm(schema);
    await screen.findByLabelText(/^Latitude/);
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    const row = await screen.findByRole('group', { name: 'Row 3' });
    expect(within(row).getByRole('textbox')).toBeTruthy();
  });
});

describe('a required list with minItems', () => {
  it('shows the rows minItems asks for from the start, and never deletes below them', async () => {
    const { read } = renderServiceForm(helpers);
    await screen.findByRole('group', { name: 'Row 2' });
    expect(screen.queryByRole('group', { name: 'Row 3' })).toBeNull();
    await waitFor(() => expect(read()).toEqual({ helpers: [{}, {}] }));
    expect(screen.queryByRole('button', { name: 'Delete last row' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    await screen.findByRole('group', { name: 'Row 3' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete last row' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Row 3' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Delete last row' })).toBeNull();
  });

  it('starts an optional list empty: it may be left unanswered', async () => {
    const { read } = renderServiceForm({ ...helpers, required: [] });
    await screen.findByRole('button', { name: 'Add row' });
    expect(screen.queryByRole('group', { name: 'Row 1' })).toBeNull();
    expect(read()).toEqual({});
  });

  it('keeps the rows an answer already has', async () => {
    const { read } = renderServiceForm(helpers, {}, { helpers: [{ name: 'Ann' }, { name: 'Bo' }, { name: 'Cy' }] });
    await screen.findByRole('group', { name: 'Row 3' });
    expect(read()).toEqual({ helpers: [{ name: 'Ann' }, { name: 'Bo' }, { name: 'Cy' }] });
  });
});

describe('a list that schema dependencies show', () => {
  it('keeps its rows while the answers it depends on change', async () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { quantity: { type: 'number', title: 'Quantity', maximum: 100 } },
      dependencies: {
        quantity: {
          properties: {
            notes: {
              type: 'array',
              title: 'Notes',
              maxItems: 3,
              items: { type: 'object', properties: { text: { type: 'string', title: 'Note', maxLength: 20 } } },
            },
          },
        },
      },
    };
    const { read } = renderServiceForm(schema);
    fireEvent.change(await screen.findByLabelText(/^Quantity/), { target: { value: '5' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add row' }));
    fireEvent.change(await screen.findByLabelText('Note'), { target: { value: 'measured' } });
    await waitFor(() => expect(read()).toEqual({ quantity: 5, notes: [{ text: 'measured' }] }));
    fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '6' } });
    await waitFor(() => expect(read()).toEqual({ quantity: 6, notes: [{ text: 'measured' }] }));
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('measured');
  });
});

/** A list of rows of `count` short text fields, with the list's own `ui:options`. */
function rowsOf(count: number): JsonSchema {
  const properties = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`f${i + 1}`, { type: 'string', title: `Field ${i + 1}`, maxLength: 20 }]),
  );
  return {
    type: 'object',
    properties: {
      lines: { type: 'array', title: 'Lines', maxItems: 3, default: [{}], items: { type: 'object', properties } },
    },
  };
}

describe("a row's layout", () => {
  const layoutOfRow = async () => (await screen.findByRole('group', { name: 'Row 1' })).getAttribute('data-row-layout');

  it('lines up a row of four fields', async () => {
    renderServiceForm(rowsOf(4));
    expect(await layoutOfRow()).toBe('line');
  });

  it('stacks a row of nine fields below the width the guide names, as a query on the row itself', async () => {
    renderServiceForm(rowsOf(9));
    expect(await layoutOfRow()).toBe('line-when-wide');
    // The rule reaches the page's styles: a container query on the row's width.
    const styles = Array.from(document.querySelectorAll('style'), (style) => style.textContent ?? '').join('');
    expect(styles.replace(/\s/g, '')).toContain('@container(min-width:1200px)');
  });

  it("follows the list's stack option: true stacks a short row, false lines up a long one", async () => {
    renderServiceForm(rowsOf(2), { lines: { 'ui:options': { stack: true } } });
    expect(await layoutOfRow()).toBe('stacked');
    cleanup();
    renderServiceForm(rowsOf(9), { lines: { 'ui:options': { stack: false } } });
    expect(await layoutOfRow()).toBe('line');
  });

  it('counts only the fields a row shows', async () => {
    renderServiceForm(rowsOf(6), {
      lines: { items: { f5: { 'ui:widget': 'hidden' }, f6: { 'ui:widget': 'hidden' } } },
    });
    expect(await layoutOfRow()).toBe('line');
  });
});
