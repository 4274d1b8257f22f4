import { describe, expect, it } from 'vitest';
import { detailRows } from './view-rows';
import { testDefinition } from './test-definition';

describe('detailRows', () => {
  const definition = testDefinition();
  definition.view.rows = [
    { label: 'Kind', field: 'kind_name', fallback: ['kind.name'] },
    { label: 'Mode', field: 'mode' },
    { label: 'Done', field: 'done', format: 'yesno' },
    { label: 'When', field: 'when', format: 'date' },
    { label: 'Items', field: 'items', format: 'list' },
    { label: 'Weight', field: 'weight', format: 'number' },
    { label: 'Missing', field: 'nothing' },
  ];

  it('formats values and uses fallbacks and option titles', () => {
    const rows = detailRows(definition, {
      kind: { name: 'Bags' },
      mode: 'fast',
      done: 1,
      when: '2024-05-06T10:00:00.000Z',
      items: [{ id: 1, name: 'Cups' }, 'Lids'],
      weight: 1234.5,
    });
    expect(rows).toEqual([
      { label: 'Kind', value: 'Bags' },
      { label: 'Mode', value: 'Fast lane' },
      { label: 'Done', value: 'Yes' },
      { label: 'When', value: '2024-05-06' },
      { label: 'Items', value: 'Cups, Lids' },
      { label: 'Weight', value: '1,234.5' },
      { label: 'Missing', value: '-' },
    ]);
  });
  it('survives a missing record', () => {
    expect(detailRows(definition, null).every((r) => r.value === '-')).toBe(true);
  });
});
