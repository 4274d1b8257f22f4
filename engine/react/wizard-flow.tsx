/**
 * The three steps (details, documents, confirm) and the submit pipeline, for a new application and
 * for a returned one being corrected: a view of the wizard's controller (engine/core/wizard-controller.ts),
 * which owns the steps, the draft, the uploads and the submission (use-wizard-flow.ts makes it). What
 * needs the form (its validator, its handle) is worked out here and handed to the controller.
 */
import { Suspense, useEffect, useState } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { stepIndex, WIZARD_STEPS } from '../core/wizard-state';
import type { FormData } from './form-context';
import type { ApplicationAttachment, ServiceWizardProps } from './wizard-types';
import type { ApplicationTarget } from './application-target';
import type { UnshownError } from './unshown-errors';
import { DraftSaveNote } from './draft-save-note';
import { lazyNamed } from './lazy-named';
import { Busy } from './status-blocks';
import { StepProgress } from './step-progress';
import { useTranslation } from './translation';
import { useStepHeading } from './use-step-heading';
import { NO_ATTACHMENTS, useWizardFlow } from './use-wizard-flow';
import { WizardActions } from './wizard-actions';
import { WizardDetailsStep } from './wizard-details-step';
import { WizardPlacing, WizardSubmitted } from './wizard-panels';

// Steps 2 and 3 (the uploads with their progress, the summary of the answers) are not drawn with
// step 1: their code loads once the wizard is shown, while step 1 is filled in, and a draft continued
// at a later step waits for it under a spinner.
const DocumentsStep = lazyNamed(() => import('./documents-step'), 'DocumentsStep');
const ConfirmStep = lazyNamed(() => import('./confirm-step'), 'ConfirmStep');

export type { ApplicationTarget } from './application-target';
export { NO_ATTACHMENTS } from './use-wizard-flow';

export interface WizardFlowProps extends Omit<ServiceWizardProps, 'applicationId'> {
  applicationId: ApplicationTarget;
  /** The service (a new application of a service with several forms: the applicant chooses one) or the one form of a returned application. */
  definition: ServiceWizardProps['definition'];
  initialData: FormData;
  existing: ApplicationAttachment[];
  /** A returned application being corrected (labels differ, existing files satisfy slots). */
  editing: boolean;
  /** A draft continued: its answers fill step 1 and its uploaded files are listed and satisfy slots. */
  resumed?: boolean;
  /** The form the continued draft was filled in, for a service with several. */
  initialVariant?: string;
}

export function WizardFlow(props: WizardFlowProps) {
  const { t } = useTranslation();
  const { definition, editing } = props;
  const flow = useWizardFlow(props);
  const { controller, state, form, activeForm, documents, formRef } = flow;
  const [variantMissing, setVariantMissing] = useState(false);
  const [invalid, setInvalid] = useState(false);
  // A long form adds its fields a few at a time, and its validator loads: Next waits for both.
  const [drawing, setDrawing] = useState(false);
  const [formReady, setFormReady] = useState(false);
  // Errors of step 1 that no field shows (a hidden field, an item of a list a widget edits).
  const [unshown, setUnshown] = useState<UnshownError[]>([]);
  const headingRef = useStepHeading(state.step);
  useEffect(() => {
    // A failed load is tried again when the step renders, which shows the failure.
    void DocumentsStep.preload().catch(() => {});
    void ConfirmStep.preload().catch(() => {});
  }, []);

  const next = () => {
    if (state.step === 'documents' && documents.attachments.status === 'ready')
      controller.checkDocuments(documents.slots, flow.heldNames);
    if (state.step !== 'details') return;
    if (!form) return setVariantMissing(true);
    const shownForm = formRef.current;
    if (!shownForm) return;
    const valid = shownForm.validate();
    setInvalid(!valid);
    // Kept whether or not the step is complete: a draft is saved as typed.
    controller.acceptDetails(shownForm.getData(), valid);
  };

  if (state.submit.status === 'done')
    return <WizardSubmitted renderLink={props.renderLink} href={props.dashboardHref ?? '/dashboard'} />;
  if (flow.placing) return <WizardPlacing />;
  const stepLabels = WIZARD_STEPS.map((step) => t(`wizard.steps.${step.key}`));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <StepProgress labels={stepLabels} current={stepIndex(state.step)} />
      <Typography ref={headingRef} tabIndex={-1} variant="h6" component="h2" gutterBottom sx={{ outline: 'none' }}>
        {t(`wizard.steps.${state.step}`)}
      </Typography>
      {state.step === 'details' ? (
        <WizardDetailsStep
          {...{ form, invalid, unshown, variantMissing, formRef }}
          service={definition}
          variant={state.variant}
          onChooseVariant={(variant) => {
            setVariantMissing(false);
            setInvalid(false);
            controller.chooseVariant(variant, formRef.current?.getData() ?? state.formData);
          }}
          api={flow.backend}
          clientId={props.clientId}
          formData={state.formData}
          {...(flow.keepsDraft ? { onChange: controller.changed, onEditing: controller.touched } : {})}
          onOptionNames={flow.rememberOptionNames}
          onUnshownErrors={setUnshown}
          onErrorsCleared={() => setInvalid(false)}
          onDrawing={setDrawing}
          onReady={setFormReady}
        />
      ) : null}
      <Suspense fallback={<Busy>{t('widget.loading')}</Busy>}>
        {state.step === 'documents' ? (
          <DocumentsStep
            editing={editing}
            attachments={documents.attachments}
            onRetry={documents.retry}
            slots={documents.slots}
            {...{ files: state.files, missing: state.missing, refused: state.refused, existing: flow.held }}
            templates={activeForm.documents.templates}
            templateUrl={(file) => flow.backend.templateUrl(definition.id, file)}
            onChoose={flow.choose}
            onRemove={controller.removeFile}
            {...(flow.keepsDraft
              ? { progress: state.submit.progress, confirmed: state.submit.uploaded, problems: flow.problems }
              : {})}
            {...(flow.keepsDraft ? { onRetryFile: controller.retryFile } : {})}
          />
        ) : null}
        {state.step === 'confirm' ? (
          <ConfirmStep
            definition={activeForm}
            choice={
              definition.variants && form?.variant
                ? { label: definition.variants.label, value: form.variant.label }
                : undefined
            }
            {...{ formData: state.formData, optionNames: flow.optionNames, slots: documents.slots, files: state.files }}
            kept={editing ? NO_ATTACHMENTS : flow.held}
            progress={state.submit.progress}
            working={state.submit.status === 'working'}
          />
        ) : null}
      </Suspense>
      <WizardActions
        {...{ definition, step: state.step, submit: state.submit, onNext: next, onSubmit: flow.submit }}
        onPrevious={controller.previous}
        // Not before there is something to check: the whole form (its validator) or the list of documents.
        nextDisabled={
          (state.step === 'details' && (form ? !formReady || drawing : !flow.shown)) ||
          (state.step === 'documents' && documents.attachments.status !== 'ready')
        }
      />
      {flow.keepsDraft ? <DraftSaveNote state={flow.draftNote} /> : null}
    </Paper>
  );
}
