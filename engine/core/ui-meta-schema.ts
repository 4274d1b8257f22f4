/**
 * The JSON Schema of a service's `ui.json` (and of the ui fragments it includes), made from the
 * widget names and the widget contracts, so an editor offers the widgets and each widget's options,
 * and flags an unknown widget or option, as `services:check` does. `schemas/ui.schema.json` is this
 * schema, written by `npm run services:schemas`; a test keeps the file equal to what this makes.
 */
import type { JsonSchema } from './definition-types';
import { WIDGET_CONTRACTS } from './widget-contracts';
import { CUSTOM_WIDGETS, RJSF_FIELDS, RJSF_WIDGET_CLASSES, WIDGET_NAMES } from './widget-names';

/** Where the schema is written, relative to the repository, and the `$schema` a ui file names. */
export const UI_SCHEMA_FILE = 'schemas/ui.schema.json';

/** RJSF's ui keys a service uses, with what they do. Other `ui:` keys of RJSF are let through. */
const UI_KEYS: Record<string, JsonSchema> = {
  'ui:widget': {
    enum: [...WIDGET_NAMES, ...Object.keys(RJSF_WIDGET_CLASSES)],
    description: "The field's widget: the engine's own or RJSF's (by its short name or its registry name).",
  },
  'ui:field': {
    enum: [...RJSF_FIELDS],
    description: "One of RJSF's fields, drawing the value instead of the default.",
  },
  'ui:options': { type: 'object', description: "The widget's options (see each widget's contract)." },
  'ui:order': {
    type: 'array',
    items: { type: 'string' },
    description: "The fields' order; '*' stands for the rest.",
  },
  'ui:placeholder': { type: 'string', description: 'Text shown in an empty field.' },
  'ui:help': { type: 'string', description: 'A line of help below the field.' },
  'ui:title': { type: 'string', description: "The field's label, instead of the schema's title." },
  'ui:description': { type: 'string', description: 'A description above the field.' },
  'ui:enumNames': { type: 'array', items: { type: 'string' }, description: 'Labels of an enum, in order.' },
  'ui:globalOptions': { type: 'object', description: 'Options for every field below this one.' },
};

/** The schema of a ui file: a node of field names and `ui:` keys, with includes. */
export function uiMetaSchema(): JsonSchema {
  const widgetOptions = CUSTOM_WIDGETS.map((widget) => ({
    if: { properties: { 'ui:widget': { const: widget } }, required: ['ui:widget'] },
    then: { properties: { 'ui:options': WIDGET_CONTRACTS[widget].options } },
  }));
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://ecopermit.local/schemas/ui.schema.json',
    title: 'EcoPermit form layout (ui.json)',
    description:
      "How a service's form is drawn (react-jsonschema-form's uiSchema): for each field of schema.json, its widget and options; `ui:order` orders the fields. `$ref` names a shared ui file whose content is laid under the keys beside it.",
    definitions: {
      node: {
        type: 'object',
        description:
          "The layout of one field of the form, or of the whole form: `ui:` keys for the field itself, and the layout of each field below it under that field's name.",
        properties: {
          $schema: { type: 'string', description: 'This schema, for editors.' },
          $comment: { type: 'string', description: 'A note for the authors; never shown.' },
          $ref: {
            type: 'string',
            pattern: '\\.json$',
            description: 'Include: a ui file (relative to this one) laid under the keys beside it.',
          },
          ...UI_KEYS,
          items: { $ref: '#/definitions/node', description: "A list's rows." },
        },
        patternProperties: {
          '^ui:': {
            description: "Any other of RJSF's ui keys (ui:disabled, ui:readonly, ...), let through as written.",
          },
        },
        // Any other key is a field of the form.
        additionalProperties: {
          $ref: '#/definitions/node',
          description: "A field of the form, by its name in the schema: that field's layout.",
        },
        allOf: widgetOptions,
      },
    },
    // Not a `$ref` beside the keywords above: draft-07 ignores a `$ref`'s siblings.
    allOf: [{ $ref: '#/definitions/node' }],
  };
}
