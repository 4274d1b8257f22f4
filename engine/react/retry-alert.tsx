/**
 * A red alert with a failure's message and a Retry button, in a module of its own: the landing
 * page uses it too, and takes nothing else of the wizard's blocks.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from './translation';

/** A failure with the server's message and a Retry button. */
export function RetryAlert({ error, onRetry }: { error: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('api.retry')}
        </Button>
      }
    >
      {error}
    </Alert>
  );
}
