import { useEffect, useRef } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../engine/react';
import { useApi } from '../api-context';
import { clearStoredUser, getStoredUser } from '../auth/user-store';

/** Revokes the token on the server, clears the stored user and goes to /login. */
export function LogoutPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; sign out once.
    if (started.current) return;
    started.current = true;
    const signOut = async () => {
      if (getStoredUser()) await api.post('clients/logout');
      clearStoredUser();
      navigate('/login', { replace: true });
    };
    void signOut();
  }, [api, navigate]);

  return (
    <Box component="main" sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'center', p: 6 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography role="status">{t('logout.signingOut')}</Typography>
    </Box>
  );
}
