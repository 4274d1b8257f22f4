/**
 * "items-checklist": a checkbox list of `[{id, name}]` loaded from `ui:options.source` (templated
 * like lookup: `{field}` is the current value of that field). The value is the array of chosen ids;
 * it is emptied when the source changes, since the ids belong to the old list. `nameField`, like
 * lookup's, names a sibling array field that receives the chosen items' names (the server recomputes
 * them from the ids), so the record reads well without the list at hand.
 */
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useTranslation } from '../translation';
import { resolveSourcePath } from '../../core/lookup-bindings';
import { readFormContext, useFormSelector } from '../form-context';
import { useClearOnSourceChange, lookupOptions } from './lookup-widget';
import { useRemoteList } from './use-remote-list';
import { coerceToSchema, optionString, ListStatus } from './widget-helpers';

function itemSchema(schema: RJSFSchema): RJSFSchema {
  const items = schema.items;
  return items && typeof items === 'object' && !Array.isArray(items) ? (items as RJSFSchema) : {};
}

function ItemsChecklistWidgetImpl(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, onChange, label, hideLabel, required, disabled, readonly, rawErrors, options, registry, schema } =
    props;
  const context = readFormContext(registry.formContext);
  const source = optionString(options, 'source') ?? '';
  const select = useCallback((data: Record<string, unknown>) => resolveSourcePath(source, data), [source]);
  const path = useFormSelector(context.store, select);
  const list = useRemoteList(context.api, path);
  const choices = useMemo(() => lookupOptions(list.items, options.exclude, undefined), [list.items, options.exclude]);
  const chosen: unknown[] = useMemo(() => (Array.isArray(value) ? value : []), [value]);

  const { name } = props;
  useEffect(() => {
    if (choices.length === 0) return;
    context.rememberOptionNames?.(
      name,
      Object.fromEntries(choices.map((option) => [String(option.value), option.label])),
    );
  }, [choices, context, name]);

  const chosenRef = useRef(chosen);
  chosenRef.current = chosen;
  const nameField = optionString(options, 'nameField');
  const clear = useCallback(() => {
    if (chosenRef.current.length > 0) onChange([]);
    if (nameField) context.setFields({ [nameField]: undefined });
  }, [onChange, nameField, context]);
  useClearOnSourceChange(path, clear);

  const toggle = (optionValue: unknown, checked: boolean) => {
    const typed = coerceToSchema(optionValue, itemSchema(schema));
    const others = chosen.filter((item) => String(item) !== String(optionValue));
    const next = checked ? [...others, typed] : others;
    onChange(next);
    if (nameField) {
      // The English names, as the server recomputes them, whatever language the labels are in.
      const names = next.map((item) => {
        const option = choices.find((choice) => String(choice.value) === String(item));
        return option && (option.name ?? option.label);
      });
      context.setFields({ [nameField]: names.filter((n): n is string => typeof n === 'string') });
    }
  };
  const inactive = disabled || readonly;

  return (
    <FormControl
      component="fieldset"
      required={required}
      error={Boolean(rawErrors?.length)}
      disabled={inactive}
      fullWidth
    >
      {hideLabel ? null : <FormLabel component="legend">{label}</FormLabel>}
      {path === null ? <FormHelperText>{t('widget.chooseSourceFirst')}</FormHelperText> : null}
      <ListStatus
        loading={list.status === 'loading'}
        error={list.status === 'error' ? list.error : null}
        onRetry={list.retry}
      />
      {list.status === 'ready' && choices.length === 0 ? <FormHelperText>{t('widget.noItems')}</FormHelperText> : null}
      <FormGroup id={id}>
        {choices.map((option, index) => (
          <FormControlLabel
            key={String(option.value)}
            label={option.label}
            control={
              <Checkbox
                id={`${id}-${index}`}
                checked={chosen.some((item) => String(item) === String(option.value))}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

export const ItemsChecklistWidget = memo(ItemsChecklistWidgetImpl);
