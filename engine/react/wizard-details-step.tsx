/**
 * Step 1 of the wizard: the choice of the form for a service with several, what the last Next found
 * to correct (with the errors no field shows), and the form itself.
 */
import type { Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ServiceDefinition } from '../core/definition-types';
import { formKey } from '../core/service-forms';
import type { ApiReader } from './use-api-query';
import type { FormData } from './form-context';
import { ServiceForm, type ServiceFormHandle } from './service-form';
import { useTranslation } from './translation';
import type { UnshownError } from './unshown-errors';
import { VariantChooser } from './variant-chooser';

export interface WizardDetailsStepProps {
  /** The service: its variants, when it has several forms. */
  service: ServiceDefinition;
  /** The form shown: none until one of several is chosen. */
  form: ServiceDefinition | undefined;
  variant: string | undefined;
  /** Next was pressed before a form was chosen. */
  variantMissing: boolean;
  onChooseVariant: (variant: string) => void;
  /** The last Next found errors: they are listed until corrected. */
  invalid: boolean;
  unshown: readonly UnshownError[];
  formRef: Ref<ServiceFormHandle>;
  api: ApiReader;
  clientId: number | string;
  formData: FormData;
  /** Told of every change and of the first key of typing (a draft kept as typed). */
  onChange?: (formData: FormData) => void;
  onEditing?: () => void;
  onOptionNames: (field: string, names: Record<string, string>) => void;
  onUnshownErrors: (errors: UnshownError[]) => void;
  onErrorsCleared: () => void;
  onDrawing: (drawing: boolean) => void;
  onReady: (ready: boolean) => void;
}

export function WizardDetailsStep(props: WizardDetailsStepProps) {
  const { t } = useTranslation();
  const { service, form, invalid, unshown } = props;
  const alerts = [...new Set(unshown.filter((error) => error.alert).map((error) => error.message))];
  const listed = unshown.filter((error) => !error.alert);
  return (
    <>
      {service.variants ? (
        <VariantChooser
          variants={service.variants}
          chosen={props.variant}
          missing={props.variantMissing && !form}
          onChoose={props.onChooseVariant}
        />
      ) : null}
      {invalid
        ? alerts.map((message) => (
            <Alert key={message} severity="warning" role="alert" sx={{ mb: 2 }}>
              {message}
            </Alert>
          ))
        : null}
      {invalid ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t('wizard.fixErrors')}
          {listed.length > 0 ? (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }}>
              {listed.map((error) => (
                <li key={`${error.field}-${error.message}`}>
                  {error.label}: {error.message}
                </li>
              ))}
            </Box>
          ) : null}
        </Alert>
      ) : null}
      {form ? (
        <ServiceForm
          key={formKey(form)}
          ref={props.formRef}
          definition={form}
          api={props.api}
          clientId={props.clientId}
          initialData={props.formData}
          {...(props.onChange ? { onChange: props.onChange } : {})}
          {...(props.onEditing ? { onEditing: props.onEditing } : {})}
          onOptionNames={props.onOptionNames}
          onUnshownErrors={props.onUnshownErrors}
          // Every error corrected: the page no longer asks for corrections.
          onErrorsCleared={props.onErrorsCleared}
          onDrawing={props.onDrawing}
          onReady={props.onReady}
        />
      ) : null}
    </>
  );
}
