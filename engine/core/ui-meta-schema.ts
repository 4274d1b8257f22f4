/**
 * The JSON Schema of a service's `ui.json` (and of the ui fragments it includes), made from the
 * widget names and the widget contracts, so an editor offers the widgets and each widget's options,
 * and flags an unknown widget or option; `services:check` judges a ui file by this same schema
 * (ui-shape-check.ts), so both take the same forms. `schemas/ui.schema.json` is this
 * schema, written by `npm run services:schemas`; a test keeps the file equal to what this makes.
 */
import type { JsonSchema } from './definition-types';
import { ROW_FIELDS_IN_LINE, WIDE_ROW_MIN_WIDTH } from './row-layout';
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
  'ui:options': {
    type: 'object',
    description: "The widget's options (see each widget's contract), or the field's (RJSF's and the ones below).",
    properties: {
      stack: {
        type: 'boolean',
        description: `Of a list of rows: true stacks the fields of each row one under another, false lines them up side by side (from 600 px of window up). Unset, a row of up to ${ROW_FIELDS_IN_LINE} fields lines them up, and a longer row lines them up only where the row is at least ${WIDE_ROW_MIN_WIDTH} px wide.`,
      },
    },
  },
  'ui:order': {
    type: 'array',
    items: { type: 'string' },
    description: "The fields' order; '*' stands for the rest.",
  },
  'ui:placeholder': { type: 'string', description: 'Text shown in an empty field.' },
  'ui:help': { type: 'string', description: 'A line of help below the field.' },
  'ui:title': { type: 'string', description: "The field's label, instead of the schema's title." },
  'ui:description': { type: 'string', description: 'A description above the field.' },
  // RJSF 6 reads both forms (its optionsList): by place in the enum, or by value.
  'ui:enumNames': {
    type: ['array', 'object'],
    items: { type: 'string' },
    additionalProperties: { type: 'string', description: 'The label of the value named by the key.' },
    description:
      'Labels of an enum: a list in the order of its values (["Local sale", "Export"]), or a map from each value to its label ({"L": "Local sale", "E": "Export"}).',
  },
  'ui:enumDisabled': {
    type: 'array',
    items: { type: ['string', 'number', 'boolean'] },
    description: 'Values of an enum offered but not choosable.',
  },
  'ui:enumOrder': {
    type: 'array',
    items: { type: ['string', 'number', 'boolean'] },
    description: "The order of an enum's values; '*' stands for the rest.",
  },
  'ui:globalOptions': { type: 'object', description: 'Options for every field below this one.' },
};

/** The schema of a ui file: a node of field names and `ui:` keys, with includes. */
export function uiMetaSchema(): JsonSchema {
  const widgetOptions = CUSTOM_WIDGETS.map((widget) => {
    const { options } = WIDGET_CONTRACTS[widget];
    // A widget with options it cannot do without needs `ui:options` itself.
    const needsOptions = Array.isArray(options.required) && options.required.length > 0;
    return {
      if: { properties: { 'ui:widget': { const: widget } }, required: ['ui:widget'] },
      then: { properties: { 'ui:options': options }, ...(needsOptions ? { required: ['ui:options'] } : {}) },
    };
  });
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
          // RJSF reads `items` as a list for a tuple (a schema whose `items` is a list): one layout per
          // place, in order; an object lays out every row (and every place of a tuple).
          items: {
            description:
              "A list's rows: the layout of each row, or, for a list of fixed places (a schema with `items` as a list), a list of layouts, one per place.",
            type: ['object', 'array'],
            if: { type: 'array' },
            then: { items: { $ref: '#/definitions/node' } },
            else: { $ref: '#/definitions/node' },
          },
          additionalItems: {
            $ref: '#/definitions/node',
            description: "The rows after a tuple's places (the schema's `additionalItems`).",
          },
          anyOf: {
            type: 'array',
            items: { $ref: '#/definitions/node' },
            description: "One layout per option of the schema's `anyOf`, in order (`ui:title` names the option).",
          },
          oneOf: {
            type: 'array',
            items: { $ref: '#/definitions/node' },
            description: "One layout per option of the schema's `oneOf`, in order (`ui:title` names the option).",
          },
          'ui:definitions': {
            type: 'object',
            additionalProperties: {
              $ref: '#/definitions/node',
              description: 'The layout of the schema part named by the key.',
            },
            description:
              'Layouts of the parts of the schema named by `$ref`, keyed by the full reference (`#/definitions/address`).',
          },
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
