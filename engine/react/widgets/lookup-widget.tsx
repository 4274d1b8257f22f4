/**
 * "lookup": a select filled from an API GET.
 *
 * ui:options: `source` (API path, `{field}` replaced with that form value), `nameField` (sibling
 * field that receives the chosen option's name), `exclude` (names dropped), `only` (entries whose
 * fields have these values, e.g. the active sectors), `extraOptions`
 * (`[{ value, label, name? }]` appended; `name`, when given, is written to the name field instead of
 * the shown label). When a templated source changes (another area chosen), the
 * choice and its name are cleared since they belong to the old list.
 *
 * An entry's `label`, when the API gives one, is its name in the caller's language: shown, while
 * the English `name` is what the name field receives and the rules compare.
 */
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { isOfferedEntry, resolveSourcePath } from '../../core/lookup-bindings';
import { readFormContext, useFormSelector } from '../form-context';
import { useRemoteList, type RemoteRecord } from './use-remote-list';
import { NativeSelect, coerceToSchema, optionString, type SelectOption } from './widget-helpers';

/**
 * Builds the option list from `[{id, name, label?}]`, keeping the entries `only` allows, dropping
 * `exclude` names (English) and appending `extraOptions`. An entry's translated `label` is shown and
 * its `name` kept for the name field.
 */
export function lookupOptions(
  items: RemoteRecord[],
  exclude: unknown,
  extraOptions: unknown,
  only?: unknown,
): SelectOption[] {
  const dropped = new Set(Array.isArray(exclude) ? exclude.map((name) => String(name).toLowerCase()) : []);
  const options: SelectOption[] = [];
  for (const item of items) {
    if (!isOfferedEntry(item, only)) continue;
    const value = item.id;
    if (typeof value !== 'number' && typeof value !== 'string') continue;
    const name = typeof item.name === 'string' ? item.name : String(value);
    if (dropped.has(name.toLowerCase())) continue;
    const label = typeof item.label === 'string' && item.label !== '' ? item.label : name;
    options.push(label === name ? { value, label } : { value, label, name });
  }
  if (Array.isArray(extraOptions)) {
    for (const extra of extraOptions) {
      if (extra === null || typeof extra !== 'object') continue;
      const { value, label, name } = extra as { value?: unknown; label?: unknown; name?: unknown };
      if (typeof value !== 'number' && typeof value !== 'string' && typeof value !== 'boolean') continue;
      const option: SelectOption = { value, label: typeof label === 'string' ? label : String(value) };
      // A translated label keeps its English `name` (see localizeDefinition): rules and the server read that one.
      if (typeof name === 'string') option.name = name;
      options.push(option);
    }
  }
  return options;
}

/**
 * Clears the widget's value (and its name field) when its resolved source path changes after the
 * first render; the first render keeps saved data intact (view and returned-edit modes).
 */
export function useClearOnSourceChange(path: string | null, clear: () => void): void {
  const previous = useRef(path);
  useEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    clear();
  }, [path, clear]);
}

function LookupWidgetImpl(props: WidgetProps) {
  const {
    id,
    value,
    onChange,
    onBlur,
    onFocus,
    label,
    hideLabel,
    required,
    disabled,
    readonly,
    rawErrors,
    options,
    registry,
    schema,
  } = props;
  const context = readFormContext(registry.formContext);
  const source = optionString(options, 'source') ?? '';
  const nameField = optionString(options, 'nameField');
  const select = useCallback((data: Record<string, unknown>) => resolveSourcePath(source, data), [source]);
  const path = useFormSelector(context.store, select);
  const list = useRemoteList(context.api, path);
  const choices = useMemo(
    () => lookupOptions(list.items, options.exclude, options.extraOptions, options.only),
    [list.items, options.exclude, options.extraOptions, options.only],
  );

  const valueRef = useRef(value);
  valueRef.current = value;
  const clear = useCallback(() => {
    if (valueRef.current === undefined || valueRef.current === null || valueRef.current === '') return;
    onChange(undefined);
    if (nameField) context.setFields({ [nameField]: undefined });
  }, [onChange, nameField, context]);
  useClearOnSourceChange(path, clear);

  const handleSelect = useCallback(
    (option: SelectOption | undefined) => {
      onChange(coerceToSchema(option?.value, schema));
      if (nameField) context.setFields({ [nameField]: option ? (option.name ?? option.label) : undefined });
    },
    [onChange, nameField, context, schema],
  );

  return (
    <NativeSelect
      id={id}
      label={hideLabel ? '' : label}
      value={value}
      options={choices}
      required={required}
      disabled={disabled || readonly || path === null}
      hasError={Boolean(rawErrors?.length)}
      loading={list.status === 'loading'}
      loadError={list.status === 'error' ? list.error : null}
      onRetry={list.retry}
      onSelect={handleSelect}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

export const LookupWidget = memo(LookupWidgetImpl);
