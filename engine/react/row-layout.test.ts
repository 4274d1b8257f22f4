import { describe, expect, it } from 'vitest';
import { WIDE_ROW_MIN_WIDTH } from '../core/row-layout';
import { rowLayoutSx } from './row-layout';

describe('rowLayoutSx', () => {
  it('queries the width of the row itself for a long row, and nothing for a stacked one', () => {
    expect(Object.keys(rowLayoutSx('line-when-wide'))).toEqual([`@container (min-width: ${WIDE_ROW_MIN_WIDTH}px)`]);
    expect(rowLayoutSx('stacked')).toEqual({});
    expect(rowLayoutSx('line')).toHaveProperty('& .MuiGrid-container');
  });
});
