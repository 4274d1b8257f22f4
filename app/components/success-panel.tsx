import { Alert, Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from '../../engine/react';

/** The last step of registration and password reset: the success message and a link to login. */
export function SuccessPanel({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} role="status">
      <Alert severity="success">{message}</Alert>
      <Button variant="contained" component={RouterLink} to="/login">
        {t('register.goToLogin')}
      </Button>
    </Stack>
  );
}
