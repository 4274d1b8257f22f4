/** "yes-no": a Yes/No radio pair for booleans. */
import { memo } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useTranslation } from '../translation';
import { ChoiceGroup } from './choice-group';

function YesNoWidgetImpl(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, onChange, onBlur, onFocus, label, hideLabel, required, disabled, readonly, rawErrors } = props;
  return (
    <ChoiceGroup
      id={id}
      name={id}
      label={label}
      hideLabel={hideLabel}
      row
      options={[
        { value: 'yes', label: t('widget.yes') },
        { value: 'no', label: t('widget.no') },
      ]}
      optionId={(index) => `${id}-${index === 0 ? 'yes' : 'no'}`}
      value={value === true ? 'yes' : value === false ? 'no' : ''}
      onChange={(answer) => onChange(answer === 'yes')}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      required={required}
      error={Boolean(rawErrors?.length)}
      disabled={disabled || readonly}
      describedBy={ariaDescribedByIds(id)}
    />
  );
}

export const YesNoWidget = memo(YesNoWidgetImpl);
