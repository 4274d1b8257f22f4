import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Shown when a page fails to load or render, instead of a blank screen. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Box component="main" sx={{ p: 4, maxWidth: 720, mx: 'auto' }}>
      <Alert severity="error">
        <AlertTitle>{t('errors.pageTitle')}</AlertTitle>
        {detail}
      </Alert>
      <Button sx={{ mt: 2 }} variant="contained" href="/">
        {t('notFound.back')}
      </Button>
    </Box>
  );
}
