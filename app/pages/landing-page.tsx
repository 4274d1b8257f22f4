import { useState } from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import type { PublicService } from '../../engine/core';
import { useTranslation, RetryAlert } from '../../engine/react';
import { useUser } from '../auth/user-store';
import { PublicShell } from '../layout/public-shell';
import { usePublicRead } from './use-public-read';
import { useStillUntilHydrated } from '../hydration';

/** Services shown before 'Show More' (spec 01 section 9). */
export const LANDING_SERVICES_SHOWN = 6;

/** The list of an answer; anything else counts as a failure to load. */
function servicesOf(data: unknown): PublicService[] | null {
  return Array.isArray(data) ? (data as PublicService[]) : null;
}

/** Public landing page; a signed-in user goes straight to the dashboard. */
export function LandingPage() {
  const user = useUser();
  if (user) return <Navigate to="/dashboard" replace />;
  return <Landing />;
}

function Landing() {
  const { t } = useTranslation();
  const read = usePublicRead<unknown>('services');
  const [showAll, setShowAll] = useState(false);
  // The page is prerendered: a click on Show More before the script runs would be lost.
  const still = useStillUntilHydrated();
  // An answer that is not a list is a failure too.
  const services = read.status === 'success' ? servicesOf(read.data) : undefined;
  const failed = read.status === 'error' || services === null;

  const list = services ?? [];
  const shown = showAll ? list : list.slice(0, LANDING_SERVICES_SHOWN);

  return (
    <PublicShell>
      <Box component="section" aria-labelledby="hero-title" sx={{ py: { xs: 4, md: 8 }, textAlign: 'center' }}>
        <Typography id="hero-title" variant="h1" gutterBottom>
          {t('landing.heroTitle')}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ maxWidth: 720, mx: 'auto', mb: 3 }}>
          {t('landing.heroText')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" size="large" component={RouterLink} to="/register">
            {t('landing.getStarted')}
          </Button>
          <Button variant="outlined" size="large" component={RouterLink} to="/login">
            {t('nav.login')}
          </Button>
        </Box>
      </Box>

      {/* Tall enough while the list loads that the footer starts below a phone's screen: the cards
          arriving push nothing in view (no layout shift). */}
      <Box component="section" aria-labelledby="services-title" sx={{ py: 4, minHeight: '60vh' }}>
        <Typography id="services-title" variant="h2" gutterBottom>
          {t('landing.ourServices')}
        </Typography>
        {read.status === 'loading' && <Typography role="status">{t('landing.loadingServices')}</Typography>}
        {failed && <RetryAlert error={t('landing.servicesFailed')} onRetry={read.retry} />}
        {services && (
          <>
            {/* Box in place of Grid and Stack: plain CSS grid, and the landing page stays light. */}
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gap: 2,
                // minmax(0, …): a long word (German compounds) wraps inside its card instead of widening the column.
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr)',
                  sm: 'repeat(2, minmax(0, 1fr))',
                  md: 'repeat(3, minmax(0, 1fr))',
                },
              }}
            >
              {shown.map((service) => (
                <li key={service.id}>
                  <Card variant="outlined" sx={{ height: '100%' }}>
                    <CardContent>
                      <Typography variant="h3" component="h3" gutterBottom>
                        {service.label || service.name}
                      </Typography>
                      {(service.description_label || service.description) && (
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
                          {service.description_label || service.description}
                        </Typography>
                      )}
                    </CardContent>
                  </Card>
                </li>
              ))}
            </Box>
            {!showAll && list.length > LANDING_SERVICES_SHOWN && (
              <Box sx={{ textAlign: 'center', mt: 3 }}>
                <Button variant="outlined" onClick={() => setShowAll(true)} {...still}>
                  {t('landing.showMore')}
                </Button>
              </Box>
            )}
          </>
        )}
      </Box>
    </PublicShell>
  );
}
