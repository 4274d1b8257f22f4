/**
 * RJSF's radio widget (`ui:widget: radio`, and booleans RJSF shows as radios) as a named group: the
 * question is the legend of a fieldset (see choice-group.tsx) instead of a label pointing at a div.
 * Values travel as RJSF encodes enum options, so any option type (strings, numbers) round-trips.
 */
import { memo } from 'react';
import {
  ariaDescribedByIds,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  optionId,
  type WidgetProps,
} from '@rjsf/utils';
import { ChoiceGroup } from './choice-group';

function RadioWidgetImpl(props: WidgetProps) {
  const { id, htmlName, options, value, required, disabled, readonly, label, hideLabel, rawErrors } = props;
  const { onChange, onBlur, onFocus } = props;
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (encoded: string) => enumOptionValueDecoder(encoded, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, '');
  return (
    <ChoiceGroup
      id={id}
      name={htmlName || id}
      label={label}
      hideLabel={hideLabel}
      row={Boolean(options.inline)}
      options={enumOptions.map((option, index) => ({
        value: String(enumOptionValueEncoder(option.value, index, format)),
        label: option.label,
        disabled: Array.isArray(enumDisabled) && enumDisabled.includes(option.value),
      }))}
      optionId={(index) => optionId(id, index)}
      value={typeof selected === 'string' ? selected : String(selected ?? '')}
      onChange={(encoded) => onChange(decode(encoded))}
      onBlur={(event) => onBlur(id, decode(event.target.value))}
      onFocus={(event) => onFocus(id, decode(event.target.value))}
      required={required}
      error={Boolean(rawErrors?.length)}
      disabled={disabled || readonly}
      describedBy={ariaDescribedByIds(id)}
    />
  );
}

export const RadioWidget = memo(RadioWidgetImpl);
