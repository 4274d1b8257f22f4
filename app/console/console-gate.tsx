/**
 * The frame of every console page (`/console/...`): it reads who is signed in (`GET staff/session`);
 * nobody (401) gets the sign-in page, whose button goes through the authority's OpenID provider and
 * back to the page asked for (a refused sign-in comes back with `?sign_in_error=<why>`: the page says
 * why in the console's language and offers to sign in again); a staff member gets the console's bar (their name, the language, sign
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

/** The query parameter by which the server's callback says why a sign-in was refused. */
const SIGN_IN_ERROR = 'sign_in_error';

/** The catalogue's words for each refusal the callback names (`SignInRefusal` of the server). */
const REFUSALS: Record<string, string> = {
  'not-started': 'notStarted',
  'provider-refused': 'providerRefused',
  'answer-refused': 'answerRefused',
  unnamed: 'unnamed',
  'provider-unreachable': 'providerUnreachable',
};

/** The page's address without the refusal the callback added, and that refusal's words (null when none). */
export function signInRefusal(pathname: string, search: string): { returnTo: string; refusal: string | null } {
  const params = new URLSearchParams(search);
  const code = params.get(SIGN_IN_ERROR);
  params.delete(SIGN_IN_ERROR);
  const rest = params.toString();
  return {
    returnTo: `${pathname}${rest ? `?${rest}` : ''}`,
    refusal: code === null ? null : (REFUSALS[code] ?? 'failed'),
  };
}

/**
 * The sign-in page: one button to the authority's sign-in, returning to `returnTo`; after a refused
 * sign-in (`refusal`: its words in the catalogue), why, and the button to sign in again.
 */
export function ConsoleSignIn({ returnTo, refusal = null }: { returnTo: string; refusal?: string | null }) {
  const { t } = useTranslation();
  const api = useStaffApi();
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('console.signIn.title')}
        </Typography>
        {refusal ? (
          <Alert severity="error" role="alert" sx={{ mb: 3 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('console.signIn.refused.title')}
            </Typography>
            {t(`console.signIn.refused.${refusal}`)}
          </Alert>
        ) : (
          <Typography sx={{ mb: 3 }}>{t('console.signIn.text')}</Typography>
        )}
        <Button variant="contained" href={api.url(`staff/sign-in?return=${encodeURIComponent(returnTo)}`)}>
          {t(refusal ? 'console.signIn.again' : 'console.signIn.button')}
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
    if (session.code === 401) return <ConsoleSignIn {...signInRefusal(pathname, search)} />;
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
