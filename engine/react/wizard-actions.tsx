/** The foot of the wizard's steps: why the last submission failed, then Previous and Next or Submit. */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { ServiceDefinition } from '../core/definition-types';
import type { WizardState } from '../core/wizard-state';
import { useTranslation } from './translation';

export interface WizardActionsProps {
  definition: Pick<ServiceDefinition, 'wizard'>;
  step: WizardState['step'];
  submit: WizardState['submit'];
  /** Next waits for something to check (the whole form, or the list of documents). */
  nextDisabled: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onSubmit: () => void;
}

export function WizardActions({
  definition,
  step,
  submit,
  nextDisabled,
  onPrevious,
  onNext,
  onSubmit,
}: WizardActionsProps) {
  const { t } = useTranslation();
  const working = submit.status === 'working';
  return (
    <>
      {submit.status === 'failed' ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          <AlertTitle>
            {(submit.failure && definition.wizard.failures?.[submit.failure]) ?? t('wizard.submitFailed')}
          </AlertTitle>
          {submit.error}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'space-between' }}>
        <Button variant="outlined" onClick={onPrevious} disabled={step === 'details' || working}>
          {t('wizard.previous')}
        </Button>
        {step !== 'confirm' ? (
          <Button variant="contained" onClick={onNext} disabled={nextDisabled}>
            {t('wizard.next')}
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={onSubmit}
            disabled={working}
            startIcon={working ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {working ? t('wizard.submitting') : t('wizard.submit')}
          </Button>
        )}
      </Stack>
    </>
  );
}
