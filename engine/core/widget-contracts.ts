import type { JsonSchema } from './definition-types';
import type { CustomWidgetName } from './widget-names';

/**
 * What each of the engine's own widgets promises, read by everyone who handles its field: the
 * loader checks its `ui:options` against `options` (and that the fields they name exist), the server
 * checks the value the way `check` says instead of trusting the browser, and the confirm summary
 * and view show the value the way `shows` says. The React components live in engine/react/widgets;
 * a widget without a contract cannot be registered (the map is keyed by every custom widget name).
 */

/** How the server judges a widget's value before the form schema does. */
export type ServerCheck =
  /** An id of the `source` list (or one of `extraOptions`), not `exclude`d; its name goes to `nameField`. */
  | 'lookup'
  /** Ids of the `source` list; their names go to `nameField`. */
  | 'lookup-list'
  /** Rows whose `idField` is an id of the `source` list; each row gets the looked-up object too. */
  | 'lookup-rows'
  /** A company of the caller; `fill` copies its fields into the form. */
  | 'own-company'
  /** The English name of a country of the fixed list (engine/core/countries.ts). */
  | 'country'
  /** Text of at most `maxWords` words (and `maxChars` characters). */
  | 'word-limit'
  /** Nothing beyond the form schema. */
  | 'schema';

/** The checks that hold a value to a list (a lookup, the caller's companies): the list bounds it. */
export const LIST_CHECKS: ReadonlySet<ServerCheck> = new Set(['lookup', 'lookup-list', 'lookup-rows', 'own-company']);

/** How a value is shown in the confirm summary and the detail view. */
/** `lookup-rows`: rows `{ idField, codeField }` shown as `<name of the id>: <code>`. */
export type ValueDisplay = 'lookup-name' | 'lookup-names' | 'lookup-rows' | 'value';

export interface WidgetContract {
  /** JSON Schema of the widget's `ui:options`. */
  options: JsonSchema;
  check: ServerCheck;
  shows: ValueDisplay;
  /** Options whose value names a sibling form field (e.g. `nameField`), or a map keyed by fields (`fill`). */
  fieldOptions?: string[];
}

const source = {
  type: 'string',
  minLength: 1,
  description:
    'API path of the list, e.g. "quantity-measures"; {field} is replaced by that answer of the form ("districts/{province_id}"), and the list is read again when it changes.',
};
const field = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' };
const names = { type: 'array', items: { type: 'string', minLength: 1 } };
const nameField = {
  ...field,
  description:
    "A sibling field of the form (usually hidden) that receives the chosen entry's name, which rules and the view read; the server recomputes it from the id.",
};
const exclude = { ...names, description: 'Names of entries of the list not offered (compared in English).' };
const only = {
  type: 'object',
  minProperties: 1,
  additionalProperties: {
    type: ['string', 'number', 'boolean'],
    description: 'The value the field of an entry (named by the key) must have for the entry to be offered.',
  },
  description: 'Offer only the entries of the list whose fields have these values, e.g. {"is_active": true}.',
};

/** Options every widget may carry (RJSF's own). */
const COMMON_OPTIONS = {
  title: { type: 'string', description: "The field's label, instead of the schema's title (as ui:title)." },
  description: { type: 'string', description: 'A description above the field (as ui:description).' },
  help: { type: 'string', description: 'A line of help below the field (as ui:help).' },
  placeholder: { type: 'string', description: 'Text shown in the empty field (as ui:placeholder).' },
  label: { type: 'boolean', description: "false hides the field's label (as ui:label)." },
  inputType: { type: 'string', description: 'The type of the HTML input, e.g. "tel" (as ui:inputType).' },
  rows: { type: 'integer', minimum: 1, description: 'Height of a text area, in lines.' },
  inline: { type: 'boolean', description: 'Choices side by side instead of one under another.' },
};

/** The schema of a widget's `ui:options`: RJSF's common options and the widget's own. */
const optionsSchema = (
  description: string,
  properties: Record<string, unknown>,
  required: string[] = [],
): JsonSchema => ({
  type: 'object',
  description,
  additionalProperties: false,
  required,
  properties: { ...COMMON_OPTIONS, ...properties },
});

export const WIDGET_CONTRACTS: Readonly<Record<CustomWidgetName, WidgetContract>> = {
  lookup: {
    options: optionsSchema(
      "Options of lookup: a select of the entries of an API list, whose value is the chosen entry's id (the server checks that the list offers it).",
      {
        source,
        nameField,
        exclude,
        only,
        extraOptions: {
          type: 'array',
          description: 'Choices of your own, offered after the entries of the list.',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['value', 'label'],
            properties: {
              value: { type: ['string', 'integer'], description: 'The value the field takes when it is chosen.' },
              label: { type: 'string', minLength: 1, description: 'The text shown for it (translated).' },
            },
          },
        },
      },
      ['source'],
    ),
    check: 'lookup',
    shows: 'lookup-name',
    fieldOptions: ['nameField'],
  },
  'items-checklist': {
    options: optionsSchema(
      'Options of items-checklist: checkboxes of the entries of an API list, whose value is the list of the chosen ids (emptied when the source changes).',
      {
        source,
        nameField: {
          ...field,
          description:
            "A sibling list field of the form that receives the chosen entries' names; the server recomputes them from the ids.",
        },
        exclude,
      },
      ['source'],
    ),
    check: 'lookup-list',
    shows: 'lookup-names',
    fieldOptions: ['nameField'],
  },
  'company-picker': {
    options: optionsSchema(
      "Options of company-picker: a select of the signed-in client's companies, whose value is the chosen company's id (the server refuses another client's company).",
      {
        fill: {
          type: 'object',
          additionalProperties: {
            type: 'string',
            minLength: 1,
            description: 'The field of the company copied into the form field named by the key.',
          },
          description:
            'Fields of the form filled from the chosen company: { "<form field>": "<company field>" }, e.g. { "company_name": "name", "tin": "tin" }. The server fills them again from the stored company.',
        },
      },
    ),
    check: 'own-company',
    shows: 'lookup-name',
    fieldOptions: ['fill'],
  },
  'lookup-codes': {
    options: optionsSchema(
      'Options of lookup-codes: one code input per entry of an API list, whose value is the rows of the codes typed (the server checks every id).',
      {
        source,
        idField: { ...field, description: "The key of a row that holds the list entry's id." },
        codeField: { ...field, description: 'The key of a row that holds the code typed for that entry.' },
      },
      ['source', 'idField', 'codeField'],
    ),
    check: 'lookup-rows',
    shows: 'lookup-rows',
  },
  country: {
    options: optionsSchema(
      "Options of country: a select of the fixed list of countries, whose value is the country's English name.",
      {},
    ),
    check: 'country',
    shows: 'value',
  },
  'free-items': {
    options: optionsSchema(
      'Options of free-items: names the applicant types one by one, whose value is the list of them (trimmed; an empty or repeated name is refused).',
      {},
    ),
    check: 'schema',
    shows: 'value',
  },
  'yes-no': {
    options: optionsSchema('Options of yes-no: Yes and No as two choices, whose value is a boolean.', {}),
    check: 'schema',
    shows: 'value',
  },
  'word-limited-textarea': {
    options: optionsSchema(
      'Options of word-limited-textarea: a text area with a counter of the words left.',
      {
        maxWords: {
          type: 'integer',
          minimum: 1,
          description:
            'The most words the text may hold: a counter shows the words left, and typing past it is ignored.',
        },
        maxChars: { type: 'integer', minimum: 1, description: 'The most characters the text may hold.' },
      },
      ['maxWords'],
    ),
    check: 'word-limit',
    shows: 'value',
  },
};

/** The contract of a widget name, or undefined for RJSF's built-ins (their values the schema judges). */
export function widgetContract(name: unknown): WidgetContract | undefined {
  return typeof name === 'string' && Object.hasOwn(WIDGET_CONTRACTS, name)
    ? WIDGET_CONTRACTS[name as CustomWidgetName]
    : undefined;
}
