import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../engine/core/api-client';
import { useApi } from '../api-context';
import { OtpForm } from '../components/otp-form';
import { PasswordForm } from '../components/password-form';
import { PublicShell } from '../layout/public-shell';

type ResetStep = 'username' | 'otp' | 'password' | 'done';

/** Password reset: email or phone, OTP, new password, success. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const api = useApi();
  const [step, setStep] = useState<ResetStep>('username');
  const [username, setUsername] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (current: ResetStep, next: ResetStep, call: () => Promise<ApiResult<unknown>>) => {
    setBusy(true);
    setError(null);
    const result = await call();
    setBusy(false);
    if (result.ok) setStep(next);
    else {
      setStep(current);
      setError(result.error);
    }
  };

  const submitUsername = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!username.trim()) return;
    void run('username', 'otp', () => api.post('clients/reset-password', { username: username.trim() }));
  };
  const name = username.trim();

  return (
    <PublicShell maxWidth="sm">
      <Paper component="section" aria-labelledby="forgot-title" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography id="forgot-title" variant="h1" gutterBottom>
          {t('forgot.title')}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {step === 'username' && (
          <Box component="form" noValidate onSubmit={submitUsername}>
            <Stack spacing={2}>
              <TextField
                label={t('login.username')}
                name="username"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                required
                error={touched && !username.trim()}
                helperText={touched && !username.trim() ? t('validation.required') : t('login.usernameHelp')}
                fullWidth
              />
              <Button type="submit" variant="contained" disabled={busy}>
                {t('forgot.sendCode')}
              </Button>
              <Link component={RouterLink} to="/login">
                {t('forgot.backToLogin')}
              </Link>
            </Stack>
          </Box>
        )}
        {step === 'otp' && (
          <Stack spacing={2}>
            <Alert severity="info" role="status">
              {t('forgot.linkSent')}
            </Alert>
            <OtpForm
              busy={busy}
              sentTo={name}
              onSubmit={(otp) =>
                void run('otp', 'password', () => api.post('client/confirm-otp', { username: name, otp }))
              }
            />
          </Stack>
        )}
        {step === 'password' && (
          <PasswordForm
            busy={busy}
            onSubmit={(password) =>
              void run('password', 'done', () => api.post('clients/reset-password', { username: name, password }))
            }
          />
        )}
        {step === 'done' && (
          <Stack spacing={2} role="status">
            <Alert severity="success">{t('forgot.success')}</Alert>
            <Button variant="contained" component={RouterLink} to="/login">
              {t('register.goToLogin')}
            </Button>
          </Stack>
        )}
      </Paper>
    </PublicShell>
  );
}
