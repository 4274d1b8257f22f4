/**
 * The checks of one form's schema and ui files: the schema compiles and is an object, ui keys and
 * `ui:order` name properties, widgets are known and their options fit their contracts, every text and
 * list is bounded, rules read existing fields.
 */
import { withoutFormat, type FileReader } from './definition-includes';
import { pointerOf, type Report } from './definition-problems';
import type { FormFiles, JsonSchema, UiSchema } from './definition-types';
import { compileSchema } from './form-validator';
import { unboundedFields } from './input-bounds';
import { unsupportedKeywords } from './schema-keywords-check';
import { crossFieldProblems } from './cross-field-rules';
import { bindingsOfUiSchema } from './lookup-bindings';
import { CONTEXT_REFERENCES } from './payload-mapping';
import { definedProperties, ruleFields } from './schema-walk';
import { isKnownField, isKnownWidget, RJSF_FIELDS, withEngineWidgetNames } from './widget-names';
import { isRecord, valueAt } from './value-path';
import { LIST_CHECKS, WIDGET_CONTRACTS } from './widget-contracts';
import { uiShapeProblems } from './ui-shape-check';
import { rowOptionProblems } from './row-options-check';
import { placeholdersOf } from './placeholders';

/** RJSF's options that render a text as markdown: refused, the portal shows texts as written. */
const MARKDOWN_OPTIONS = new Set(['enableMarkdownInDescription', 'enableMarkdownInHelp']);

/** A form's schema and ui files, read, with what the checks after them need. */
export interface FormFilesRead {
  formSchema: JsonSchema;
  uiSchema: UiSchema;
  properties: ReturnType<typeof definedProperties>;
  /** True when a (dotted) field's first segment is a property of the form. */
  has: (field: string) => boolean;
  notAProperty: (name: string) => string;
}

/**
 * Checks a form's schema and ui files (with their includes): the schema compiles and is an object,
 * ui keys and `ui:order` name properties, widgets are known and their options fit, every text and
 * list is bounded, rules read existing fields. Null when a file is missing.
 */
export function readFormFiles(
  read: FileReader,
  form: FormFiles,
  at: (...s: Array<string | number>) => string,
  fail: Report,
) {
  const schemaEntry = read(form.schema, at('form', 'schema'));
  const uiEntry = read(form.ui, at('form', 'ui'));
  if (!schemaEntry || !uiEntry) return null;
  const [schemaFile, formSchema] = schemaEntry as [string, JsonSchema];
  const [uiFile, uiAsWritten] = uiEntry as [string, UiSchema];
  const uiSchema = withEngineWidgetNames(withoutFormat(uiAsWritten)) as UiSchema;
  const schemaName = schemaFile.slice(schemaFile.lastIndexOf('/') + 1);

  try {
    compileSchema(formSchema);
  } catch (error) {
    fail(schemaFile, '', `schema does not compile: ${(error as Error).message}`);
  }
  if (formSchema.type !== 'object') fail(schemaFile, '/type', "the form schema must be of type 'object'");
  for (const problem of unsupportedKeywords(formSchema)) fail(schemaFile, problem.pointer, problem.message);
  for (const problem of crossFieldProblems(formSchema)) fail(schemaFile, problem.pointer, problem.message);

  const properties = definedProperties(formSchema);
  const has = (field: string): boolean => properties.has(field.split('.')[0] ?? field);
  const notAProperty = (name: string) => `'${name}' is not a property of ${schemaName}`;

  // ui.json: keys name properties, widgets are known, ui:order names properties, no markdown.
  const checkUi = (ui: Record<string, unknown>, path: Array<string | number>): void => {
    for (const [key, value] of Object.entries(ui)) {
      if (key === 'ui:widget' && !isKnownWidget(value))
        fail(uiFile, pointerOf(...path, key), `unknown widget '${String(value)}'`);
      // RJSF would draw an unknown field as 'Unsupported field': refused, not shipped.
      if (key === 'ui:field' && !isKnownField(value))
        fail(
          uiFile,
          pointerOf(...path, key),
          `unknown field '${String(value)}': RJSF's fields are ${RJSF_FIELDS.join(', ')}`,
        );
      // A service's texts are plain: the catalogues translate them whole, and no markup of a
      // definition reaches the page (markdown can carry links and raw HTML).
      if (MARKDOWN_OPTIONS.has(key.replace(/^ui:/, '')) && value !== false)
        fail(uiFile, pointerOf(...path, key), `${key}: markdown is not supported, texts show as written`);
      if ((key === 'ui:options' || key === 'ui:globalOptions' || key === 'ui:definitions') && isRecord(value))
        checkUi(value, [...path, key]);
      if (isRecord(value) && !key.startsWith('ui:')) checkUi(value, [...path, key]);
      // A tuple's places (`items` as a list) and the options of an `anyOf`/`oneOf`: one layout each.
      if (Array.isArray(value) && !key.startsWith('ui:'))
        value.forEach((entry, i) => {
          if (isRecord(entry)) checkUi(entry, [...path, key, i]);
        });
    }
  };
  // The file's shape, as the ui schema an editor uses judges it: keys, their values, widgets' options.
  for (const problem of uiShapeProblems(uiAsWritten)) fail(uiFile, problem.pointer, problem.message);
  for (const key of Object.keys(uiSchema)) {
    if (!key.startsWith('ui:') && !properties.has(key)) fail(uiFile, pointerOf(key), notAProperty(key));
  }
  checkUi(uiSchema, []);
  for (const problem of rowOptionProblems(formSchema, uiSchema)) fail(uiFile, problem.pointer, problem.message);
  const order = uiSchema['ui:order'];
  if (Array.isArray(order)) {
    order.forEach((name, i) => {
      if (name !== '*' && (typeof name !== 'string' || !properties.has(name)))
        fail(uiFile, pointerOf('ui:order', i), notAProperty(String(name)));
    });
  }

  // The engine's widgets: their options fit the widget's contract and name fields of the form.
  for (const binding of bindingsOfUiSchema(uiSchema)) {
    const path = binding.field.split('.');
    const contract = WIDGET_CONTRACTS[binding.widget];
    const ui = valueAt(uiSchema, binding.field) as Record<string, unknown>;
    // The options' shape is the ui schema's (above); here, that the fields they name exist.
    const options = isRecord(ui['ui:options']) ? ui['ui:options'] : {};
    for (const name of contract.fieldOptions ?? []) {
      const value = options[name];
      const targets =
        typeof value === 'string'
          ? [[value, pointerOf(name)]]
          : isRecord(value)
            ? Object.keys(value).map((k) => [k, pointerOf(name, k)])
            : [];
      for (const [target, pointer] of targets) {
        if (target && !has(target)) fail(uiFile, pointerOf(...path, 'ui:options') + pointer, notAProperty(target));
      }
    }
    for (const name of placeholdersOf(binding.source ?? '')) {
      if (!has(name) && !(CONTEXT_REFERENCES as readonly string[]).includes(name))
        fail(
          uiFile,
          pointerOf(...path, 'ui:options', 'source'),
          `placeholder {${name}} is not a property of ${schemaName}`,
        );
    }
  }

  // Every text, list, number and date the form accepts is bounded; what a lookup offers is bounded by its list.
  const chosenFromLists = bindingsOfUiSchema(uiSchema)
    .filter((binding) => LIST_CHECKS.has(binding.check))
    .map((binding) => binding.field);
  for (const field of unboundedFields(formSchema, chosenFromLists)) fail(schemaFile, field.pointer, field.message);

  // Rules read existing fields.
  for (const ref of ruleFields(formSchema)) {
    if (!properties.has(ref.field))
      fail(schemaFile, ref.pointer, `rule reads '${ref.field}', which is not a property of the form`);
  }
  const result: FormFilesRead = { formSchema, uiSchema, properties, has, notAProperty };
  return result;
}
