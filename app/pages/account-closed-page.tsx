import { useEffect, useRef } from 'react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from '../../engine/react';
import { PublicShell } from '../layout/public-shell';

/**
 * Where a closed account lands, signed out: it says the account is closed, what went and what the
 * authority keeps, and that the e-mail address may register again. The heading takes the focus, so a
 * screen reader starts here after the dialog that closed the account.
 */
export function AccountClosedPage() {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
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
