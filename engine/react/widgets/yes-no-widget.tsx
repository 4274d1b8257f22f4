/** "yes-no": a Yes/No radio pair for booleans. */
import { memo } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from '../translation';

function YesNoWidgetImpl(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, onChange, onBlur, onFocus, label, hideLabel, required, disabled, readonly, rawErrors } = props;
  const current = value === true ? 'yes' : value === false ? 'no' : '';
  const labelId = `${id}__label`;
  return (
    <FormControl
      component="fieldset"
      required={required}
      error={Boolean(rawErrors?.length)}
      disabled={disabled || readonly}
    >
      {hideLabel ? null : (
        <FormLabel component="legend" id={labelId}>
          {label}
        </FormLabel>
      )}
      <RadioGroup
        row
        id={id}
        name={id}
        aria-labelledby={hideLabel ? undefined : labelId}
        value={current}
        onChange={(event) => onChange(event.target.value === 'yes')}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      >
        <FormControlLabel value="yes" control={<Radio id={`${id}-yes`} />} label={t('widget.yes')} />
        <FormControlLabel value="no" control={<Radio id={`${id}-no`} />} label={t('widget.no')} />
      </RadioGroup>
    </FormControl>
  );
}

export const YesNoWidget = memo(YesNoWidgetImpl);
