/**
 * A row's layout (engine/core/row-layout.ts) as the `sx` of the box around its fields: the theme's
 * grid of an object's fields made one line, from 600 px of window up or where the row is wide.
 */
import { WIDE_ROW_MIN_WIDTH, type RowLayout } from '../core/row-layout';

/** The theme's grid of an object's fields, made one line: each field an equal share of it. */
const IN_LINE = {
  '& .MuiGrid-container': { flexWrap: 'nowrap', columnGap: 2 },
  '& .MuiGrid-container > .MuiGrid-root': { flex: '1 1 0', minWidth: 0, mb: 0 },
} as const;

/** One line from the theme's `sm` up (600 px of window): below, a phone stacks every row. */
const IN_LINE_FROM_SM = {
  '& .MuiGrid-container': { flexWrap: { sm: 'nowrap' }, columnGap: 2 },
  '& .MuiGrid-container > .MuiGrid-root': { flex: { sm: '1 1 0' }, minWidth: 0, mb: 0 },
} as const;

/** The `sx` of the box around a row's fields for a layout; the row's own box is the query's container. */
export function rowLayoutSx(layout: RowLayout): Record<string, unknown> {
  if (layout === 'stacked') return {};
  if (layout === 'line') return IN_LINE_FROM_SM;
  return { [`@container (min-width: ${WIDE_ROW_MIN_WIDTH}px)`]: IN_LINE };
}
