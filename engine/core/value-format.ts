import type { JsonSchema } from './definition-types';
import { isRecord } from './value-path';

/** Formatting of form values for people: option titles instead of codes, Yes/No, lists. */

/** Shown for an empty value. */
export const EMPTY_VALUE = '-';

/** True for undefined, null, '' and empty arrays. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Title of `value` among the schema's `oneOf`/`anyOf` consts or `ui:enumNames` (a list in the order of
 * the enum, or a map from value to label), if declared.
 */
export function optionTitle(
  schema: JsonSchema | undefined,
  ui: Record<string, unknown> | undefined,
  value: unknown,
): string | undefined {
  if (!schema) return undefined;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    for (const option of list) {
      if (isRecord(option) && option.const === value && typeof option.title === 'string') return option.title;
    }
  }
  const names = ui?.['ui:enumNames'] ?? (isRecord(ui?.['ui:options']) ? ui['ui:options'].enumNames : undefined);
  if (!Array.isArray(schema.enum)) return undefined;
  const index = schema.enum.indexOf(value);
  if (index < 0) return undefined;
  // RJSF's two forms: labels in the order of the values, or a map from each value to its label.
  const name: unknown = Array.isArray(names) ? names[index] : isRecord(names) ? names[String(value)] : undefined;
  return typeof name === 'string' ? name : undefined;
}

/** The texts the formatters write themselves; the portal passes them in the interface language. */
export interface ValueTexts {
  yes: string;
  no: string;
  /** A count of chosen items whose names are unknown, e.g. "3 selected". */
  selected: (count: number) => string;
}

export const ENGLISH_VALUE_TEXTS: ValueTexts = { yes: 'Yes', no: 'No', selected: (count) => `${count} selected` };

/** 'Yes' / 'No' (or the given texts) for booleans and their usual encodings. */
export function yesNo(value: unknown, texts: Pick<ValueTexts, 'yes' | 'no'> = ENGLISH_VALUE_TEXTS): string {
  if (value === true || value === 1 || value === '1' || value === 'true' || value === 'yes' || value === 'Yes')
    return texts.yes;
  if (value === false || value === 0 || value === '0' || value === 'false' || value === 'no' || value === 'No')
    return texts.no;
  return isEmptyValue(value) ? EMPTY_VALUE : String(value);
}

/** One item of a list: an object's name/label/title, or the value itself. */
export function listItem(value: unknown): string {
  if (isRecord(value)) {
    for (const key of ['name', 'label', 'title'])
      if (typeof value[key] === 'string' || typeof value[key] === 'number') return String(value[key]);
    // An object of the applicant's own keys (additionalProperties): each key with its value.
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${listItem(inner)}`)
      .join('; ');
  }
  return String(value);
}

/** A date (ISO string or timestamp) as YYYY-MM-DD. */
export function formatDate(value: unknown): string {
  if (isEmptyValue(value)) return EMPTY_VALUE;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  const date = new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().slice(0, 10);
}

/** A number with thousands separators; non-numbers as they are. */
export function formatNumber(value: unknown): string {
  if (isEmptyValue(value)) return EMPTY_VALUE;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(n) : String(value);
}
