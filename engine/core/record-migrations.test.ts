import { describe, expect, it } from 'vitest';
import { migrateRecords, pointerSegments } from './record-migrations';

describe('migrateRecords', () => {
  const stored = {
    permit: { qty: 5, unit: 'Kg', rows: [{ code: 'A', w: 1 }, { code: 'B' }], note: 'x', 'a/b': 1 },
    other: { qty: 1 },
  };

  it('moves, removes, adds and maps values of the records it names, leaving others and the input alone', () => {
    const migrated = migrateRecords(stored, {
      records: {
        permit: [
          { op: 'move', from: '/qty', path: '/quantity' },
          { op: 'remove', path: '/note' },
          { op: 'add', path: '/origin', value: 'unknown' },
          { op: 'map', path: '/unit', values: { Kg: 'kg' } },
          { op: 'remove', path: '/a~1b' },
        ],
      },
    });
    expect(migrated.permit).toEqual({ quantity: 5, unit: 'kg', origin: 'unknown', rows: stored.permit.rows });
    expect(migrated.other).toEqual({ qty: 1 });
    expect(stored.permit.qty).toBe(5);
  });

  it('renames a column in every row of a list through *', () => {
    const migrated = migrateRecords(stored, {
      records: { permit: [{ op: 'move', from: '/rows/*/w', path: '/rows/*/weight' }] },
    });
    expect((migrated.permit as { rows: unknown[] }).rows).toEqual([{ code: 'A', weight: 1 }, { code: 'B' }]);
  });

  it('does nothing for values a record does not hold, and keeps a value an add would overwrite', () => {
    const migrated = migrateRecords(stored, {
      records: {
        permit: [
          { op: 'move', from: '/missing', path: '/elsewhere' },
          { op: 'remove', path: '/nested/missing' },
          { op: 'map', path: '/absent', values: { a: 'b' } },
          { op: 'add', path: '/unit', value: 'tonnes' },
        ],
        absent: [{ op: 'remove', path: '/qty' }],
      },
    });
    expect(migrated.permit).toEqual(stored.permit);
    expect(migrated).not.toHaveProperty('absent');
  });

  it('maps values keyed by their JSON text, so numbers and booleans can be mapped too', () => {
    const migrated = migrateRecords(
      { r: { level: 2, flag: true } },
      {
        records: {
          r: [
            { op: 'map', path: '/level', values: { '2': 'medium' } },
            { op: 'map', path: '/flag', values: { true: 'yes' } },
          ],
        },
      },
    );
    expect(migrated.r).toEqual({ level: 'medium', flag: 'yes' });
  });
});

describe('pointerSegments', () => {
  it('unescapes ~1 and ~0', () => {
    expect(pointerSegments('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    expect(pointerSegments('')).toEqual([]);
  });
});
