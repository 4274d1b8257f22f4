import { useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useStillUntilHydrated } from '../hydration';
import { useTranslation } from '../../engine/react';
import { useApi } from '../api-context';
import { LaterStep, OtpForm, PasswordForm, SuccessPanel, usePreloadedLaterSteps } from '../components/later-steps';
import { useStepFlow } from '../components/use-step-flow';
import { PublicShell } from '../layout/public-shell';
import { UsernameField } from '../components/username-field';
import type { ConfirmAnswer } from '../components/otp-form';

type ResetStep = 'username' | 'otp' | 'password' | 'done';

/** Password reset: email or phone, OTP, new password, success. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const still = useStillUntilHydrated();
  const api = useApi();
  const { step, error, busy, run, goTo } = useStepFlow<ResetStep>('username');
  usePreloadedLaterSteps();
  const [username, setUsername] = useState('');
  const [touched, setTouched] = useState(false);
  // The secret the confirmed code answers: only its holder may set the password. Kept in memory only.
  const passwordToken = useRef<string | null>(null);

  const askForCode = () => api.post('clients/reset-password', { username: username.trim() });

  const submitUsername = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!username.trim()) return;
    void run('username', 'otp', askForCode);
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
          <Box component="form" noValidate onSubmit={submitUsername} {...still}>
            <Stack spacing={2}>
              <UsernameField value={username} onChange={setUsername} touched={touched} />
              <Button type="submit" variant="contained" disabled={busy}>
                {t('forgot.sendCode')}
              </Button>
              <Link component={RouterLink} to="/login">
                {t('forgot.backToLogin')}
              </Link>
            </Stack>
          </Box>
        )}
        <LaterStep>
          {step === 'otp' && (
            <Stack spacing={2}>
              <Alert severity="info" role="status">
                {t('forgot.linkSent')}
              </Alert>
              <OtpForm
                busy={busy}
                sentTo={name}
                onResend={askForCode}
                onChangeContact={() => goTo('username')}
                changeContactLabel={t('forgot.changeUsername')}
                onSubmit={(otp) =>
                  void run('otp', 'password', () =>
                    api.post<ConfirmAnswer>('client/confirm-otp', { username: name, otp }),
                  ).then((result) => {
                    if (result.ok) passwordToken.current = result.data?.password_token ?? null;
                  })
                }
              />
            </Stack>
          )}
          {step === 'password' && (
            <PasswordForm
              busy={busy}
              onSubmit={(password) =>
                void run(
                  'password',
                  'done',
                  () =>
                    api.post('clients/reset-password', {
                      username: name,
                      password,
                      password_token: passwordToken.current,
                    }),
                  // The confirmation expired or was used: start again by asking for a new code.
                  [403],
                )
              }
            />
          )}
          {step === 'done' && <SuccessPanel message={t('forgot.success')} />}
        </LaterStep>
      </Paper>
    </PublicShell>
  );
}
