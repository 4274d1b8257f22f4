import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useStillUntilHydrated } from '../hydration';
import { useTranslation, useFailureMessage, TextInput } from '../../engine/react';
import { useApi } from '../api-context';
import { returnPath } from '../auth/require-auth';
import { lastSignOutReason, setStoredUser, type StoredUser } from '../auth/user-store';
import { PublicShell } from '../layout/public-shell';
import { UsernameField } from '../components/username-field';

/** Sign-in with email or phone and password; returns to the remembered origin or /dashboard. */
export function LoginPage() {
  const { t } = useTranslation();
  const still = useStillUntilHydrated();
  const api = useApi();
  const describe = useFailureMessage();
  const navigate = useNavigate();
  // Where RequireAuth sent the visitor from (LoginRedirectState).
  const origin: unknown = useLocation().state;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const expired = lastSignOutReason() === 'expired';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!username.trim() || !password) return;
    setBusy(true);
    setError(null);
    const result = await api.post<StoredUser>('clients/login', { username: username.trim(), password });
    setBusy(false);
    if (!result.ok || !result.data) {
      // An answer without the user is a server error too.
      setError(describe(result));
      return;
    }
    setStoredUser(result.data);
    navigate(returnPath(origin), { replace: true });
  };

  return (
    <PublicShell maxWidth="sm">
      <Paper component="section" aria-labelledby="login-title" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography id="login-title" variant="h1" gutterBottom>
          {t('login.title')}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} {...still}>
          <Stack spacing={2}>
            {expired && !error ? (
              <Alert severity="info" role="status">
                {t('login.sessionExpired')}
              </Alert>
            ) : null}
            {error && <Alert severity="error">{error}</Alert>}
            <UsernameField value={username} onChange={setUsername} touched={touched} />
            <TextInput
              label={t('login.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              error={touched && !password}
              helperText={touched && !password ? t('validation.required') : undefined}
              fullWidth
            />
            {/* The browser's own checkbox in the theme's colour: the spec's remember-me box has no
                behaviour, and MUI's Checkbox would be a thirtieth of the page's script. */}
            <Box component="label" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5, minHeight: 44 }}>
              <Box
                component="input"
                type="checkbox"
                checked={remember}
                onChange={(e: ChangeEvent<HTMLInputElement>) => setRemember(e.target.checked)}
                sx={{ width: 20, height: 20, m: 0, accentColor: (theme) => theme.palette.primary.main }}
              />
              <Typography component="span">{t('login.rememberMe')}</Typography>
            </Box>
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {busy ? t('login.signingIn') : t('login.submit')}
            </Button>
            <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
              <Link component={RouterLink} to="/forgot-password">
                {t('login.forgotPassword')}
              </Link>
              <Link component={RouterLink} to="/register">
                {t('login.noAccount')}
              </Link>
            </Stack>
          </Stack>
        </Box>
      </Paper>
    </PublicShell>
  );
}
