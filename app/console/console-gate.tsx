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
import { useQuery } from '@tanstack/react-query';
import { RetryAlert, useTranslation } from '../../engine/react';
import { LanguageSwitcher } from '../layout/language-switcher';
import type { StaffSession } from './console-types';
import { useStaffApi, type StaffResult } from './staff-api';

/** The query key of the session (the pages read it again after signing out). */
export const SESSION_KEY = ['staff', 'session'] as const;

const SessionContext = createContext<StaffSession | null>(null);

/** The signed-in staff member (inside ConsoleGate). */
export function useStaffSession(): StaffSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useStaffSession is used outside ConsoleGate.');
  return session;
}

/** An answer's failure as an Error for TanStack Query, keeping its code. */
export class StaffError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** The data of an answer, or a StaffError (what a query function returns). */
export function dataOf<T>(result: StaffResult<T>): T {
  if (!result.ok) throw new StaffError(result.error, result.code);
  return result.data;
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
        <Typography variant="body2" aria-label={t('console.signedInAs', { name: session.name })}>
          {session.name}
        </Typography>
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
  const session = useQuery({
    queryKey: SESSION_KEY,
    queryFn: async ({ signal }) => dataOf(await api.get<StaffSession>('staff/session', signal)),
    // A 401 is an answer (nobody signed in), not a failure worth asking again.
    retry: false,
    staleTime: 60_000,
  });
  if (session.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  if (session.isError) {
    if (session.error instanceof StaffError && session.error.code === 401)
      return <ConsoleSignIn returnTo={`${pathname}${search}`} />;
    return (
      <Container sx={{ py: 4 }}>
        <RetryAlert error={session.error.message} onRetry={() => void session.refetch()} />
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
