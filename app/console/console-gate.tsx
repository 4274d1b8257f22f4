/**
 * The frame of every console page (`/console/...`): it reads who is signed in (`GET staff/session`);
 * nobody (401) gets the sign-in page, whose button goes through the authority's OpenID provider and
 * back to the page asked for; a staff member gets the console's bar (their name, the language, sign
 * out) above the page. The applicant's sign-in plays no part: the console is the authority's.
 */
import { createContext, useContext, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import {
  Alert,
  AppBar,
  Box,
  Button,
  CircularProgress,
  Container,
  Link,
  Paper,
  Toolbar,
  Typography,
} from '@mui/material';
import { RetryAlert, useApiQuery, useTranslation } from '../../engine/react';
import { LanguageSwitcher } from '../layout/language-switcher';
import type { StaffSession } from './console-types';
import { useStaffApi } from './staff-api';

const SessionContext = createContext<StaffSession | null>(null);

/** The signed-in staff member (inside ConsoleGate). */
export function useStaffSession(): StaffSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useStaffSession is used outside ConsoleGate.');
  return session;
}

/** The sign-in page: one button to the authority's sign-in, returning to `returnTo`. */
export function ConsoleSignIn({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const api = useStaffApi();
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('console.signIn.title')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('console.signIn.text')}</Typography>
        <Button variant="contained" href={api.url(`staff/sign-in?return=${encodeURIComponent(returnTo)}`)}>
          {t('console.signIn.button')}
        </Button>
      </Paper>
    </Container>
  );
}

function SignOutButton({ session }: { session: StaffSession }) {
  const { t } = useTranslation();
  const api = useStaffApi();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const signOut = async () => {
    setState({ busy: true, error: null });
    const answer = await api.post<{ endSessionUrl?: string }>('staff/sign-out', {}, session.csrfToken);
    if (!answer.ok) {
      setState({ busy: false, error: answer.error });
      return;
    }
    // The provider ends its own session too, then sends the browser back; without its address the
    // console's sign-in page is the way back.
    window.location.assign(answer.data.endSessionUrl ?? '/console');
  };
  return (
    <>
      <Button color="inherit" onClick={() => void signOut()} disabled={state.busy}>
        {t('console.signOut')}
      </Button>
      {state.error ? (
        <Alert severity="error" role="alert" sx={{ ml: 1 }}>
          {state.error}
        </Alert>
      ) : null}
    </>
  );
}

function ConsoleBar({ session }: { session: StaffSession }) {
  const { t } = useTranslation();
  return (
    <AppBar position="static" color="primary" component="header">
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Link
          component={RouterLink}
          to="/console"
          color="inherit"
          underline="hover"
          sx={{ fontWeight: 600, mr: 'auto' }}
        >
          {t('console.title')}
        </Link>
        <Typography variant="body2">{t('console.signedInAs', { name: session.name })}</Typography>
        <LanguageSwitcher />
        <SignOutButton session={session} />
      </Toolbar>
    </AppBar>
  );
}

/** The console's frame: the sign-in page, or the bar and the page of the address. */
export function ConsoleGate() {
  const { t } = useTranslation();
  const api = useStaffApi();
  const { pathname, search } = useLocation();
  // Read through the portal's one cache of reads (a 401, nobody signed in, is not asked again).
  const session = useApiQuery<StaffSession>('staff/session', { api, staleTime: 60_000, requireData: true });
  if (session.status === 'loading' || session.status === 'idle')
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  if (session.status === 'error' || !session.data) {
    if (session.code === 401) return <ConsoleSignIn returnTo={`${pathname}${search}`} />;
    return (
      <Container sx={{ py: 4 }}>
        <RetryAlert error={session.error} onRetry={session.refetch} />
      </Container>
    );
  }
  return (
    <SessionContext.Provider value={session.data}>
      <ConsoleBar session={session.data} />
      <Container maxWidth="xl" component="main" id="main" sx={{ py: 3, px: { xs: 1, sm: 2 } }}>
        <Outlet />
      </Container>
    </SessionContext.Provider>
  );
}
