import { lazy, Suspense } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ServiceDefinition } from '../../engine/core/definition-types';
import { WithDefinitions } from '../definitions-context';
import { NotFoundPage } from './not-found-page';
import { ServiceInfoPage } from './service-info-page';

// The wizard (RJSF, ajv, widgets) is the heaviest part of the portal: loaded only on apply and view routes.
const ServiceApplicationPage = lazy(() =>
  import('./service-application-page').then((m) => ({ default: m.ServiceApplicationPage })),
);

/** Which page of which service a path opens. */
export type ServiceRouteMatch =
  | { page: 'info'; definition: ServiceDefinition }
  | { page: 'apply'; definition: ServiceDefinition }
  | { page: 'view' | 'edit'; definition: ServiceDefinition };

function samePath(a: string, b: string | undefined): boolean {
  if (!b) return false;
  const norm = (p: string) => `/${p.replace(/^\/+|\/+$/g, '')}`;
  return norm(a) === norm(b);
}

/**
 * Finds the service route of a path among the definitions' `routes` (info, apply, view, edit), so a new
 * service needs no route code: its service.json declares its paths.
 */
export function matchServiceRoute(pathname: string, definitions: ServiceDefinition[]): ServiceRouteMatch | undefined {
  for (const definition of definitions) {
    const { routes } = definition;
    if (samePath(pathname, routes.info)) return { page: 'info', definition };
    if (samePath(pathname, routes.apply)) return { page: 'apply', definition };
    if (samePath(pathname, routes.view)) return { page: 'view', definition };
    if (samePath(pathname, routes.edit)) return { page: 'edit', definition };
  }
  return undefined;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

/** Resolves the current path to a service page (info, apply, view, edit) or Page not found. */
export function ServiceRoutePage() {
  const location = useLocation();
  const [search] = useSearchParams();
  return (
    <WithDefinitions>
      {(definitions) => {
        const match = matchServiceRoute(location.pathname, definitions);
        if (!match) return <NotFoundPage />;
        if (match.page === 'info') return <ServiceInfoPage definition={match.definition} />;
        const appId = Number(search.get('appId'));
        const applicationId = Number.isInteger(appId) && appId > 0 ? appId : undefined;
        if (match.page !== 'apply' && applicationId === undefined) return <NotFoundPage />;
        return (
          <Suspense fallback={<Loading />}>
            <ServiceApplicationPage
              // A new key per application resets the wizard when the address changes.
              key={`${match.definition.id}-${match.page}-${applicationId ?? 'new'}`}
              definition={match.definition}
              mode={match.page === 'apply' ? 'new' : 'view'}
              applicationId={applicationId}
            />
          </Suspense>
        );
      }}
    </WithDefinitions>
  );
}
