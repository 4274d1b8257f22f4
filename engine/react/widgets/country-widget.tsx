/**
 * "country": a select of the world's countries (engine/core/countries.ts). The stored value is the
 * English name of that fixed list (what the API keeps and checks); the label follows the interface
 * language through `Intl.DisplayNames`, so no translated country tables ship with the portal.
 */
import { memo, useCallback, useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from '../translation';
import { COUNTRIES } from '../../core/countries';
import { NativeSelect, type SelectOption } from './widget-helpers';

const byLanguage = new Map<string, SelectOption[]>();

function regionNames(language: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    return null;
  }
}

/** Countries as options: value = English name, label = name in `language`, sorted by label. */
export function countryOptions(language: string): SelectOption[] {
  const known = byLanguage.get(language);
  if (known) return known;
  const local = regionNames(language);
  const options: SelectOption[] = COUNTRIES.map(([code, name]) => {
    const label = local?.of(code);
    return { value: name, label: label && label !== code ? label : name };
  });
  options.sort((a, b) => a.label.localeCompare(b.label, language));
  byLanguage.set(language, options);
  return options;
}

function CountryWidgetImpl(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, label, hideLabel, required, disabled, readonly, rawErrors } = props;
  const { i18n } = useTranslation();
  const language = i18n.language || 'en';
  const options = useMemo(() => {
    const list = countryOptions(language);
    // A saved name that is not in the list (older data) stays visible instead of showing empty.
    return typeof value === 'string' && value && !list.some((option) => option.value === value)
      ? [{ value, label: value }, ...list]
      : list;
  }, [language, value]);
  const handleSelect = useCallback((option: SelectOption | undefined) => onChange(option?.value), [onChange]);
  return (
    <NativeSelect
      id={id}
      label={hideLabel ? '' : label}
      value={value}
      options={options}
      required={required}
      disabled={disabled || readonly}
      hasError={Boolean(rawErrors?.length)}
      onSelect={handleSelect}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

export const CountryWidget = memo(CountryWidgetImpl);
