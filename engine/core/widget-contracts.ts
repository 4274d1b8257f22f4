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

const source = { type: 'string', minLength: 1, description: 'API path of the list; {field} from the form.' };
const field = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' };
const names = { type: 'array', items: { type: 'string', minLength: 1 } };
const only = {
  type: 'object',
  minProperties: 1,
  additionalProperties: { type: ['string', 'number', 'boolean'] },
  description: 'Offer only the entries of the list whose fields have these values, e.g. {"is_active": true}.',
};

/** Options every widget may carry (RJSF's own). */
const COMMON_OPTIONS = {
  title: { type: 'string' },
  description: { type: 'string' },
  help: { type: 'string' },
  placeholder: { type: 'string' },
  label: { type: 'boolean' },
  inputType: { type: 'string' },
  rows: { type: 'integer', minimum: 1 },
  inline: { type: 'boolean' },
};

const optionsSchema = (properties: Record<string, unknown>, required: string[] = []): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties: { ...COMMON_OPTIONS, ...properties },
});

export const WIDGET_CONTRACTS: Readonly<Record<CustomWidgetName, WidgetContract>> = {
  lookup: {
    options: optionsSchema(
      {
        source,
        nameField: field,
        exclude: names,
        only,
        extraOptions: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['value', 'label'],
            properties: { value: { type: ['string', 'integer'] }, label: { type: 'string', minLength: 1 } },
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
    options: optionsSchema({ source, nameField: field, exclude: names }, ['source']),
    check: 'lookup-list',
    shows: 'lookup-names',
    fieldOptions: ['nameField'],
  },
  'company-picker': {
    options: optionsSchema({ fill: { type: 'object', additionalProperties: { type: 'string', minLength: 1 } } }),
    check: 'own-company',
    shows: 'lookup-name',
    fieldOptions: ['fill'],
  },
  'lookup-codes': {
    options: optionsSchema({ source, idField: field, codeField: field }, ['source', 'idField', 'codeField']),
    check: 'lookup-rows',
    shows: 'lookup-rows',
  },
  country: { options: optionsSchema({}), check: 'country', shows: 'value' },
  'free-items': { options: optionsSchema({}), check: 'schema', shows: 'value' },
  'yes-no': { options: optionsSchema({}), check: 'schema', shows: 'value' },
  'word-limited-textarea': {
    options: optionsSchema({ maxWords: { type: 'integer', minimum: 1 }, maxChars: { type: 'integer', minimum: 1 } }, [
      'maxWords',
    ]),
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
