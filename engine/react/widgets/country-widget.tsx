/**
 * "country": a select of world countries. The stored value is the English name (what the API
 * keeps); the label follows the interface language. Names come from `Intl.DisplayNames`, so no
 * translated country tables ship with the portal.
 */
import { memo, useCallback, useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { NativeSelect, type SelectOption } from './widget-helpers';

/** ISO 3166-1 alpha-2 codes of countries and territories. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

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
  const english = regionNames('en');
  const local = regionNames(language) ?? english;
  const options: SelectOption[] = [];
  for (const code of COUNTRY_CODES) {
    const value = english?.of(code);
    if (!value || value === code) continue;
    options.push({ value, label: local?.of(code) ?? value });
  }
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
