import type { ServiceDefinition, ViewRow } from './definition-types';
import { definedProperties } from './schema-walk';
import {
  ENGLISH_VALUE_TEXTS,
  EMPTY_VALUE,
  formatDate,
  formatNumber,
  isEmptyValue,
  listItem,
  optionTitle,
  yesNo,
  type ValueTexts,
} from './value-format';
import { isRecord, valueAt } from './value-path';

/**
 * View model of the application view's detail table: one `{ label, value }` per `view.rows` entry
 * of the definition, read from the service record (`application[view.record]`).
 */

export interface DetailRow {
  label: string;
  value: string;
}

/** The first non-empty value among the row's field and its fallbacks. */
export function rowValue(row: ViewRow, record: unknown): unknown {
  for (const path of [row.field, ...(row.fallback ?? [])]) {
    const value = valueAt(record, path);
    if (!isEmptyValue(value)) return value;
  }
  return undefined;
}

/**
 * Detail rows of a record. Text values that are codes of an enum-like form field (oneOf consts,
 * `ui:enumNames`) are shown by their titles; formats: date (YYYY-MM-DD), yesno, list, number.
 * Empty values read '-'. `texts` gives Yes/No in the interface language.
 */
export function detailRows(
  definition: Pick<ServiceDefinition, 'view' | 'formSchema' | 'uiSchema'>,
  record: unknown,
  texts: Pick<ValueTexts, 'yes' | 'no'> = ENGLISH_VALUE_TEXTS,
): DetailRow[] {
  const properties = definedProperties(definition.formSchema);
  return definition.view.rows.map((row) => {
    const value = rowValue(row, record);
    const ui = definition.uiSchema[row.field];
    let text: string;
    if (isEmptyValue(value)) text = EMPTY_VALUE;
    else {
      switch (row.format) {
        case 'date':
          text = formatDate(value);
          break;
        case 'yesno':
          text =
            optionTitle(
              properties.get(row.field),
              isRecord(ui) ? ui : undefined,
              value === 1 ? true : value === 0 ? false : value,
            ) ?? yesNo(value, texts);
          break;
        case 'list':
          text = Array.isArray(value) ? value.map(listItem).join(', ') : listItem(value);
          break;
        case 'number':
          text = formatNumber(value);
          break;
        default:
          text =
            optionTitle(properties.get(row.field), isRecord(ui) ? ui : undefined, value) ??
            (Array.isArray(value) ? value.map(listItem).join(', ') : listItem(value));
      }
    }
    return { label: row.label, value: text };
  });
}
