import { useEffect, useRef } from 'react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from '../../engine/react';
import { clearStoredUser } from '../auth/user-store';
import { PublicShell } from '../layout/public-shell';
import { isAccountClosedState } from './account-closed-state';

/**
 * Where a closed account lands, signed out: it says the account is closed, what went and what the
 * authority keeps, and that the e-mail address may register again. Reached from the closing (its
 * history state says so), it signs the browser out. The heading takes the focus, so a screen reader
 * starts here after the dialog that closed the account.
 */
export function AccountClosedPage() {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const closedNow = isAccountClosedState(useLocation().state);
  useEffect(() => {
    // Sent here by the closing itself: its session is gone on the server, so it goes here too.
    if (closedNow) clearStoredUser();
    heading.current?.focus();
  }, [closedNow]);
  return (
    <PublicShell maxWidth="sm">
      <Paper component="section" aria-labelledby="closed-title" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography id="closed-title" ref={heading} tabIndex={-1} variant="h1" gutterBottom>
          {t('accountClosed.title')}
        </Typography>
        <Stack spacing={2}>
          <Typography>{t('accountClosed.deleted')}</Typography>
          <Typography>{t('accountClosed.kept')}</Typography>
          <Typography>{t('accountClosed.again')}</Typography>
          <Stack direction="row" spacing={2}>
            <Button variant="contained" component={RouterLink} to="/">
              {t('accountClosed.home')}
            </Button>
            <Button variant="outlined" component={RouterLink} to="/register">
              {t('accountClosed.register')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </PublicShell>
  );
}
