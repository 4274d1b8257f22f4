import { useState, type FormEvent } from 'react';
import { Box, Button, Stack } from '@mui/material';
import { useTranslation, TextInput } from '../../engine/react';
import { validatePasswords } from '../validation';

/**
 * New password with confirmation ('Passwords do not match'), at least 8 characters and not only
 * spaces; the server also refuses common passwords and its message shows above the form.
 */
export function PasswordForm({ busy, onSubmit }: { busy: boolean; onSubmit: (password: string) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const errors = touched ? validatePasswords(password, confirmation) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(validatePasswords(password, confirmation)).length > 0) return;
    onSubmit(password);
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <TextInput
          label={t('password.new')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          error={Boolean(errors.password)}
          helperText={t(errors.password ?? 'password.hint')}
          fullWidth
        />
        <TextInput
          label={t('password.confirm')}
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          required
          error={Boolean(errors.confirmation)}
          helperText={errors.confirmation ? t(errors.confirmation) : undefined}
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {t('password.save')}
        </Button>
      </Stack>
    </Box>
  );
}
