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
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isAcceptedFile } from '../core/file-kinds';
import { buildSubmitRequests } from '../core/payload-mapping';
import { missingUploads, uploadSlots, type ServiceAttachment } from '../core/required-documents';
import type { FormData } from './form-context';
import { ServiceForm, type ServiceFormHandle } from './service-form';
import { uploadFile, type UploadHandle } from './upload-file';
import { initialWizardState, LAST_STEP, WIZARD_STEPS, wizardReducer } from '../core/wizard-state';
import type { ApplicationAttachment, RenderLink, ServiceWizardProps } from './wizard-types';
import { ConfirmStep } from './confirm-step';
import { schemaMatcher, useServiceValidator } from './validator';
import { DocumentsStep, type AttachmentsState, type Slot } from './documents-step';

const defaultRenderLink: RenderLink = (href, children) => <Link href={href}>{children}</Link>;

export interface WizardFlowProps extends ServiceWizardProps {
  applicationId: number | string;
  initialData: FormData;
  existing: ApplicationAttachment[];
  /** A returned application being corrected (labels differ, existing files satisfy slots). */
  editing: boolean;
}

/** No existing attachments: a new application (one array, so memoised steps do not re-render). */
export const NO_ATTACHMENTS: ApplicationAttachment[] = [];

export function WizardFlow(props: WizardFlowProps) {
  const { t } = useTranslation();
  const { definition, api, clientId, getToken, applicationId, initialData, existing, editing } = props;
  const renderLink = props.renderLink ?? defaultRenderLink;
  const upload = props.upload ?? uploadFile;
  const [state, dispatch] = useReducer(wizardReducer<File>, { formData: initialData }, initialWizardState<File>);
  const formRef = useRef<ServiceFormHandle>(null);
  const [invalid, setInvalid] = useState(false);
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

  const [attachments, setAttachments] = useState<AttachmentsState>(() =>
    definition.documents.serviceAttachments ? { status: 'loading' } : { status: 'ready', items: [] },
  );
  const [attachmentsAttempt, setAttachmentsAttempt] = useState(0);
  useEffect(() => {
    if (!definition.documents.serviceAttachments) return;
    let live = true;
    setAttachments({ status: 'loading' });
    void api.get<ServiceAttachment[]>(`service/attachments/${definition.id}`).then((result) => {
      if (!live) return;
      setAttachments(
        result.ok
          ? { status: 'ready', items: Array.isArray(result.data) ? result.data : [] }
          : { status: 'failed', error: result.error },
      );
    });
    return () => {
      live = false;
    };
  }, [api, definition.id, definition.documents.serviceAttachments, attachmentsAttempt]);

  const serviceAttachments = attachments.status === 'ready' ? attachments.items : NO_SERVICE_ATTACHMENTS;
  // Conditional uploads are answered by the form's validator, like the form's own conditions.
  const { shown } = useServiceValidator(definition);
  const slots = useMemo(
    () =>
      uploadSlots(
        definition,
        serviceAttachments,
        state.formData,
        shown ? schemaMatcher(shown.validator, shown.definition.formSchema) : NOTHING_MATCHES,
      ),
    [definition, serviceAttachments, state.formData, shown],
  );

  // Move focus to the step heading so keyboard and screen reader users follow the step change.
  const previousStep = useRef(state.step);
  useEffect(() => {
    if (previousStep.current !== state.step) headingRef.current?.focus();
    previousStep.current = state.step;
  }, [state.step]);

  const next = () => {
    if (state.step === 0) {
      const form = formRef.current;
      if (!form) return;
      if (!form.validate()) {
        setInvalid(true);
        return;
      }
      setInvalid(false);
      dispatch({ type: 'detailsAccepted', formData: form.getData() });
      return;
    }
    if (state.step === 1) {
      if (attachments.status !== 'ready') return;
      const satisfied: Record<string, unknown> = { ...state.files };
      // A returned application keeps the files it already has.
      if (editing) for (const file of existing) if (file.description) satisfied[file.description] ??= file;
      const missing = missingUploads(slots, satisfied);
      dispatch({ type: 'documentsChecked', missing });
    }
  };

  const choose = (slot: Slot, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedFile(file.name, file.type, slot.accept))
      dispatch({ type: 'fileRefused', slot: slot.name, fileName: file.name });
    else dispatch({ type: 'fileChosen', slot: slot.name, file });
  };

  const submit = async () => {
    if (state.submit.status === 'working') return;
    dispatch({ type: 'submitStarted' });
    // Files first, while the application is still a draft: the call that submits refuses an
    // application without its mandatory documents, and an interruption leaves a draft to resume.
    for (const slot of slots) {
      const file = state.files[slot.name];
      if (!file || state.submit.uploaded.includes(slot.name)) continue;
      const handle = upload({
        api,
        getToken,
        applicationId,
        description: slot.name,
        file,
        onProgress: (percent) => dispatch({ type: 'uploadProgress', slot: slot.name, percent }),
      });
      uploads.current.add(handle);
      const result = await handle.result;
      uploads.current.delete(handle);
      if (!result.ok) {
        dispatch({ type: 'submitFailed', error: result.error });
        return;
      }
      dispatch({ type: 'uploadDone', slot: slot.name });
    }
    const requests = buildSubmitRequests(definition, state.formData, {
      clientId,
      applicationId,
      serviceId: definition.id,
    });
    for (const request of requests) {
      if (state.submit.completedCalls.includes(request.name)) continue;
      const result =
        request.method === 'PUT'
          ? await api.put(request.path, request.body)
          : await api.post(request.path, request.body);
      if (!result.ok) {
        dispatch({ type: 'submitFailed', error: result.error });
        return;
      }
      dispatch({ type: 'callDone', name: request.name });
      if (request.savesRecord) props.onSubmitted?.();
    }
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

  const working = state.submit.status === 'working';
  const stepTitle = t(`wizard.steps.${WIZARD_STEPS[state.step]?.key ?? 'details'}`);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stepper activeStep={state.step} alternativeLabel sx={{ mb: 3 }}>
        {WIZARD_STEPS.map((step) => (
          <Step key={step.key}>
            <StepLabel>{t(`wizard.steps.${step.key}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography ref={headingRef} tabIndex={-1} variant="h6" component="h2" gutterBottom sx={{ outline: 'none' }}>
        {stepTitle}
      </Typography>

      {state.step === 0 ? (
        <>
          {invalid ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {t('wizard.fixErrors')}
            </Alert>
          ) : null}
          <ServiceForm
            ref={formRef}
            definition={definition}
            api={api}
            clientId={clientId}
            initialData={state.formData}
            onOptionNames={rememberOptionNames}
          />
        </>
      ) : null}

      {state.step === 1 ? (
        <DocumentsStep
          attachments={attachments}
          onRetry={() => setAttachmentsAttempt((n) => n + 1)}
          slots={slots}
          files={state.files}
          missing={state.missing}
          refused={state.refused}
          existing={editing ? existing : NO_ATTACHMENTS}
          editing={editing}
          onChoose={choose}
          onRemove={(slot) => dispatch({ type: 'fileRemoved', slot })}
        />
      ) : null}

      {state.step === LAST_STEP ? (
        <ConfirmStep
          definition={definition}
          formData={state.formData}
          optionNames={optionNames}
          slots={slots}
          files={state.files}
          progress={state.submit.progress}
          working={working}
        />
      ) : null}

      {state.submit.status === 'failed' ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          <AlertTitle>{t('wizard.submitFailed')}</AlertTitle>
          {state.submit.error}
        </Alert>
      ) : null}

      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'space-between' }}>
        <Button
          variant="outlined"
          onClick={() => dispatch({ type: 'previous' })}
          disabled={state.step === 0 || working}
        >
          {t('wizard.previous')}
        </Button>
        {state.step < LAST_STEP ? (
          <Button variant="contained" onClick={next} disabled={state.step === 1 && attachments.status !== 'ready'}>
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
    </Paper>
  );
}

const NO_SERVICE_ATTACHMENTS: ServiceAttachment[] = [];
/** Before the validator is there (a moment at most), no condition is taken to hold. */
const NOTHING_MATCHES = () => false;
