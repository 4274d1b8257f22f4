import { describe, expect, it } from 'vitest';
import { answeredRows, answeredViewRows, detailRows, detailTables } from './view-rows';
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
  it('reads times and moments with their zone, by the row format or else the field schema format', () => {
    const timed = testDefinition();
    timed.formSchema = {
      type: 'object',
      properties: {
        at: { type: 'string', format: 'time' },
        opens: { type: 'string', format: 'iso-time' },
        starts: { type: 'string', format: 'date-time' },
        on: { type: 'string', format: 'date' },
      },
    };
    timed.view.rows = [
      { label: 'At', field: 'at' },
      { label: 'Opens', field: 'opens' },
      { label: 'Starts', field: 'starts' },
      { label: 'On', field: 'on' },
      { label: 'Written', field: 'written', format: 'time' },
    ];
    const record = {
      at: '10:30:00+02:00',
      opens: '08:00:00',
      starts: '2026-06-01T08:30:00.000Z',
      on: '2026-06-01',
      written: '17:45:00Z',
    };
    expect(detailRows(timed, record).map((row) => row.value)).toEqual([
      '10:30 (UTC+02:00)',
      '08:00',
      '2026-06-01 08:30 (UTC)',
      '2026-06-01',
      '17:45 (UTC)',
    ]);
  });
  it('survives a missing record', () => {
    expect(detailRows(definition, null).every((r) => r.value === '-')).toBe(true);
  });
  it('keeps only the answered rows for the read-only view', () => {
    const rows = detailRows(definition, { mode: 'fast', done: 0, weight: 0 });
    expect(answeredRows(rows)).toEqual([
      { label: 'Mode', value: 'Fast lane' },
      { label: 'Done', value: 'No' },
      { label: 'Weight', value: '0' },
    ]);
    expect(answeredRows(detailRows(definition, null))).toEqual([]);
  });
  it('reads a row from another record of the application, and leaves out the answers a later one supersedes', () => {
    const later = testDefinition();
    later.view.rows = [
      { label: 'Done', field: 'done', format: 'yesno', supersededBy: { record: 'follow_up', field: 'who' } },
      { label: 'Mode', field: 'mode' },
      { label: 'Who', field: 'who', record: 'follow_up' },
      { label: 'Mode', field: 'mode', record: 'follow_up' },
    ];
    const submitted = { [later.view.record]: { done: false, mode: 'fast' } };
    // Before the later record: the first answers, and nothing of it.
    expect(answeredViewRows(later, { ...submitted, follow_up: null }, undefined)).toEqual([
      { label: 'Done', value: 'No' },
      { label: 'Mode', value: 'Fast lane' },
    ]);
    // After: what it holds, as written (the form's option titles describe the view's record only).
    expect(answeredViewRows(later, { ...submitted, follow_up: { who: 'Ada', mode: 'slow' } }, undefined)).toEqual([
      { label: 'Mode', value: 'Fast lane' },
      { label: 'Who', value: 'Ada' },
      { label: 'Mode', value: 'slow' },
    ]);
  });
});

describe('detailTables', () => {
  const definition = testDefinition();
  definition.formSchema = {
    type: 'object',
    properties: {
      states: {
        type: 'array',
        maxItems: 5,
        items: {
          type: 'object',
          properties: {
            from: { type: 'string', maxLength: 50 },
            ok: {
              type: 'boolean',
              oneOf: [
                { const: true, title: 'Cleared' },
                { const: false, title: 'Held' },
              ],
            },
          },
        },
      },
    },
  };
  definition.view.tables = [
    {
      title: 'Transit',
      record: 'transit',
      field: 'states',
      columns: [
        { label: 'From', field: 'from' },
        { label: 'Cleared', field: 'ok', format: 'yesno' },
      ],
    },
    { title: 'Codes', field: 'codes', columns: [{ label: 'Name', field: 'kind.name' }] },
  ];

  it('reads each list from its record and formats the columns', () => {
    const tables = detailTables(definition, {
      sample: { codes: [{ kind: { name: 'Annex VIII' } }, {}] },
      transit: { states: [{ from: 'Kenya', ok: true }, { from: 'Uganda' }] },
    });
    expect(tables).toEqual([
      {
        title: 'Transit',
        columns: ['From', 'Cleared'],
        rows: [
          ['Kenya', 'Cleared'],
          ['Uganda', '-'],
        ],
      },
      { title: 'Codes', columns: ['Name'], rows: [['Annex VIII'], ['-']] },
    ]);
  });

  it('has no rows when nothing was saved', () => {
    expect(detailTables(definition, { sample: null }).map((table) => table.rows)).toEqual([[], []]);
  });
});
