import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from '../../engine/react/translation';
import { validateOtp } from '../validation';
import { TextInput } from '../../engine/react/text-input';

/** The answer of `client/confirm-otp`: the secret the password step must send back. */
export interface ConfirmAnswer {
  confirmed?: boolean;
  password_token?: string;
}

/** The OTP step of registration and password reset: required, numeric. */
export function OtpForm({
  busy,
  sentTo,
  onSubmit,
}: {
  busy: boolean;
  sentTo: string;
  onSubmit: (otp: string) => void;
}) {
  const { t } = useTranslation();
  const [otp, setOtp] = useState('');
  const [touched, setTouched] = useState(false);
  const error = touched ? validateOtp(otp) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (validateOtp(otp)) return;
    onSubmit(otp.trim());
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
      </Stack>
    </Box>
  );
}
