/**
 * An existing application: a returned one (status 7) is corrected with the wizard's steps, anything
 * else is shown read-only with its attachments, detail rows and certificate action.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { latestReturnComment, presentStatus, type StatusColour } from '../core/status-presentation';
import { detailRows } from '../core/view-rows';
import type { FormData } from './form-context';
import { ServiceForm } from './service-form';
import { downloadWithToken } from './upload-file';
import { Busy, LabelledRowsTable, RetryAlert } from './status-blocks';
import type { ApplicationAttachment, ApplicationDetails, ServiceWizardProps } from './wizard-types';
import { WizardFlow } from './wizard-flow';

const CHIP_COLOURS: Record<StatusColour, 'success' | 'warning' | 'error' | 'info' | 'default'> = {
  success: 'success',
  warning: 'warning',
  error: 'error',
  info: 'info',
  dark: 'default',
};

function isTruthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

type ViewState =
  { status: 'loading' } | { status: 'ready'; app: ApplicationDetails } | { status: 'failed'; error: string };

export function ApplicationView(props: ServiceWizardProps) {
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
            ) : app.certUrl ? (
              <Button color="inherit" size="small" href={api.url(app.certUrl)} target="_blank" rel="noopener">
                {t('view.viewCertificate')}
              </Button>
            ) : undefined
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
