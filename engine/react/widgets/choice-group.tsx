/**
 * A question answered by one of a few options, as radio buttons: a fieldset whose legend is the
 * question, so a screen reader names the group ('Applicant type, group') before its options, and
 * native radios sharing one name, so the group is one Tab stop and the arrow keys move between its
 * options. The engine's radio questions (`ui:widget: radio`, `yes-no`) all render through it.
 */
import type { FocusEvent, ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';

export interface ChoiceOption {
  /** The option's value as its radio carries it (a string). */
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface ChoiceGroupProps {
  /** The group's id; the options' ids are `${id}-${index}` unless `optionId` says otherwise. */
  id: string;
  name: string;
  label: ReactNode;
  hideLabel?: boolean;
  options: ChoiceOption[];
  /** The chosen option's value, '' when none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  required?: boolean;
  error?: boolean;
  disabled?: boolean;
  /** Options side by side rather than one under the other. */
  row?: boolean;
  /** Ids of the group's descriptions (its help, its errors). */
  describedBy?: string;
  optionId?: (index: number) => string;
}

export function ChoiceGroup(props: ChoiceGroupProps) {
  const { id, name, label, hideLabel, options, value, onChange, onBlur, onFocus } = props;
  const { required, error, disabled, row, describedBy, optionId = (index: number) => `${id}-${index}` } = props;
  const legendId = `${id}__label`;
  const showLegend = !hideLabel && label != null && label !== '';
  return (
    <FormControl component="fieldset" required={required} error={error} disabled={disabled}>
      {showLegend && (
        <FormLabel component="legend" id={legendId}>
          {label}
        </FormLabel>
      )}
      <RadioGroup
        row={row}
        id={id}
        name={name}
        aria-labelledby={showLegend ? legendId : undefined}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        onFocus={onFocus}
      >
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            disabled={disabled || option.disabled}
            control={<Radio id={optionId(index)} name={name} />}
            label={option.label}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
