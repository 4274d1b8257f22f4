/**
 * The head of an application's view: its status with what happens next, its number (but on the view
 * route, whose title holds it), the download of its copy (once submitted), and, once approved, its
 * certificate.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DownloadSource } from '../core/backend-port';
import { STATUS, type presentStatus, type StatusColour } from '../core/status-presentation';
import { isSetFlag } from '../core/value-path';
import { useBackend } from './backend-context';
import { useTranslation } from './translation';
import type { ApplicationDetails } from './wizard-types';

const CHIP_COLOURS: Record<StatusColour, 'success' | 'warning' | 'error' | 'info' | 'default'> = {
  success: 'success',
  warning: 'warning',
  error: 'error',
  info: 'info',
  dark: 'default',
};

export interface ApplicationStatusProps {
  application: ApplicationDetails;
  status: ReturnType<typeof presentStatus>;
  /** The number is shown as a line (the view route titles the page with it instead). */
  showsNumber: boolean;
  copying: boolean;
  onCopy: () => void;
  onDownload: (source: DownloadSource, fileName: string) => void;
}

export function ApplicationStatus({
  application: app,
  status,
  showsNumber,
  copying,
  onCopy,
  onDownload,
}: ApplicationStatusProps) {
  const { t } = useTranslation();
  const backend = useBackend();
  const manual = isSetFlag(app.manually_processed) && app.manual_certificate?.path ? app.manual_certificate : null;
  return (
    <>
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
      {showsNumber ? (
        <Typography variant="body2" color="text.secondary">
          {t('view.applicationId')}: <strong>{app.app_id}</strong>
        </Typography>
      ) : null}
      {app.application_status_id === STATUS.draft ? null : (
        <Box>
          <Button
            variant="outlined"
            size="small"
            startIcon={copying ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            disabled={copying}
            aria-busy={copying}
            onClick={onCopy}
          >
            {copying ? t('view.preparingCopy') : t('view.downloadCopy')}
          </Button>
        </Box>
      )}
      {status.approved ? (
        <Alert
          severity="success"
          action={
            manual ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => onDownload({ attachment: manual.path }, manual.file_name ?? 'certificate')}
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
    </>
  );
}
