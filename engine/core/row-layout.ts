/**
 * The rule of how a row of a list lays out its fields: side by side in one line, or stacked one under another.
 * A few fields fit one line; nine fields in one line leave each a sliver, their labels wrapped over
 * several lines. So a row of more than `ROW_FIELDS_IN_LINE` fields lines them up only where the row
 * itself is at least `WIDE_ROW_MIN_WIDTH` wide (a container query: the row's width, not the window's,
 * so a side panel or a dialog counts), and stacks them below. The list's `ui:options.stack` decides
 * instead: `true` always stacks, `false` always lines up. Below 600 px of window (a phone) every row
 * stacks, as the theme stacks an object's fields. The portal draws it (engine/react/row-layout.ts);
 * the ui schema describes the option with these numbers.
 */

/** The most fields a row lines up at any width unless its list says otherwise. */
export const ROW_FIELDS_IN_LINE = 4;

/** The least width of a row, in CSS pixels, at which a row of more fields lines them up. */
export const WIDE_ROW_MIN_WIDTH = 1200;

/**
 * - `line`: side by side (from 600 px of window up);
 * - `stacked`: one under another at every width;
 * - `line-when-wide`: side by side where the row is at least `WIDE_ROW_MIN_WIDTH` wide, stacked below.
 */
export type RowLayout = 'line' | 'stacked' | 'line-when-wide';

/** The layout of a row of `fields` fields, given the list's `ui:options.stack` (anything but a boolean: not set). */
export function rowLayout(stack: unknown, fields: number): RowLayout {
  if (stack === true) return 'stacked';
  if (stack === false) return 'line';
  return fields > ROW_FIELDS_IN_LINE ? 'line-when-wide' : 'line';
}

/**
 * The fields a row shows: the properties of its item schema (as RJSF resolved it for the row's
 * answers, conditional fields included) but the hidden ones.
 */
export function rowFieldCount(
  itemSchema: { properties?: unknown },
  itemUi: Record<string, unknown> | undefined,
): number {
  const properties = itemSchema.properties;
  if (typeof properties !== 'object' || properties === null) return 0;
  return Object.keys(properties).filter((name) => {
    const ui = itemUi?.[name];
    return !(typeof ui === 'object' && ui !== null && (ui as Record<string, unknown>)['ui:widget'] === 'hidden');
  }).length;
}
