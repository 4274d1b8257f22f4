/**
 * What a summary of answers must never show a person (the confirm step, the read-only view, the
 * studio's tabs and the server's copy): an object written as `[object Object]`, a property's key
 * where its label belongs, or the stored code of a choice whose schema gives it a title.
 */
import type { SummaryEntry } from '../../engine/core/answer-summary';
import type { JsonSchema, UiSchema } from '../../engine/core/definition-types';
import { schemaAtPath, uiAtPath } from '../../engine/core/schema-walk';
import { isRecord } from '../../engine/core/value-path';

/** The form the entries summarise: its (localised) schema and uiSchema. */
export interface SummarisedForm {
  formSchema: JsonSchema;
  uiSchema: UiSchema;
}

/** The last name of a dotted path: the property's key. */
const keyOf = (field: string) => field.slice(field.lastIndexOf('.') + 1);

/**
 * The codes of a field's choices that the schema shows by another text: `oneOf`/`anyOf` consts with a
 * title, `enum` values with `ui:enumNames` / `ui:options.enumNames`, of the field or of its items.
 */
export function titledCodes(schema: JsonSchema | undefined, ui: Record<string, unknown> | undefined): Set<string> {
  const codes = new Set<string>();
  if (!schema) return codes;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options))
      for (const option of options)
        if (isRecord(option) && 'const' in option && typeof option.title === 'string')
          if (option.title !== String(option.const)) codes.add(String(option.const));
  }
  const names = ui?.['ui:enumNames'] ?? (isRecord(ui?.['ui:options']) ? ui['ui:options'].enumNames : undefined);
  if (Array.isArray(schema.enum) && Array.isArray(names))
    schema.enum.forEach((value, index) => {
      const name: unknown = names[index];
      if (typeof name === 'string' && name !== String(value)) codes.add(String(value));
    });
  if (isRecord(schema.items)) {
    const itemsUi = isRecord(ui?.items) ? ui.items : undefined;
    for (const code of titledCodes(schema.items, itemsUi)) codes.add(code);
    for (const code of titledCodes(schema.items, ui)) codes.add(code);
  }
  return codes;
}

/** The problems of one value shown for `field`: `[object`, or a code the schema titles. */
function valueProblems(form: SummarisedForm, field: string, value: string, where: string): string[] {
  const problems: string[] = [];
  if (value.includes('[object')) problems.push(`${where}: the value "${value}" holds [object`);
  if (field === '') return problems;
  const codes = titledCodes(schemaAtPath(form.formSchema, field), uiAtPath(form.uiSchema, field));
  const parts = new Set([value, ...value.split(', ')]);
  for (const code of codes)
    if (parts.has(code)) problems.push(`${where}: the value "${value}" is the code ${code}, which has a title`);
  return problems;
}

/** The problems of one label shown for `field`: `[object`, or the property's key itself. */
function labelProblems(field: string, label: string, where: string): string[] {
  const problems: string[] = [];
  if (label.includes('[object')) problems.push(`${where}: the label "${label}" holds [object`);
  if (field !== '' && label === keyOf(field)) problems.push(`${where}: the label is the property key "${label}"`);
  return problems;
}

/** Every problem of a summary's entries, at any depth, each naming where it is. */
export function summaryProblems(form: SummarisedForm, entries: readonly SummaryEntry[], where = ''): string[] {
  return entries.flatMap((entry): string[] => {
    const at = `${where}/${entry.field || '(choice)'}`;
    switch (entry.kind) {
      case 'answer':
        return [...labelProblems(entry.field, entry.label, at), ...valueProblems(form, entry.field, entry.value, at)];
      case 'section':
        return [...labelProblems(entry.field, entry.title, at), ...summaryProblems(form, entry.entries, at)];
      case 'table':
        return [
          ...labelProblems(entry.field, entry.title, at),
          ...entry.columns.flatMap((column, index) => labelProblems(entry.fields[index] ?? '', column, at)),
          ...entry.rows.flatMap((row, number) =>
            row.flatMap((cell, index) =>
              valueProblems(
                form,
                entry.fields[index] ?? '',
                cell,
                `${at}[${number}].${keyOf(entry.fields[index] ?? '')}`,
              ),
            ),
          ),
        ];
    }
  });
}
