/**
 * The two small states every loading step of the wizard shows: a spinner with a text announced to
 * screen readers, and a red alert with the server's message and a Retry button.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A spinner with its text, announced as a status. */
export function Busy({ children, compact = false }: { children: ReactNode; compact?: boolean }) {
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ py: compact ? 0 : 4, alignItems: 'center' }}>
      <CircularProgress size={compact ? 20 : 24} />
      <Typography>{children}</Typography>
    </Stack>
  );
}

/** A failure with the server's message and a Retry button. */
export function RetryAlert({ error, onRetry }: { error: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('wizard.retry')}
        </Button>
      }
    >
      {error}
    </Alert>
  );
}
