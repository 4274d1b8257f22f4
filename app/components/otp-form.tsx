import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { ApiResult } from '../../engine/core';
import { useFailureMessage, useTranslation, TextInput } from '../../engine/react';
import { validateOtp } from '../validation';

/** The answer of `client/confirm-otp`: the secret the password step must send back. */
export interface ConfirmAnswer {
  confirmed?: boolean;
  password_token?: string;
}

/**
 * Seconds before a code may be sent again: the server's default pause between two codes
 * (OTP_RESEND_SECONDS); a stricter server still answers 429 with its own message, which is shown.
 */
export const RESEND_WAIT_SECONDS = 60;

/** Counts down from `seconds` each time `restart` is called; 0 when the wait is over. */
function useCountdown(seconds: number): [number, () => void] {
  const [until, setUntil] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return [
    left,
    () => {
      const start = Date.now();
      setUntil(start + seconds * 1000);
      setNow(start);
    },
  ];
}

/**
 * The OTP step of registration and password reset: required, numeric. The code can be sent again
 * once the server's pause is over (the button says how long is left), and `onChangeContact` leads
 * back to correct the e-mail or phone the code went to.
 */
export function OtpForm({
  busy,
  sentTo,
  onSubmit,
  onResend,
  onChangeContact,
  changeContactLabel,
}: {
  busy: boolean;
  sentTo: string;
  onSubmit: (otp: string) => void;
  /** Asks the server for a new code. */
  onResend: () => Promise<ApiResult<unknown>>;
  onChangeContact: () => void;
  changeContactLabel: string;
}) {
  const { t } = useTranslation();
  const describe = useFailureMessage();
  const [otp, setOtp] = useState('');
  const [touched, setTouched] = useState(false);
  const [wait, restartWait] = useCountdown(RESEND_WAIT_SECONDS);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState<{ ok: true } | { ok: false; message: string } | null>(null);
  const error = touched ? validateOtp(otp) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (validateOtp(otp)) return;
    onSubmit(otp.trim());
  };
  const resend = async () => {
    setResending(true);
    setResent(null);
    const result = await onResend();
    setResending(false);
    // Sent or refused (too soon, too many), the next try waits a full pause.
    restartWait();
    setResent(result.ok ? { ok: true } : { ok: false, message: describe(result) });
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <Typography>{t('otp.sent', { to: sentTo })}</Typography>
        <TextInput
          label={t('otp.label')}
          name="otp"
          value={otp}
          onChange={(e) => setOtp(e.target.value)}
          required
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={Boolean(error)}
          helperText={error ? t(error) : undefined}
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {t('otp.confirm')}
        </Button>
        <div role="status">
          {resent && (
            <Alert severity={resent.ok ? 'success' : 'error'}>
              {resent.ok ? t('otp.resent', { to: sentTo }) : resent.message}
            </Alert>
          )}
        </div>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => void resend()} disabled={busy || resending || wait > 0}>
            {wait > 0 ? t('otp.resendIn', { seconds: wait }) : t('otp.resend')}
          </Button>
          <Button variant="text" onClick={onChangeContact} disabled={busy || resending}>
            {changeContactLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
