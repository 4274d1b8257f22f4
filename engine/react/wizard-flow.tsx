/**
 * The three steps (details, documents, confirm) and the submit pipeline, for a new application and
 * for a returned one being corrected.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from './translation';
import { buildSubmitRequests } from '../core/payload-mapping';
import { formKey, formsOf, variantOf } from '../core/service-forms';
import { missingUploads, uploadSlots, type ServiceAttachment } from '../core/required-documents';
import type { FormData } from './form-context';
import { ServiceForm, type ServiceFormHandle } from './service-form';
import { uploadFile, type UploadHandle } from './upload-file';
import { runSubmission } from '../core/submission-run';
import { initialWizardState, stepIndex, WIZARD_STEPS, wizardReducer, type DraftReach } from '../core/wizard-state';
import type { ApplicationAttachment, RenderLink, ServiceWizardProps } from './wizard-types';
import { ConfirmStep } from './confirm-step';
import { StepProgress } from './step-progress';
import { schemaMatcher, useServiceValidator } from './validator';
import { chosenFile, DocumentsStep, type AttachmentsState, type Slot } from './documents-step';
import { VariantChooser } from './variant-chooser';
import type { UnshownError } from './unshown-errors';
import { useFailureMessage } from './failure-message';
import { useApiQuery } from './use-api-query';
import { useBackend } from './backend-context';
import { useDraftSaving } from './use-draft-saving';
import { DraftSaveNote } from './draft-save-note';
import { useLeftDraft } from './left-drafts';
import type { ApplicationTarget } from './application-target';
import { resolveTarget } from './application-target';
import { useDraftFiles } from './use-draft-files';
import { useResumePoint } from './use-resume-point';
import { answersComplete, useStepOfContinuedDraft } from './use-step-of-continued-draft';
import { Busy } from './status-blocks';

const defaultRenderLink: RenderLink = (href, children) => <Link href={href}>{children}</Link>;

export type { ApplicationTarget } from './application-target';

export interface WizardFlowProps extends Omit<ServiceWizardProps, 'applicationId'> {
  applicationId: ApplicationTarget;
  /**
   * The service (a new application of a service with several forms: the applicant chooses one) or
   * the one form of a returned application.
   */
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

/** No existing attachments: a new application (one array, so memoised steps do not re-render). */
export const NO_ATTACHMENTS: ApplicationAttachment[] = [];

export function WizardFlow(props: WizardFlowProps) {
  const { t } = useTranslation();
  const { definition, clientId, applicationId, initialData, existing, editing, resumed = false } = props;
  const backend = useBackend();
  // A new application and a continued draft are kept in their draft; a returned one is its record.
  const keepsDraft = props.saveDrafts === true && !editing;
  const renderLink = props.renderLink ?? defaultRenderLink;
  const upload = props.upload ?? uploadFile;
  const describe = useFailureMessage();
  const savedDraft = {
    answers: initialData,
    ...(props.initialVariant !== undefined ? { variant: props.initialVariant } : {}),
  };
  // A continued draft whose page was left with answers the server did not get starts from those.
  const left = useLeftDraft(
    keepsDraft && resumed && typeof applicationId !== 'object' ? applicationId : null,
    savedDraft,
  );
  const startDraft = left ?? savedDraft;
  const [state, dispatch] = useReducer(
    wizardReducer<File>,
    { formData: startDraft.answers, ...(startDraft.variant !== undefined ? { variant: startDraft.variant } : {}) },
    initialWizardState<File>,
  );
  const formRef = useRef<ServiceFormHandle>(null);
  const draftOf = useCallback(
    (formData: FormData) => ({ answers: formData, ...(state.variant !== undefined ? { variant: state.variant } : {}) }),
    [state.variant],
  );
  // Step 1 is kept in the draft as it is filled (a returned application's answers are its record).
  const draftSaving = useDraftSaving({
    backend,
    target: applicationId,
    enabled: keepsDraft,
    ...(resumed ? { saved: savedDraft } : {}),
    resume: left,
    // The text a field still holds is handed to the form before each save.
    collect: () => (formRef.current ? draftOf(formRef.current.getData()) : undefined),
  });
  const { changed: draftChanged } = draftSaving;
  const onFormChange = useCallback((formData: FormData) => draftChanged(draftOf(formData)), [draftChanged, draftOf]);
  // Files go to the draft as they are chosen, so a draft continued later (or reloaded) holds them.
  const draftFiles = useDraftFiles({
    enabled: keepsDraft,
    backend,
    upload,
    target: applicationId,
    kept: resumed ? existing : NO_ATTACHMENTS,
    dispatch,
  });
  // The files the application holds already: a returned one's, or what a continued draft kept (less
  // those removed or replaced since).
  const held = editing ? existing : resumed ? draftFiles.kept : NO_ATTACHMENTS;
  // The form shown: the chosen variant's for a service with several (none until chosen), else the one.
  const form = definition.variants ? variantOf(definition, state.variant) : definition;
  const [variantMissing, setVariantMissing] = useState(false);
  // Until a form is chosen, its conditions and documents are the first form's (none is shown yet).
  const activeForm = form ?? (formsOf(definition)[0] as typeof definition);
  const [invalid, setInvalid] = useState(false);
  const clearInvalid = useCallback(() => setInvalid(false), []);
  // A long form adds its fields a few at a time: Next waits until it is whole (see form-context.ts).
  const [drawing, setDrawing] = useState(false);
  // The shown form can be checked (its validator loaded, its handle set): Next waits for it too.
  const [formReady, setFormReady] = useState(false);
  // Errors of step 1 that no field shows (a hidden field, an item of a list a widget edits).
  const [unshown, setUnshown] = useState<UnshownError[]>([]);
  const uploads = useRef(new Set<UploadHandle>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Names of list options seen on step 1 (field -> id -> name), for the confirm summary.
  const [optionNames, setOptionNames] = useState<Record<string, Record<string, string>>>({});
  const rememberOptionNames = useCallback(
    (field: string, names: Record<string, string>) =>
      setOptionNames((known) => ({ ...known, [field]: { ...known[field], ...names } })),
    [],
  );

  // Uploads still running when the page goes away are cancelled.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const handle of running) handle.abort();
    };
  }, []);

  // The service's attachment list: read once per page through the query cache.
  const attachmentList = useApiQuery<ServiceAttachment[]>(
    definition.documents.serviceAttachments ? backend.sources.serviceAttachments(definition.id) : null,
    { api: backend },
  );
  const attachments: AttachmentsState = useMemo(() => {
    if (!definition.documents.serviceAttachments) return { status: 'ready', items: NO_SERVICE_ATTACHMENTS };
    if (attachmentList.status === 'error') return { status: 'failed', error: attachmentList.error ?? '' };
    if (attachmentList.status !== 'success') return { status: 'loading' };
    const items = attachmentList.data;
    return { status: 'ready', items: Array.isArray(items) ? items : NO_SERVICE_ATTACHMENTS };
  }, [definition.documents.serviceAttachments, attachmentList.status, attachmentList.error, attachmentList.data]);

  const serviceAttachments = attachments.status === 'ready' ? attachments.items : NO_SERVICE_ATTACHMENTS;
  // Conditional uploads are answered by the form's validator, like the form's own conditions.
  const { shown, error: validatorError } = useServiceValidator(activeForm);
  const slots = useMemo(
    () =>
      uploadSlots(
        activeForm,
        serviceAttachments,
        state.formData,
        shown ? schemaMatcher(shown.validator, shown.definition.formSchema) : NOTHING_MATCHES,
      ),
    [activeForm, serviceAttachments, state.formData, shown],
  );

  // A continued draft opens at the step it was left at, as far as its answers and files reach.
  const placing = useStepOfContinuedDraft({
    wanted: resumed && !editing ? props.resumeStep : undefined,
    reach: (): DraftReach | undefined => {
      // No form chosen, or none can be judged: step 1 is where the applicant can go on.
      if (!form || validatorError) return { detailsComplete: false, documentsComplete: false };
      if (!shown || attachments.status === 'loading') return undefined;
      const satisfied: Record<string, unknown> = { ...state.files };
      for (const file of held) if (file.description) satisfied[file.description] ??= file;
      return {
        detailsComplete: answersComplete(shown.validator, shown.definition.formSchema, state.formData),
        documentsComplete: attachments.status === 'ready' && missingUploads(slots, satisfied).length === 0,
      };
    },
    dispatch,
  });
  useResumePoint({
    enabled: keepsDraft && !placing && state.submit.status !== 'done',
    target: applicationId,
    step: state.step,
    onResumePoint: props.onResumePoint,
  });

  // Move focus to the step heading so keyboard and screen reader users follow the step change.
  const previousStep = useRef(state.step);
  useEffect(() => {
    if (previousStep.current !== state.step) headingRef.current?.focus();
    previousStep.current = state.step;
  }, [state.step]);

  const next = () => {
    if (state.step === 'details') {
      if (!form) {
        setVariantMissing(true);
        return;
      }
      const shownForm = formRef.current;
      if (!shownForm) return;
      // Kept whether or not the step is complete: a draft is saved as typed.
      void draftSaving.flush(draftOf(shownForm.getData()));
      if (!shownForm.validate()) {
        setInvalid(true);
        return;
      }
      setInvalid(false);
      dispatch({ type: 'detailsAccepted', formData: shownForm.getData() });
      return;
    }
    if (state.step === 'documents') {
      if (attachments.status !== 'ready') return;
      const satisfied: Record<string, unknown> = { ...state.files };
      // A returned application, and a continued draft, keep the files they already have.
      for (const file of held) if (file.description) satisfied[file.description] ??= file;
      const missing = missingUploads(slots, satisfied);
      dispatch({ type: 'documentsChecked', missing });
    }
  };

  const choose = (slot: Slot, event: ChangeEvent<HTMLInputElement>) => {
    const chosen = chosenFile(slot, event);
    if (!chosen) return;
    if (!chosen.accepted) {
      dispatch({ type: 'fileRefused', slot: slot.name, fileName: chosen.file.name });
      return;
    }
    dispatch({ type: 'fileChosen', slot: slot.name, file: chosen.file });
    // Sent to the draft at once: an applicant who leaves now finds it in the draft.
    draftFiles.chosen(slot.name, chosen.file);
  };

  const remove = (slot: string) => {
    dispatch({ type: 'fileRemoved', slot });
    draftFiles.removed(slot);
  };

  /** Uploads one chosen file of a slot; aborted with the others when the wizard goes away. */
  const uploadSlot = async (
    slot: string,
    file: File,
    applicationId: number | string,
    onProgress: (percent: number) => void,
  ) => {
    const handle = upload({ backend, applicationId, description: slot, file, onProgress });
    uploads.current.add(handle);
    const result = await handle.result;
    uploads.current.delete(handle);
    return result;
  };

  const previous = () => dispatch({ type: 'previous' });

  const submit = async () => {
    if (state.submit.status === 'working') return;
    // Submitted answers are the record's: nothing more goes to the draft.
    draftSaving.stop();
    dispatch({ type: 'submitStarted' });
    // The files on their way to the draft arrive first; those that arrived are not sent again.
    const inDraft = await draftFiles.settled();
    const started = Date.now();
    const target = await resolveTarget(applicationId);
    if (!target.ok) {
      dispatch({ type: 'submitFailed', error: describe(target), stage: 'save', code: target.code });
      return;
    }
    if (!form) return;
    // Files first, while the application is still a draft: the call that submits refuses an
    // application without its mandatory documents, and an interruption leaves a draft to resume.
    const outcome = await runSubmission({
      uploads: slots.flatMap((slot) => {
        const file = state.files[slot.name];
        return file ? [{ slot: slot.name, file }] : [];
      }),
      parallel: activeForm.documents.parallelUploads === true,
      uploaded: [...new Set([...state.submit.uploaded, ...inDraft])],
      calls: buildSubmitRequests(form, state.formData, {
        clientId,
        applicationId: target.data,
        serviceId: definition.id,
      }),
      completedCalls: state.submit.completedCalls,
      upload: (slot, file, onProgress) => uploadSlot(slot, file, target.data, onProgress),
      send: (request) => backend.send(request),
      onUploadProgress: (slot, percent) => dispatch({ type: 'uploadProgress', slot, percent }),
      onUploadDone: (slot) => dispatch({ type: 'uploadDone', slot }),
      onCallDone: (request) => {
        dispatch({ type: 'callDone', name: request.name });
        if (request.savesRecord) props.onSubmitted?.();
      },
    });
    if (!outcome.ok) {
      dispatch({
        type: 'submitFailed',
        error: describe(outcome.result),
        stage: outcome.stage,
        code: outcome.result.code,
      });
      return;
    }
    // The edit route of a service may keep its loading state a while (the licences: 4 seconds, spec 02).
    const hold = props.mode === 'edit' ? (definition.wizard.editLoadingMs ?? 0) - (Date.now() - started) : 0;
    if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold));
    dispatch({ type: 'submitSucceeded' });
  };

  if (state.submit.status === 'done') {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Alert severity="success" role="status">
          {t('wizard.submitted')}
        </Alert>
        <Box sx={{ mt: 2 }}>{renderLink(props.dashboardHref ?? '/dashboard', t('wizard.back'))}</Box>
      </Paper>
    );
  }

  if (placing) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Busy>{t('view.loading')}</Busy>
      </Paper>
    );
  }

  const working = state.submit.status === 'working';
  const stepTitle = t(`wizard.steps.${state.step}`);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <StepProgress
        labels={WIZARD_STEPS.map((step) => t(`wizard.steps.${step.key}`))}
        current={stepIndex(state.step)}
      />
      <Typography ref={headingRef} tabIndex={-1} variant="h6" component="h2" gutterBottom sx={{ outline: 'none' }}>
        {stepTitle}
      </Typography>

      {state.step === 'details' ? (
        <>
          {definition.variants ? (
            <VariantChooser
              variants={definition.variants}
              chosen={state.variant}
              missing={variantMissing && !form}
              onChoose={(variant) => {
                setVariantMissing(false);
                setInvalid(false);
                dispatch({ type: 'variantChosen', variant, formData: formRef.current?.getData() ?? state.formData });
              }}
            />
          ) : null}
          {invalid
            ? [...new Set(unshown.filter((error) => error.alert).map((error) => error.message))].map((message) => (
                <Alert key={message} severity="warning" role="alert" sx={{ mb: 2 }}>
                  {message}
                </Alert>
              ))
            : null}
          {invalid ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {t('wizard.fixErrors')}
              {unshown.some((error) => !error.alert) ? (
                <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }}>
                  {unshown
                    .filter((error) => !error.alert)
                    .map((error) => (
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
              ref={formRef}
              definition={form}
              api={backend}
              clientId={clientId}
              initialData={state.formData}
              {...(keepsDraft ? { onChange: onFormChange, onEditing: draftSaving.touched } : {})}
              onOptionNames={rememberOptionNames}
              onUnshownErrors={setUnshown}
              // Every error corrected: the page no longer asks for corrections.
              onErrorsCleared={clearInvalid}
              onDrawing={setDrawing}
              onReady={setFormReady}
            />
          ) : null}
        </>
      ) : null}

      {state.step === 'documents' ? (
        <DocumentsStep
          attachments={attachments}
          onRetry={attachmentList.refetch}
          slots={slots}
          files={state.files}
          missing={state.missing}
          refused={state.refused}
          existing={held}
          editing={editing}
          templates={activeForm.documents.templates}
          templateUrl={(file) => backend.templateUrl(definition.id, file)}
          onChoose={choose}
          onRemove={remove}
          {...(keepsDraft
            ? {
                progress: state.submit.progress,
                confirmed: state.submit.uploaded,
                problems: draftFiles.problems,
                onRetryFile: draftFiles.retry,
              }
            : {})}
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
          formData={state.formData}
          optionNames={optionNames}
          slots={slots}
          files={state.files}
          kept={editing ? NO_ATTACHMENTS : held}
          progress={state.submit.progress}
          working={working}
        />
      ) : null}

      {state.submit.status === 'failed' ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          <AlertTitle>
            {(state.submit.failure && definition.wizard.failures?.[state.submit.failure]) ?? t('wizard.submitFailed')}
          </AlertTitle>
          {state.submit.error}
        </Alert>
      ) : null}

      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'space-between' }}>
        <Button variant="outlined" onClick={previous} disabled={state.step === 'details' || working}>
          {t('wizard.previous')}
        </Button>
        {state.step !== 'confirm' ? (
          <Button
            variant="contained"
            onClick={next}
            disabled={
              // Not before there is something to check: the whole form (its validator) or the list of documents.
              // Before a form of several is chosen, Next says to choose one.
              (state.step === 'details' && (form ? !formReady || drawing : !shown)) ||
              (state.step === 'documents' && attachments.status !== 'ready')
            }
          >
            {t('wizard.next')}
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={working}
            startIcon={working ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {working ? t('wizard.submitting') : t('wizard.submit')}
          </Button>
        )}
      </Stack>
      {keepsDraft ? <DraftSaveNote state={draftSaving.state} /> : null}
    </Paper>
  );
}

const NO_SERVICE_ATTACHMENTS: ServiceAttachment[] = [];
/** Before the validator is there (a moment at most), no condition is taken to hold. */
const NOTHING_MATCHES = () => false;
