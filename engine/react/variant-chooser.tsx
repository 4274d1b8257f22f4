/**
 * The choice between the forms of a service with several (a licence's convention: Rotterdam or
 * Basel), above the form on step 1. Nothing is chosen for the applicant: the form appears once a
 * form is chosen, and switching keeps what was typed in each (the wizard state holds the drafts).
 */
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from './translation';
import type { ServiceDefinition } from '../core/definition-types';

export interface VariantChooserProps {
  variants: NonNullable<ServiceDefinition['variants']>;
  chosen: string | undefined;
  /** Next was pressed without a choice. */
  missing: boolean;
  onChoose: (variant: string) => void;
}

export function VariantChooser({ variants, chosen, missing, onChoose }: VariantChooserProps) {
  const { t } = useTranslation();
  const labelId = 'variant-chooser-label';
  const messageId = 'variant-chooser-message';
  return (
    <FormControl component="fieldset" error={missing} required sx={{ mb: 3 }}>
      <FormLabel id={labelId} component="legend">
        {variants.label}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        aria-describedby={missing ? messageId : undefined}
        value={chosen ?? ''}
        onChange={(event) => onChoose(event.target.value)}
      >
        {variants.options.map((option) => {
          const variant = option.variant;
          if (!variant) return null;
          return <FormControlLabel key={variant.key} value={variant.key} control={<Radio />} label={variant.label} />;
        })}
      </RadioGroup>
      <FormHelperText id={messageId} role={missing ? 'alert' : undefined}>
        {missing ? t('wizard.chooseVariant', { label: variants.label }) : chosen ? null : t('wizard.variantHint')}
      </FormHelperText>
    </FormControl>
  );
}
