import { useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useStillUntilHydrated } from '../hydration';
import { lazyModule, useTranslation, StepProgress, TextInput } from '../../engine/react';
import { useApi } from '../api-context';
import { LaterStep, OtpForm, PasswordForm, SuccessPanel, usePreloadedLaterSteps } from '../components/later-steps';
import { useStepFlow } from '../components/use-step-flow';
import { PublicShell } from '../layout/public-shell';
import type { ConfirmAnswer } from '../components/otp-form';

type RegisterStep = 'details' | 'otp' | 'password' | 'done';
const STEPS: RegisterStep[] = ['details', 'otp', 'password'];

interface Details {
  first_name: string;
  last_name: string;
  other_name: string;
  telephone: string;
  email: string;
}

/**
 * The details' rules and the summary of problems, needed from the first submit on: loaded when the
 * page is idle (with the later steps) or by that submit, whichever comes first.
 */
const checks = lazyModule(() => import('./register-checks'));
const loadChecks = () => checks.preload();

/** The id of a registration field's input (the error summary links to it). */
const fieldId = (name: string) => `register-${name}`;

const EMPTY: Details = { first_name: '', last_name: '', other_name: '', telephone: '', email: '' };

/** Registration in place: details, OTP, password, then a success panel. */
export function RegisterPage() {
  const { t } = useTranslation();
  const still = useStillUntilHydrated();
  const api = useApi();
  const { step, error, busy, run, goTo } = useStepFlow<RegisterStep>('details');
  usePreloadedLaterSteps(loadChecks);
  // Set once the checks are loaded (the page's first render may come before).
  const [loadedChecks, setLoadedChecks] = useState(checks.current);
  const [details, setDetails] = useState<Details>(EMPTY);
  const [touched, setTouched] = useState(false);
  // Counts refused submits: each one moves the focus to the error summary.
  const [refusals, setRefusals] = useState(0);
  // The secret the confirmed code answers: only its holder may set the password. Kept in memory only.
  const passwordToken = useRef<string | null>(null);

  const errors = touched && loadedChecks ? loadedChecks.validateRegistration(details) : {};
  const labels: Record<keyof Details, string> = {
    first_name: t('register.firstName'),
    last_name: t('register.lastName'),
    other_name: t('register.otherName'),
    telephone: t('register.telephone'),
    email: t('register.email'),
  };
  const username = details.email.trim();

  // Registering again with the same details sends a new code (the registration starts again).
  const register = () =>
    api.post('clients', {
      first_name: details.first_name.trim(),
      last_name: details.last_name.trim(),
      other_name: details.other_name.trim(),
      telephone: details.telephone.trim(),
      email: details.email.trim(),
    });

  const submitDetails = async (event: FormEvent) => {
    event.preventDefault();
    // Checks that cannot load (offline) leave the judging to the server, which refuses the same.
    const loaded = await loadChecks().catch(() => undefined);
    setLoadedChecks(loaded);
    setTouched(true);
    if (loaded && Object.keys(loaded.validateRegistration(details)).length > 0) {
      setRefusals((n) => n + 1);
      return;
    }
    void run('details', 'otp', register);
  };

  const field = (
    name: keyof Details,
    label: string,
    extra: { type?: string; autoComplete?: string; required?: boolean } = {},
  ) => {
    const message = errors[name as keyof typeof errors];
    return (
      <TextInput
        id={fieldId(name)}
        label={label}
        name={name}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete}
        required={extra.required ?? true}
        value={details[name]}
        onChange={(e) => setDetails({ ...details, [name]: e.target.value })}
        error={Boolean(message)}
        helperText={message ? t(message) : undefined}
        fullWidth
      />
    );
  };

  return (
    <PublicShell maxWidth="sm">
      <Paper component="section" aria-labelledby="register-title" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography id="register-title" variant="h1" gutterBottom>
          {t('register.title')}
        </Typography>
        {step !== 'done' && (
          <StepProgress labels={STEPS.map((s) => t(`register.steps.${s}`))} current={STEPS.indexOf(step)} />
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {step === 'details' && (
          <Box component="form" noValidate onSubmit={(event) => void submitDetails(event)} {...still}>
            {loadedChecks && (
              <loadedChecks.ErrorSummary errors={errors} labels={labels} idOf={fieldId} attempt={refusals} />
            )}
            <Stack spacing={2}>
              {field('first_name', labels.first_name, { autoComplete: 'given-name' })}
              {field('last_name', labels.last_name, { autoComplete: 'family-name' })}
              {field('other_name', labels.other_name, { autoComplete: 'additional-name', required: false })}
              {field('telephone', labels.telephone, { type: 'tel', autoComplete: 'tel' })}
              {field('email', labels.email, { type: 'email', autoComplete: 'email' })}
              <Button type="submit" variant="contained" disabled={busy}>
                {t('register.submit')}
              </Button>
              <Typography variant="body2">
                {t('register.haveAccount')}{' '}
                <Link component={RouterLink} to="/login">
                  {t('nav.login')}
                </Link>
              </Typography>
            </Stack>
          </Box>
        )}
        <LaterStep>
          {step === 'otp' && (
            <OtpForm
              busy={busy}
              sentTo={username}
              onResend={register}
              onChangeContact={() => goTo('details')}
              changeContactLabel={t('register.changeContact')}
              onSubmit={(otp) =>
                void run('otp', 'password', () =>
                  api.post<ConfirmAnswer>('client/confirm-otp', { username, otp }),
                ).then((result) => {
                  if (result.ok) passwordToken.current = result.data?.password_token ?? null;
                })
              }
            />
          )}
          {step === 'password' && (
            <PasswordForm
              busy={busy}
              onSubmit={(password) =>
                void run(
                  'password',
                  'done',
                  () => api.post('client/password', { username, password, password_token: passwordToken.current }),
                  // The confirmation expired or was used: start again from the details (a new code is sent).
                  [403],
                )
              }
            />
          )}
          {step === 'done' && <SuccessPanel message={t('register.success')} />}
        </LaterStep>
      </Paper>
    </PublicShell>
  );
}
