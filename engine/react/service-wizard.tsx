/**
 * The generic application wizard of every service: `<ServiceWizard definition api clientId
 * getToken mode applicationId? />`.
 *
 * - `new`: creates the draft (POST client/application/{id}), then steps 1-3 (details, document
 *   uploads, confirm) and the submit pipeline of the definition, then the success panel.
 * - `view`: reads the application; a returned one (status 7) is edited with the same steps,
 *   anything else is shown read-only with its attachments, detail rows and certificate action.
 *
 * Nothing here knows a service: labels, fields, calls and uploads all come from the definition.
 */
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ChangeEvent,
  type ReactNode,
} from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../core/api-client';
import type { ServiceDefinition } from '../core/definition-types';
import { acceptAttribute, isAcceptedFile } from '../core/file-kinds';
import { confirmSummary } from '../core/confirm-summary';
import { buildSubmitRequests } from '../core/payload-mapping';
import { missingUploads, uploadSlots, type ServiceAttachment, type UploadSlot } from '../core/required-documents';
import { latestReturnComment, presentStatus, type StatusColour } from '../core/status-presentation';
import { WIZARD_STEPS } from '../core/step-model';
import { detailRows } from '../core/view-rows';
import type { FormData } from './form-context';
import { ServiceForm, type ServiceFormHandle } from './service-form';
import { downloadWithToken, uploadFile, type UploadFileOptions, type UploadHandle } from './upload-file';
import { initialWizardState, LAST_STEP, wizardReducer } from './wizard-state';
import { Busy, LabelledRowsTable, RetryAlert } from './status-blocks';

/** An existing attachment of an application. */
export interface ApplicationAttachment {
  id?: number;
  description?: string | null;
  path: string;
  name?: string | null;
}

/** The part of `application/{id}` the wizard reads; the record sits under `definition.view.record`. */
export interface ApplicationDetails {
  id: number;
  app_id: string;
  application_status_id: number;
  resubmitted?: boolean | number | null;
  manually_processed?: boolean | number | null;
  final_certificate_uploaded?: boolean | number | null;
  manual_certificate?: { path: string; file_name?: string | null } | null;
  application_attachments?: ApplicationAttachment[];
  application_flow_histories?: Array<{
    application_status_id: number;
    comment_to_applicant?: string | null;
    created_at?: string | null;
  }>;
  [record: string]: unknown;
}

export type RenderLink = (href: string, children: ReactNode) => ReactNode;

export interface ServiceWizardProps {
  definition: ServiceDefinition;
  api: ApiClient;
  clientId: number | string;
  getToken: () => string | null | undefined;
  mode: 'new' | 'view';
  /** Required in view mode. */
  applicationId?: number | string;
  /** Renders a link (e.g. with the router's Link); defaults to a plain anchor. */
  renderLink?: RenderLink;
  /** Where the success panel's Back link goes. */
  dashboardHref?: string;
  /** Replaces the XMLHttpRequest upload (tests, other transports). */
  upload?: (options: UploadFileOptions) => UploadHandle;
}

const defaultRenderLink: RenderLink = (href, children) => <Link href={href}>{children}</Link>;

const CHIP_COLOURS: Record<StatusColour, 'success' | 'warning' | 'error' | 'info' | 'default'> = {
  success: 'success',
  warning: 'warning',
  error: 'error',
  info: 'info',
  dark: 'default',
};

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function isTruthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

export function ServiceWizard(props: ServiceWizardProps) {
  const { definition, mode } = props;
  return (
    <Box component="section" aria-labelledby="service-wizard-title">
      <Typography id="service-wizard-title" variant="h5" component="h1" gutterBottom>
        {definition.wizard.title}
      </Typography>
      {mode === 'new' ? <NewApplication {...props} /> : <ApplicationView {...props} />}
    </Box>
  );
}

/* ------------------------------------------------------------------ new application */

function NewApplication(props: ServiceWizardProps) {
  const { t } = useTranslation();
  const { api, definition, clientId } = props;
  const [draft, setDraft] = useState<
    { status: 'creating' } | { status: 'ready'; id: number | string } | { status: 'failed'; error: string }
  >({
    status: 'creating',
  });
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    // One draft per attempt, even when effects run twice in development.
    if (started.current === attempt) return;
    started.current = attempt;
    setDraft({ status: 'creating' });
    void api
      .post<{ id: number | string }>(`client/application/${definition.id}`, { client_id: clientId })
      .then((result) => {
        if (result.ok && result.data && result.data.id !== undefined) setDraft({ status: 'ready', id: result.data.id });
        else setDraft({ status: 'failed', error: result.ok ? t('wizard.draftFailed') : result.error });
      });
  }, [api, definition.id, clientId, attempt, t]);

  if (draft.status === 'creating') {
    return <Busy>{t('wizard.creatingDraft')}</Busy>;
  }
  if (draft.status === 'failed') {
    return <RetryAlert error={draft.error} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  return (
    <WizardFlow
      {...props}
      applicationId={draft.id}
      initialData={EMPTY_DATA}
      existing={NO_ATTACHMENTS}
      editing={false}
    />
  );
}

const EMPTY_DATA: FormData = {};
const NO_ATTACHMENTS: ApplicationAttachment[] = [];

/* ------------------------------------------------------------------ the three steps */

interface WizardFlowProps extends ServiceWizardProps {
  applicationId: number | string;
  initialData: FormData;
  existing: ApplicationAttachment[];
  /** A returned application being corrected (labels differ, existing files satisfy slots). */
  editing: boolean;
}

type AttachmentsState =
  { status: 'loading' } | { status: 'ready'; items: ServiceAttachment[] } | { status: 'failed'; error: string };

function WizardFlow(props: WizardFlowProps) {
  const { t } = useTranslation();
  const { definition, api, clientId, getToken, applicationId, initialData, existing, editing } = props;
  const renderLink = props.renderLink ?? defaultRenderLink;
  const upload = props.upload ?? uploadFile;
  const [state, dispatch] = useReducer(
    wizardReducer<File>,
    { applicationId, formData: initialData },
    initialWizardState<File>,
  );
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
  const slots = useMemo(
    () => uploadSlots(definition, serviceAttachments, state.formData),
    [definition, serviceAttachments, state.formData],
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
    }
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

type Slot = UploadSlot;

interface DocumentsStepProps {
  attachments: AttachmentsState;
  onRetry: () => void;
  slots: Slot[];
  files: Record<string, File>;
  missing: string[];
  refused: Record<string, string>;
  existing: ApplicationAttachment[];
  editing: boolean;
  onChoose: (slot: Slot, event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (slot: string) => void;
}

const DocumentsStep = memo(function DocumentsStep(props: DocumentsStepProps) {
  const { t } = useTranslation();
  const { attachments, onRetry, slots, files, missing, refused, existing, editing, onChoose, onRemove } = props;
  if (attachments.status === 'loading') {
    return <Busy compact>{t('wizard.loadingDocuments')}</Busy>;
  }
  if (attachments.status === 'failed') {
    return <RetryAlert error={attachments.error} onRetry={onRetry} />;
  }
  if (slots.length === 0) return <Typography>{t('wizard.noDocuments')}</Typography>;
  return (
    <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {slots.map((slot, index) => {
        const file = files[slot.name];
        const inputId = `upload-slot-${index}`;
        const messageId = `${inputId}-message`;
        const isMissing = missing.includes(slot.name);
        const already = existing.filter((item) => item.description === slot.name);
        return (
          <Box
            component="li"
            key={slot.name}
            sx={{ border: 1, borderColor: isMissing ? 'error.main' : 'divider', borderRadius: 1, p: 2 }}
          >
            <Typography component="h3" variant="subtitle1">
              {slot.label ?? slot.name}
              {slot.required ? <span aria-hidden> *</span> : null}
              {slot.required ? (
                <span className="visually-hidden" style={VISUALLY_HIDDEN}>{` (${t('wizard.mandatory')})`}</span>
              ) : null}
            </Typography>
            {slot.description ? <Typography variant="body2">{slot.description}</Typography> : null}
            {slot.info ? (
              <Typography variant="body2" color="text.secondary">
                {slot.info}
              </Typography>
            ) : null}
            {already.length > 0 ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('wizard.alreadyUploaded', { names: already.map((item) => item.name ?? item.path).join(', ') })}
              </Typography>
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
              <Button variant="outlined" component="label" htmlFor={inputId}>
                {file ? t('wizard.replaceFile') : t('wizard.chooseFile')}
                <input
                  id={inputId}
                  type="file"
                  hidden
                  accept={acceptAttribute(slot.accept)}
                  aria-label={t('wizard.chooseFileFor', { name: slot.label ?? slot.name })}
                  aria-describedby={isMissing || refused[slot.name] ? messageId : undefined}
                  onChange={(event) => onChoose(slot, event)}
                />
              </Button>
              {file ? (
                <>
                  <Typography variant="body2">
                    {file.name} ({formatSize(file.size)})
                  </Typography>
                  <Button size="small" color="error" onClick={() => onRemove(slot.name)}>
                    {editing ? t('wizard.cancelUpload') : t('wizard.removeFile')}
                  </Button>
                </>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('wizard.noFileChosen')}
                </Typography>
              )}
            </Stack>
            {refused[slot.name] ? (
              <Typography id={messageId} color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
                {t('wizard.fileTypeRefused', { name: refused[slot.name] })}
              </Typography>
            ) : isMissing ? (
              <Typography id={messageId} color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
                {slot.requiredMessage ?? t('wizard.uploadRequired', { name: slot.label ?? slot.name })}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
});

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

interface ConfirmStepProps {
  definition: ServiceDefinition;
  formData: FormData;
  optionNames: Record<string, Record<string, string>>;
  slots: Slot[];
  files: Record<string, File>;
  progress: Record<string, number>;
  working: boolean;
}

function ConfirmStep({ definition, formData, optionNames, slots, files, progress, working }: ConfirmStepProps) {
  const { t } = useTranslation();
  const summary = useMemo(
    () =>
      confirmSummary(definition, formData, {
        lookupNames: optionNames,
        texts: { yes: t('widget.yes'), no: t('widget.no'), selected: (count) => t('wizard.selectedCount', { count }) },
      }),
    [definition, formData, optionNames, t],
  );
  const chosen = slots.filter((slot) => files[slot.name]);
  return (
    <Stack spacing={3}>
      <LabelledRowsTable label={t('wizard.summary')} rows={summary} />
      <Box>
        <Typography variant="subtitle1" component="h3">
          {t('wizard.chosenFiles')}
        </Typography>
        {chosen.length === 0 ? (
          <Typography variant="body2">{t('wizard.noFilesChosen')}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {chosen.map((slot) => {
              const file = files[slot.name];
              const percent = progress[slot.name];
              return (
                <li key={slot.name}>
                  <Typography variant="body2">
                    {slot.label ?? slot.name}: {file?.name} ({formatSize(file?.size ?? 0)})
                  </Typography>
                  {working || percent !== undefined ? (
                    <LinearProgress
                      variant="determinate"
                      value={percent ?? 0}
                      aria-label={t('wizard.uploadProgress', { name: slot.label ?? slot.name })}
                      sx={{ mt: 0.5 }}
                    />
                  ) : null}
                </li>
              );
            })}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

/* ------------------------------------------------------------------ view of an application */

type ViewState =
  { status: 'loading' } | { status: 'ready'; app: ApplicationDetails } | { status: 'failed'; error: string };

function ApplicationView(props: ServiceWizardProps) {
  const { t } = useTranslation();
  const { api, applicationId, definition, getToken } = props;
  const [view, setView] = useState<ViewState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  useEffect(() => {
    if (applicationId === undefined || applicationId === null || applicationId === '') {
      setView({ status: 'failed', error: t('view.noApplication') });
      return undefined;
    }
    let live = true;
    setView({ status: 'loading' });
    void api.get<ApplicationDetails>(`application/${encodeURIComponent(String(applicationId))}`).then((result) => {
      if (!live) return;
      setView(
        result.ok && result.data
          ? { status: 'ready', app: result.data }
          : { status: 'failed', error: result.ok ? t('view.noApplication') : result.error },
      );
    });
    return () => {
      live = false;
    };
  }, [api, applicationId, attempt, t]);

  const download = useCallback(
    async (path: string, fileName: string) => {
      setDownloadError(null);
      const error = await downloadWithToken(
        api.url(`service/download-attachment?file=${encodeURIComponent(path)}`),
        getToken,
        fileName,
      );
      if (error) setDownloadError(error);
    },
    [api, getToken],
  );

  if (view.status === 'loading') {
    return <Busy>{t('view.loading')}</Busy>;
  }
  if (view.status === 'failed') {
    return <RetryAlert error={view.error} onRetry={() => setAttempt((n) => n + 1)} />;
  }

  const { app } = view;
  const status = presentStatus(app);
  const recordValue = app[definition.view.record];
  const record: FormData = recordValue !== null && typeof recordValue === 'object' ? (recordValue as FormData) : {};
  const attachments = app.application_attachments ?? [];
  const comment = status.editable ? latestReturnComment(app.application_flow_histories) : null;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="body1">
          {t('view.applicationId')}: <strong>{app.app_id}</strong>
        </Typography>
        <Chip
          // Status labels are translated by the portal's catalogue (status.*); English otherwise.
          label={t(`status.${status.label}`, { defaultValue: status.label })}
          color={CHIP_COLOURS[status.colour]}
          sx={status.colour === 'dark' ? { bgcolor: 'grey.900', color: 'common.white' } : undefined}
        />
      </Stack>

      {status.approved ? (
        <Alert
          severity="success"
          action={
            isTruthy(app.manually_processed) && app.manual_certificate?.path ? (
              <Button
                color="inherit"
                size="small"
                onClick={() =>
                  void download(app.manual_certificate?.path ?? '', app.manual_certificate?.file_name ?? 'certificate')
                }
              >
                {t('view.viewCertificate')}
              </Button>
            ) : (
              <Button
                color="inherit"
                size="small"
                href={api.url(`verify/certificate/${encodeURIComponent(app.app_id)}`)}
                target="_blank"
                rel="noopener"
              >
                {t('view.viewCertificate')}
              </Button>
            )
          }
        >
          <AlertTitle>{t('view.approved')}</AlertTitle>
        </Alert>
      ) : null}

      {status.editable ? (
        <Alert severity="warning">
          <AlertTitle>{t('view.returned')}</AlertTitle>
          {comment ?? t('view.noComment')}
        </Alert>
      ) : null}

      {downloadError ? (
        <Alert severity="error" role="alert" onClose={() => setDownloadError(null)}>
          {downloadError}
        </Alert>
      ) : null}

      {status.editable ? (
        <WizardFlow {...props} applicationId={app.id} initialData={record} existing={attachments} editing />
      ) : (
        <ReadOnlyApplication
          {...props}
          record={record}
          attachments={attachments}
          onDownload={(path, name) => void download(path, name)}
        />
      )}
    </Stack>
  );
}

interface ReadOnlyProps extends ServiceWizardProps {
  record: FormData;
  attachments: ApplicationAttachment[];
  onDownload: (path: string, fileName: string) => void;
}

function ReadOnlyApplication({ definition, api, clientId, record, attachments, onDownload }: ReadOnlyProps) {
  const { t } = useTranslation();
  const rows = useMemo(
    () => detailRows(definition, record, { yes: t('widget.yes'), no: t('widget.no') }),
    [definition, record, t],
  );
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <ServiceForm definition={definition} api={api} clientId={clientId} initialData={record} disabled />
      </Paper>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('view.attachments')}
        </Typography>
        {attachments.length === 0 ? (
          <Typography variant="body2">{t('view.noAttachments')}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {attachments.map((item, index) => (
              <li key={`${item.path}-${index}`}>
                <Link
                  component="button"
                  type="button"
                  onClick={() => onDownload(item.path, item.name ?? item.description ?? 'attachment')}
                  aria-label={t('view.download', { name: item.description ?? item.name ?? item.path })}
                >
                  {item.description ?? item.name ?? item.path}
                </Link>
                {item.name && item.description ? ` (${item.name})` : null}
              </li>
            ))}
          </Stack>
        )}
      </Box>
      {rows.length > 0 ? (
        <Box>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('view.details')}
          </Typography>
          <LabelledRowsTable label={t('view.details')} rows={rows} />
        </Box>
      ) : null}
    </Stack>
  );
}
