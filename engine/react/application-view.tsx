/**
 * An existing application, titled by its service and number, its status with what happens next: a
 * returned one (status 7) is corrected with the wizard's steps, anything else is shown read-only as
 * text, once: the answered detail rows, the tables, the attachments and the certificate action.
 */
import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from './translation';
import { latestReturnComment, presentStatus, STATUS, type StatusColour } from '../core/status-presentation';
import { serviceStatuses } from '../core/lifecycle';
import { ApplicantTasks } from './applicant-task';
import { formOfApplication, formsOf, savedFormData } from '../core/service-forms';
import { documentLabels, type ServiceAttachment } from '../core/required-documents';
import { isRecord, isSetFlag } from '../core/value-path';
import { answeredViewRows, detailTables, type DetailTable } from '../core/view-rows';
import type { FormData } from './form-context';
import { useBackend } from './backend-context';
import { Busy, LabelledRowsTable, ListTable } from './status-blocks';
import { RetryAlert } from './retry-alert';
import { useApiQuery } from './use-api-query';
import type { ApplicationAttachment, ApplicationDetails, ServiceWizardProps } from './wizard-types';
import type { LifecycleStatus, ServiceDefinition } from '../core/definition-types';
import type { DownloadSource } from '../core/backend-port';
import { StageBlocks } from './stage-blocks';
import { WizardFlow } from './wizard-flow';
import { WizardTitle } from './wizard-title';

const CHIP_COLOURS: Record<StatusColour, 'success' | 'warning' | 'error' | 'info' | 'default'> = {
  success: 'success',
  warning: 'warning',
  error: 'error',
  info: 'info',
  dark: 'default',
};

export function ApplicationView(props: ServiceWizardProps) {
  const { t, i18n } = useTranslation();
  const { applicationId, definition } = props;
  const backend = useBackend();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
  const known = applicationId !== undefined && applicationId !== null && applicationId !== '';
  // Read through the query cache: the portal may have read it already to know whose application it is.
  const view = useApiQuery<ApplicationDetails>(known ? backend.sources.application(applicationId) : null, {
    api: backend,
  });
  // The documents' names in the page's language (the wizard reads the same list through the cache).
  const readsDocumentList = known && formsOf(definition).some((form) => form.documents.serviceAttachments);
  const documentList = useApiQuery<ServiceAttachment[]>(
    readsDocumentList ? backend.sources.serviceAttachments(definition.id) : null,
    { api: backend },
  );

  /** Saves a file the backend holds: an attachment or a document of the lifecycle. */
  const download = useCallback(
    async (source: DownloadSource, fileName: string) => {
      setDownloadError(null);
      const error = await backend.download(source, fileName);
      if (error) setDownloadError(error);
    },
    [backend],
  );
  /** The backend's printable copy of the application, in the language the page shows. */
  const downloadCopy = useCallback(
    async (id: number | string, appId: string) => {
      setDownloadError(null);
      setCopying(true);
      const error = await backend.downloadCopy(id, `${appId}.pdf`, i18n.language);
      setCopying(false);
      if (error) setDownloadError(error);
    },
    [backend, i18n.language],
  );

  // On the view route the heading is the service's title, then with the application's number once read.
  const titled = (number?: string | number) =>
    props.mode === 'view' ? (
      <WizardTitle>
        {number === undefined ? definition.title : t('view.title', { service: definition.title, number })}
      </WizardTitle>
    ) : null;
  if (!known)
    return (
      <>
        {titled()}
        <Alert severity="error">{t('view.noApplication')}</Alert>
      </>
    );
  if (view.status === 'error')
    return (
      <>
        {titled()}
        <RetryAlert error={view.error} onRetry={view.refetch} />
      </>
    );
  if (!view.data)
    return (
      <>
        {titled()}
        <Busy>{t('view.loading')}</Busy>
      </>
    );

  const app = view.data;
  /**
   * The applicant changed the application (a task saved, conditions answered): read it again; the
   * dashboard shows its new status too.
   */
  const changedByApplicant = () => {
    view.refetch();
    props.onSubmitted?.();
  };
  // A service with several forms: the application's is the one whose record it holds.
  const form = formOfApplication(definition, app);
  const status = presentStatus(app, serviceStatuses(form));
  const record: FormData = savedFormData(form, app);
  const attachments = app.application_attachments ?? [];
  const comment = status.editable ? latestReturnComment(app.application_flow_histories) : null;
  const draft = isDraftDetails(app.draft) ? app.draft : null;

  return (
    <Stack spacing={2}>
      {titled(app.app_id)}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: { sm: 'center' } }}>
        <Chip
          // Status labels are translated by the portal's catalogue (status.*); English otherwise.
          label={t(`status.${status.label}`, { defaultValue: status.label })}
          color={CHIP_COLOURS[status.colour]}
          sx={[
            { alignSelf: 'flex-start' },
            status.colour === 'dark' ? { bgcolor: 'grey.900', color: 'common.white' } : {},
          ]}
        />
        <Typography variant="body1">{status.nextText ?? t(`view.next.${status.next}`)}</Typography>
      </Stack>
      {props.mode === 'view' ? null : (
        <Typography variant="body2" color="text.secondary">
          {t('view.applicationId')}: <strong>{app.app_id}</strong>
        </Typography>
      )}

      {app.application_status_id === STATUS.draft ? null : (
        <Box>
          <Button
            variant="outlined"
            size="small"
            startIcon={copying ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            disabled={copying}
            aria-busy={copying}
            onClick={() => void downloadCopy(app.id, app.app_id)}
          >
            {copying ? t('view.preparingCopy') : t('view.downloadCopy')}
          </Button>
        </Box>
      )}

      {status.approved ? (
        <Alert
          severity="success"
          action={
            isSetFlag(app.manually_processed) && app.manual_certificate?.path ? (
              <Button
                color="inherit"
                size="small"
                onClick={() =>
                  void download(
                    { attachment: app.manual_certificate?.path ?? '' },
                    app.manual_certificate?.file_name ?? 'certificate',
                  )
                }
              >
                {t('view.viewCertificate')}
              </Button>
            ) : app.certUrl ? (
              <Button color="inherit" size="small" href={backend.linkUrl(app.certUrl)} target="_blank" rel="noopener">
                {t('view.viewCertificate')}
              </Button>
            ) : undefined
          }
        >
          <AlertTitle>{t('view.approved')}</AlertTitle>
        </Alert>
      ) : null}

      <StageBlocks
        definition={form}
        application={app}
        onDownload={(document, name) => void download({ document }, name)}
        onAnswered={changedByApplicant}
      />

      <ApplicantTasks
        definition={definition}
        clientId={props.clientId}
        application={app}
        {...(props.upload ? { upload: props.upload } : {})}
        onDone={changedByApplicant}
      />

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
        <WizardFlow
          {...props}
          definition={form}
          applicationId={app.id}
          initialData={record}
          existing={attachments}
          editing
        />
      ) : app.application_status_id === STATUS.draft ? (
        // A draft is continued in the wizard of a new application, with what it holds.
        <WizardFlow
          {...props}
          applicationId={app.id}
          initialData={draft?.answers ?? NO_ANSWERS}
          {...(draft?.variant !== undefined ? { initialVariant: draft.variant } : {})}
          existing={attachments}
          editing={false}
          resumed
        />
      ) : (
        <ReadOnlyApplication
          {...props}
          definition={form}
          choice={definition.variants?.label}
          application={app}
          attachments={attachments}
          {...(Array.isArray(documentList.data) ? { serviceAttachments: documentList.data } : {})}
          onDownload={(path, name) => void download({ attachment: path }, name)}
        />
      )}

      <ApplicationHistory histories={app.application_flow_histories ?? []} statuses={serviceStatuses(form)} />
    </Stack>
  );
}

const NO_ANSWERS: FormData = {};

/** The draft part of the answer (`draft: { answers, variant?, saved_at }`), when it has that shape. */
function isDraftDetails(value: unknown): value is { answers: FormData; variant?: string } {
  return (
    isRecord(value) && isRecord(value.answers) && (value.variant === undefined || typeof value.variant === 'string')
  );
}

/** What happened to the application, oldest first: when, which status, by whom, the comment. */
function ApplicationHistory({
  histories,
  statuses,
}: {
  histories: NonNullable<ApplicationDetails['application_flow_histories']>;
  statuses: readonly LifecycleStatus[];
}) {
  const { t, i18n } = useTranslation();
  if (histories.length === 0) return null;
  const when = (iso: string | null | undefined) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '';
  const rows = histories.map((entry) => {
    const label = presentStatus({ application_status_id: entry.application_status_id }, statuses).label;
    const actor = entry.actor ?? 'system';
    return [
      when(entry.created_at),
      t(`status.${label}`, { defaultValue: label }),
      t(`history.${actor}`, { defaultValue: actor }),
      entry.comment_to_applicant ?? '',
    ];
  });
  return (
    <Box>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('history.title')}
      </Typography>
      <ListTable
        label={t('history.title')}
        columns={[t('history.when'), t('history.status'), t('history.by'), t('history.comment')]}
        rows={rows}
      />
    </Box>
  );
}

/** What the answers of a submitted application are shown from. */
export interface ReadOnlyApplicationProps {
  /** The form the application holds (translated). */
  definition: ServiceDefinition;
  /** The label of the choice between the service's forms, for a service with several. */
  choice?: string;
  application: ApplicationDetails;
  attachments: ApplicationAttachment[];
  /** The service's attachment list in the page's language: its documents are listed by their label. */
  serviceAttachments?: readonly ServiceAttachment[];
  onDownload: (path: string, fileName: string) => void;
}

/**
 * A submitted application's answers as text: the answered detail rows, the detail tables and the
 * attachments (the view of an application that may not be changed, and the studio's view).
 */
export function ReadOnlyApplication(props: ReadOnlyApplicationProps) {
  const { definition, choice, application, attachments, serviceAttachments, onDownload } = props;
  const { t } = useTranslation();
  const labels = useMemo(() => documentLabels(definition, serviceAttachments), [definition, serviceAttachments]);
  const rows = useMemo(
    () => answeredViewRows(definition, application, choice, { yes: t('widget.yes'), no: t('widget.no') }),
    [definition, application, choice, t],
  );
  const tables: DetailTable[] = useMemo(
    () => detailTables(definition, application, { yes: t('widget.yes'), no: t('widget.no') }),
    [definition, application, t],
  );
  return (
    <Stack spacing={3}>
      {rows.length > 0 ? (
        <Box>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('view.details')}
          </Typography>
          <LabelledRowsTable label={t('view.details')} rows={rows} />
        </Box>
      ) : null}
      {tables.map((table) => (
        <Box key={table.title}>
          <Typography variant="h6" component="h2" gutterBottom>
            {table.title}
          </Typography>
          {table.rows.length === 0 ? (
            <Typography variant="body2">{t('view.noRows')}</Typography>
          ) : (
            <ListTable label={table.title} columns={table.columns} rows={table.rows} />
          )}
        </Box>
      ))}
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('view.attachments')}
        </Typography>
        {attachments.length === 0 ? (
          <Typography variant="body2">{t('view.noAttachments')}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {attachments.map((item, index) => {
              // Filed under the document's English name; shown by its name in the page's language.
              const document = item.description ? (labels.get(item.description) ?? item.description) : undefined;
              return (
                <li key={`${item.path}-${index}`}>
                  <Link
                    component="button"
                    type="button"
                    onClick={() => onDownload(item.path, item.name ?? item.description ?? 'attachment')}
                    aria-label={t('view.download', { name: document ?? item.name ?? item.path })}
                  >
                    {document ?? item.name ?? item.path}
                  </Link>
                  {item.name && document ? ` (${item.name})` : null}
                  {item.created_at || item.earlier_versions ? (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {[
                        item.created_at ? t('view.uploadedOn', { date: item.created_at.slice(0, 10) }) : null,
                        item.earlier_versions ? t('view.replacesEarlier', { count: item.earlier_versions }) : null,
                      ]
                        .filter(Boolean)
                        .map((part) => ` · ${String(part)}`)
                        .join('')}
                    </Typography>
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
