/**
 * "lookup-codes": one text input per entry of a list loaded from `ui:options.source` (e.g. the kinds
 * of waste identification: Basel annex, OECD code, national codes...), for the code of that kind.
 * The value is the array of rows `{ [idField]: entry id, [codeField]: code }` for the codes typed;
 * the submit pipeline trims them and leaves blank ones out, and the server checks every id.
 */
import { memo, useCallback, useEffect, useMemo, type ChangeEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import type { WidgetProps } from '@rjsf/utils';
import { readFormContext } from '../form-context';
import { lookupOptions } from './lookup-widget';
import { useRemoteList } from './use-remote-list';
import { ListStatus, optionString } from './widget-helpers';
import { TextInput } from '../text-input';

type Row = Record<string, unknown>;

/** The rows of `value` with the code of `id` set to `code` (a row for every id that has a code). */
export function withCode(value: unknown, idField: string, codeField: string, id: string | number, code: string): Row[] {
  // Only rows naming an entry are kept: an empty row (a default RJSF may have added) is no code.
  const rows: Row[] = Array.isArray(value)
    ? value.filter(
        (row): row is Row =>
          row !== null && typeof row === 'object' && row[idField] !== undefined && row[idField] !== null,
      )
    : [];
  const others = rows.filter((row) => String(row[idField]) !== String(id));
  return code === '' ? others : [...others, { [idField]: id, [codeField]: code }];
}

function LookupCodesWidgetImpl(props: WidgetProps) {
  const { id, value, onChange, onBlur, label, hideLabel, disabled, readonly, rawErrors, options, registry, schema } =
    props;
  const context = readFormContext(registry.formContext);
  const source = optionString(options, 'source') ?? '';
  const idField = optionString(options, 'idField') ?? 'id';
  const codeField = optionString(options, 'codeField') ?? 'code';
  const list = useRemoteList(context.api, source || null);
  const entries = useMemo(() => lookupOptions(list.items, undefined, undefined), [list.items]);
  // The confirm step shows each code with the name of its entry.
  const { name } = props;
  useEffect(() => {
    if (entries.length === 0) return;
    context.rememberOptionNames?.(name, Object.fromEntries(entries.map((entry) => [String(entry.value), entry.label])));
  }, [entries, context, name]);
  const codes = useMemo(() => {
    const byId = new Map<string, string>();
    for (const row of Array.isArray(value) ? value : []) {
      if (row && typeof row === 'object') {
        const code = (row as Row)[codeField];
        byId.set(String((row as Row)[idField]), typeof code === 'string' ? code : '');
      }
    }
    return byId;
  }, [value, idField, codeField]);
  const itemSchema =
    schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items) ? schema.items : {};
  const codeSchema = (itemSchema as { properties?: Record<string, { maxLength?: number }> }).properties?.[codeField];
  const change = useCallback(
    (entryId: string | number) => (event: ChangeEvent<HTMLInputElement>) =>
      onChange(withCode(value, idField, codeField, entryId, event.target.value)),
    [onChange, value, idField, codeField],
  );
  const inactive = disabled || readonly;

  return (
    <FormControl component="fieldset" error={Boolean(rawErrors?.length)} disabled={inactive} fullWidth>
      {hideLabel ? null : <FormLabel component="legend">{label}</FormLabel>}
      <ListStatus
        loading={list.status === 'loading'}
        error={list.status === 'error' ? list.error : null}
        onRetry={list.retry}
      />
      <Stack spacing={1.5} sx={{ mt: 1 }} id={id}>
        {entries.map((entry, index) => (
          <TextInput
            key={String(entry.value)}
            id={`${id}-${index}`}
            label={entry.label}
            size="small"
            value={codes.get(String(entry.value)) ?? ''}
            onChange={change(entry.value as string | number)}
            onBlur={() => onBlur(id, value)}
            disabled={inactive}
            slotProps={{ htmlInput: { maxLength: codeSchema?.maxLength } }}
            fullWidth
          />
        ))}
      </Stack>
    </FormControl>
  );
}

export const LookupCodesWidget = memo(LookupCodesWidgetImpl);
