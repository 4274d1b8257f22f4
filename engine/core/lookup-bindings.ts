import { fillPlaceholders } from './placeholders';
import type { ServiceDefinition, UiSchema } from './definition-types';
import { isRecord, valueAt } from './value-path';
import { widgetContract, type ServerCheck, type ValueDisplay } from './widget-contracts';
import type { CustomWidgetName } from './widget-names';

/**
 * The fields of a definition drawn by the engine's own widgets, read from `ui.json` with what their
 * contract (widget-contracts.ts) says about them: the portal fetches options with them, the server
 * checks their values (lookup ids, the caller's company, countries, word limits) and recomputes the
 * name fields from ids, the confirm summary shows names instead of ids.
 */

export interface ExtraOption {
  value: string | number;
  label: string;
}

export interface WidgetBinding {
  /** Form field (dotted path for nested objects). */
  field: string;
  widget: CustomWidgetName;
  /** What the server checks of the value (from the widget's contract). */
  check: ServerCheck;
  /** How the value is shown (from the widget's contract). */
  shows: ValueDisplay;
  /** API path, `{field}` placeholders filled from the form data (see `resolveSourcePath`). */
  source?: string;
  /** Sibling field that receives the chosen option's name. */
  nameField?: string;
  /** Option names dropped from the list. */
  exclude?: string[];
  /** Only the entries whose fields have these values are options (`{ "is_active": true }`). */
  only?: Record<string, unknown>;
  /** Options appended to the list; their label is the name written to `nameField`. */
  extraOptions?: ExtraOption[];
  /** company-picker: form field <- company field. */
  fill?: Record<string, string>;
  /** lookup-codes: the row fields holding the option's id and its code. */
  idField?: string;
  codeField?: string;
  /** word-limited-textarea: most words and characters. */
  maxWords?: number;
  maxChars?: number;
}

/** The former name, for the widgets whose options come from the API. */
export type LookupBinding = WidgetBinding;

function stringArray(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

function readBinding(field: string, widget: CustomWidgetName, options: Record<string, unknown>): WidgetBinding {
  const contract = widgetContract(widget);
  const binding: WidgetBinding = {
    field,
    widget,
    check: contract?.check ?? 'schema',
    shows: contract?.shows ?? 'value',
  };
  if (typeof options.source === 'string') binding.source = options.source;
  if (typeof options.nameField === 'string') binding.nameField = options.nameField;
  const exclude = stringArray(options.exclude);
  if (exclude) binding.exclude = exclude;
  if (isRecord(options.only)) binding.only = options.only;
  if (Array.isArray(options.extraOptions)) {
    binding.extraOptions = options.extraOptions
      .filter(isRecord)
      .filter((o) => (typeof o.value === 'string' || typeof o.value === 'number') && typeof o.label === 'string')
      .map((o) => ({ value: o.value as string | number, label: o.label as string }));
  }
  if (isRecord(options.fill)) {
    binding.fill = Object.fromEntries(
      Object.entries(options.fill).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  }
  if (typeof options.idField === 'string') binding.idField = options.idField;
  if (typeof options.codeField === 'string') binding.codeField = options.codeField;
  if (typeof options.maxWords === 'number') binding.maxWords = options.maxWords;
  if (typeof options.maxChars === 'number') binding.maxChars = options.maxChars;
  return binding;
}

/** Walks a uiSchema (nested objects give dotted fields) and collects the fields of the engine's widgets. */
export function bindingsOfUiSchema(uiSchema: UiSchema, prefix = ''): WidgetBinding[] {
  const result: WidgetBinding[] = [];
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key.startsWith('ui:') || !isRecord(value)) continue;
    const field = prefix ? `${prefix}.${key}` : key;
    const widget = value['ui:widget'];
    if (widgetContract(widget)) {
      const options = isRecord(value['ui:options']) ? value['ui:options'] : {};
      result.push(readBinding(field, widget as CustomWidgetName, options));
    }
    result.push(...bindingsOfUiSchema(value, field));
  }
  return result;
}

/** The fields of a definition drawn by the engine's widgets, in uiSchema order. */
export function lookupBindings(definition: Pick<ServiceDefinition, 'uiSchema'>): WidgetBinding[] {
  return bindingsOfUiSchema(definition.uiSchema);
}

/** A lone UTF-16 surrogate: half of a pair with its other half missing. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True unless `value` is a text holding a lone surrogate, which `encodeURIComponent` throws on. */
export function isWellFormed(value: unknown): boolean {
  return typeof value !== 'string' || !LONE_SURROGATE.test(value);
}

/**
 * Fills `{field}` placeholders of a source path from the form data (then from `context`, e.g.
 * `{clientId}`). Returns null while a placeholder has no value, so nothing is fetched yet.
 */
export function resolveSourcePath(
  source: string,
  formData: unknown,
  context: Record<string, unknown> = {},
): string | null {
  let missing = false;
  const path = fillPlaceholders(source, (name) => {
    const fromForm = valueAt(formData, name);
    const value = fromForm === undefined || fromForm === null || fromForm === '' ? context[name] : fromForm;
    // A text that is not well-formed Unicode (a lone surrogate) names no option and cannot be encoded.
    if (value === undefined || value === null || value === '' || typeof value === 'object' || !isWellFormed(value)) {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return missing ? null : path;
}

/**
 * True when an entry of a list is an option under a binding's `only` filter (every named field has
 * its value): the widget offers only these and the server refuses the others.
 */
export function isOfferedEntry(entry: Record<string, unknown>, only: unknown): boolean {
  if (!isRecord(only)) return true;
  return Object.entries(only).every(([name, value]) => entry[name] === value);
}
