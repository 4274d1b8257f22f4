/**
 * "company-picker": a select of the signed-in client's companies (GET companies/{clientId}).
 * ui:options `fill: { <formField>: <companyField> }` copies fields of the chosen company into the
 * form, e.g. `{ "company_name": "name", "tin": "tin" }`; choosing nothing clears them.
 */
import { memo, useCallback, useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { readFormContext } from '../form-context';
import { useRemoteList } from './use-remote-list';
import { useOptionalBackend } from '../backend-context';
import { NativeSelect, coerceToSchema, type SelectOption } from './widget-helpers';

function readFill(fill: unknown): Array<[string, string]> {
  if (fill === null || typeof fill !== 'object') return [];
  return Object.entries(fill as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
}

function CompanyPickerWidgetImpl(props: WidgetProps) {
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
  // Where the client's companies are is the backend's to say; a form outside the wizard has none.
  const backend = useOptionalBackend();
  const list = useRemoteList(context.api, backend ? backend.sources.companies(context.clientId) : null);
  const choices = useMemo<SelectOption[]>(
    () =>
      list.items
        .filter((company) => typeof company.id === 'number' || typeof company.id === 'string')
        .map((company) => ({ value: company.id as number | string, label: String(company.name ?? company.id) })),
    [list.items],
  );
  const fill = useMemo(() => readFill(options.fill), [options.fill]);

  const handleSelect = useCallback(
    (option: SelectOption | undefined) => {
      onChange(coerceToSchema(option?.value, schema));
      if (fill.length === 0) return;
      const company = option ? list.items.find((item) => String(item.id) === String(option.value)) : undefined;
      const patch: Record<string, unknown> = {};
      for (const [formField, companyField] of fill) {
        const copied = company?.[companyField];
        patch[formField] = copied === null || copied === '' ? undefined : copied;
      }
      context.setFields(patch);
    },
    [onChange, schema, fill, list.items, context],
  );

  return (
    <NativeSelect
      id={id}
      label={hideLabel ? '' : label}
      value={value}
      options={choices}
      required={required}
      disabled={disabled || readonly}
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

export const CompanyPickerWidget = memo(CompanyPickerWidgetImpl);
