import type { ServiceDefinition, UiSchema } from './definition-types';
import { isRecord, valueAt } from './value-path';

/**
 * The fields of a definition whose options come from the API (lookup, company-picker,
 * items-checklist), read from `ui.json`. The portal fetches options with them; the server uses them
 * to recompute name fields from ids and to check a company belongs to the caller.
 */

export type BindingWidget = 'lookup' | 'company-picker' | 'items-checklist';

export interface ExtraOption {
  value: string | number;
  label: string;
}

export interface LookupBinding {
  /** Form field holding the id (dotted path for nested objects). */
  field: string;
  widget: BindingWidget;
  /** API path, `{field}` placeholders filled from the form data (see `resolveSourcePath`). */
  source?: string;
  /** Sibling field that receives the chosen option's name. */
  nameField?: string;
  /** Option names dropped from the list. */
  exclude?: string[];
  /** Options appended to the list; their label is the name written to `nameField`. */
  extraOptions?: ExtraOption[];
  /** company-picker: form field <- company field. */
  fill?: Record<string, string>;
}

const BINDING_WIDGETS: readonly string[] = ['lookup', 'company-picker', 'items-checklist'];

function stringArray(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

function readBinding(field: string, widget: BindingWidget, options: Record<string, unknown>): LookupBinding {
  const binding: LookupBinding = { field, widget };
  if (typeof options.source === 'string') binding.source = options.source;
  if (typeof options.nameField === 'string') binding.nameField = options.nameField;
  const exclude = stringArray(options.exclude);
  if (exclude) binding.exclude = exclude;
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
  return binding;
}

/** Walks a uiSchema (nested objects give dotted fields) and collects the API-bound widgets. */
export function bindingsOfUiSchema(uiSchema: UiSchema, prefix = ''): LookupBinding[] {
  const result: LookupBinding[] = [];
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key.startsWith('ui:') || !isRecord(value)) continue;
    const field = prefix ? `${prefix}.${key}` : key;
    const widget = value['ui:widget'];
    if (typeof widget === 'string' && BINDING_WIDGETS.includes(widget)) {
      const options = isRecord(value['ui:options']) ? value['ui:options'] : {};
      result.push(readBinding(field, widget as BindingWidget, options));
    }
    result.push(...bindingsOfUiSchema(value, field));
  }
  return result;
}

/** The API-bound fields of a definition, in uiSchema order. */
export function lookupBindings(definition: Pick<ServiceDefinition, 'uiSchema'>): LookupBinding[] {
  return bindingsOfUiSchema(definition.uiSchema);
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
  const path = source.replace(/\{([^{}]+)\}/g, (_match, name: string) => {
    const fromForm = valueAt(formData, name);
    const value = fromForm === undefined || fromForm === null || fromForm === '' ? context[name] : fromForm;
    if (value === undefined || value === null || value === '' || typeof value === 'object') {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return missing ? null : path;
}

/** Placeholder names of a source path, e.g. `['consumption_area_id']`. */
export function sourcePlaceholders(source: string): string[] {
  return [...source.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] ?? '').filter(Boolean);
}
