import type { ServiceDefinition } from './definition-types';
import { bindingsOfUiSchema, type LookupBinding } from './lookup-bindings';
import { ENGLISH_VALUE_TEXTS, isEmptyValue, listItem, optionTitle, yesNo, type ValueTexts } from './value-format';
import { isRecord } from './value-path';
import { visibleProperties, type SchemaMatcher } from './schema-walk';

/**
 * The step-3 summary ("Confirm Detail"): the visible, filled fields of the form in display order,
 * labelled by their titles and valued by option titles and lookup names instead of ids.
 */

export interface SummaryRow {
  field: string;
  label: string;
  value: string;
}

export interface ConfirmSummaryOptions {
  /** Evaluates the `if` conditions that decide which branch's fields are shown. */
  matches: SchemaMatcher;
  /** Names of fetched options per field (field -> id -> name), e.g. the items checklist's. */
  lookupNames?: Record<string, Record<string, string>>;
  /** Yes/No and "n selected" in the interface language (English by default). */
  texts?: ValueTexts;
}

/** Orders names by `ui:order` (with `*` standing for every unlisted name, appended when absent). */
export function applyUiOrder(names: readonly string[], order: unknown): string[] {
  if (!Array.isArray(order)) return [...names];
  const listed = order.filter((n): n is string => typeof n === 'string');
  const rest = names.filter((n) => !listed.includes(n));
  const result: string[] = [];
  for (const entry of listed) {
    if (entry === '*') result.push(...rest);
    else if (names.includes(entry)) result.push(entry);
  }
  if (!listed.includes('*')) result.push(...rest);
  return result;
}

function humanize(field: string): string {
  const text = field.replace(/_id$/, '').replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function bindingValue(
  binding: LookupBinding,
  value: unknown,
  data: Record<string, unknown>,
  names: Record<string, string> | undefined,
  texts: ValueTexts,
): string {
  const nameOf = (id: unknown): string | undefined =>
    names?.[String(id)] ?? binding.extraOptions?.find((o) => o.value === id)?.label;
  if (binding.shows === 'lookup-rows') {
    const idField = binding.idField ?? 'id';
    const codeField = binding.codeField ?? 'code';
    return (Array.isArray(value) ? value : [])
      .filter(isRecord)
      .filter((row) => !isEmptyValue(row[codeField]))
      .map((row) => `${nameOf(row[idField]) ?? String(row[idField])}: ${String(row[codeField]).trim()}`)
      .join('; ');
  }
  if (binding.shows === 'lookup-names') {
    const ids = Array.isArray(value) ? value : [value];
    const resolved = ids.map(nameOf);
    if (resolved.every((n): n is string => n !== undefined)) return resolved.join(', ');
    return texts.selected(ids.length);
  }
  // An extra option's label is shown as written in the (possibly translated) definition; the stored
  // name field keeps the English name the rules read.
  const extra = binding.extraOptions?.find((o) => o.value === value);
  if (extra) return extra.label;
  const nameField =
    binding.nameField ?? Object.entries(binding.fill ?? {}).find(([, source]) => source === 'name')?.[0];
  const stored = nameField ? data[nameField] : undefined;
  if (!isEmptyValue(stored)) return String(stored);
  return nameOf(value) ?? String(value);
}

/**
 * Rows of a list of objects (transit states): each row's filled values joined by ' / ', rows by '; ';
 * blank rows (the empty rows a form shows to begin with) are left out.
 */
function rowsText(rows: readonly unknown[]): string {
  return rows
    .map((row) =>
      isRecord(row)
        ? Object.values(row)
            .filter((v) => !isEmptyValue(v) && !isRecord(v))
            .map(listItem)
            .join(' / ')
        : listItem(row),
    )
    .filter((text) => text !== '')
    .join('; ');
}

/** Summary rows of the visible, filled fields (hidden widgets and lookup name fields left out). */
export function confirmSummary(
  definition: Pick<ServiceDefinition, 'formSchema' | 'uiSchema'>,
  formData: Record<string, unknown>,
  options: ConfirmSummaryOptions,
): SummaryRow[] {
  const { uiSchema } = definition;
  const texts = options.texts ?? ENGLISH_VALUE_TEXTS;
  const visible = visibleProperties(definition.formSchema, formData, options.matches);
  const bindings = new Map(bindingsOfUiSchema(uiSchema).map((b) => [b.field, b]));
  const nameFields = new Set([...bindings.values()].map((b) => b.nameField).filter((n): n is string => !!n));
  const rows: SummaryRow[] = [];
  for (const field of applyUiOrder([...visible.keys()], uiSchema['ui:order'])) {
    const schema = visible.get(field) ?? {};
    const ui = isRecord(uiSchema[field]) ? uiSchema[field] : {};
    const value = formData[field];
    if (isEmptyValue(value) || nameFields.has(field) || ui['ui:widget'] === 'hidden') continue;
    const uiOptions = isRecord(ui['ui:options']) ? ui['ui:options'] : {};
    const titled = ui['ui:title'] ?? uiOptions.title ?? schema.title;
    const label = typeof titled === 'string' ? titled : humanize(field);
    const binding = bindings.get(field);
    let text: string;
    if (binding && binding.shows !== 'value')
      text = bindingValue(binding, value, formData, options.lookupNames?.[field], texts);
    else if (typeof value === 'boolean') text = optionTitle(schema, ui, value) ?? yesNo(value, texts);
    else if (Array.isArray(value) && value.some(isRecord)) text = rowsText(value);
    else if (Array.isArray(value))
      text = value
        .map((v) => optionTitle(isRecord(schema.items) ? schema.items : undefined, undefined, v) ?? listItem(v))
        .join(', ');
    else text = optionTitle(schema, ui, value) ?? listItem(value);
    if (text === '') continue;
    rows.push({ field, label, value: text });
  }
  return rows;
}
