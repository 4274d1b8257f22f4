import { Suspense, useEffect } from 'react';
import { Box } from '@mui/material';
import { Navigate, useLocation } from 'react-router-dom';
import {
  type PortalFeature,
  type ServiceDefinition,
  type WorkQueues,
  definitionOfApplication,
  serviceChoiceOffer,
  STATUS,
} from '../../engine/core';
import {
  lazyNamed,
  type LazyComponent,
  preloadApplicationView,
  RetryAlert,
  useApiQuery,
  useTranslation,
} from '../../engine/react';
import { applicationIdOf, applicationPath, ownRoute } from '../applications-list';
import { PageLoading } from '../components/page-loading';
import { ServiceApplicationPage } from './application-page-loader';
import { bundledDefinitions, WithDefinitions } from '../definitions-context';
import { NotFoundPage } from './not-found-page';
import { ServiceInfoPage, ServiceStartPages } from './service-start-pages';

const WorkQueuesPage = lazyNamed(() => import('../work-queues/work-queues-page'), 'WorkQueuesPage');

/** The page of each portal feature a service may open (`unlocks`), at the route the unlock names. */
const FEATURE_PAGES: Record<PortalFeature, LazyComponent<object>> = {
  'recycled-reports': lazyNamed(() => import('../recycled/recycled-page'), 'RecycledPage'),
};

/** Which page of which service a path opens. */
export type ServiceRouteMatch =
  | { page: 'info'; definition: ServiceDefinition }
  | { page: 'apply'; definition: ServiceDefinition }
  | { page: 'view' | 'edit'; definition: ServiceDefinition }
  | { page: 'feature'; feature: PortalFeature; definition: ServiceDefinition }
  | { page: 'queues'; definition: ServiceDefinition & { workQueues: WorkQueues } };

function samePath(a: string, b: string | undefined): boolean {
  if (!b) return false;
  const norm = (p: string) => `/${p.replace(/^\/+|\/+$/g, '')}`;
  return norm(a) === norm(b);
}

/**
 * Finds the service route of a path among the definitions' `routes` (info, apply, view, edit) and the
 * pages of the features they open (`unlocks`) and of their work queues, so a new service needs no route code: its
 * service.json declares its paths.
 */
export function matchServiceRoute(pathname: string, definitions: ServiceDefinition[]): ServiceRouteMatch | undefined {
  for (const definition of definitions) {
    const { routes } = definition;
    if (samePath(pathname, routes.info)) return { page: 'info', definition };
    if (samePath(pathname, routes.apply)) return { page: 'apply', definition };
    if (samePath(pathname, routes.view)) return { page: 'view', definition };
    if (samePath(pathname, routes.edit)) return { page: 'edit', definition };
    const unlock = definition.unlocks?.find((candidate) => samePath(pathname, candidate.route));
    if (unlock) return { page: 'feature', feature: unlock.feature, definition };
    const { workQueues } = definition;
    if (workQueues && samePath(pathname, workQueues.route))
      return { page: 'queues', definition: { ...definition, workQueues } };
  }
  return undefined;
}

/**
 * An existing application on a view or edit route. Services may share those routes (both licences
 * are viewed at /view-application-export), so the application says whose it is: it is read first
 * (through the query cache the wizard reads it from too) and shown with its own service's
 * definition, on a route that service declares; on another service's route the address is changed
 * to the application's own page. An application that cannot be read is said so under no service's
 * name, and asked for once: the wizard, which would ask again, comes only with the application.
 */
function ExistingApplicationPage({
  page,
  pathname,
  definitions,
  archived,
  applicationId,
}: {
  page: 'view' | 'edit';
  pathname: string;
  definitions: ServiceDefinition[];
  archived: ServiceDefinition[];
  applicationId: number;
}) {
  const answer = useApiQuery<{
    service_id?: number | string;
    definition_version?: number | null;
    application_status_id?: number;
  }>(`application/${applicationId}`);
  // The wizard's code loads while the application is read.
  useEffect(() => {
    void ServiceApplicationPage.preload();
  }, []);
  if (!answer.data) {
    if (answer.status !== 'error') return <PageLoading />;
    return answer.code === 404 ? (
      <ApplicationNotFound />
    ) : (
      <Box sx={{ py: 4 }}>
        <RetryAlert error={answer.error} onRetry={answer.refetch} />
      </Box>
    );
  }
  // Shown with the version of its service it was submitted under (an earlier one kept for it).
  const definition = definitionOfApplication(definitions, archived, {
    serviceId: Number(answer.data.service_id),
    version: answer.data.definition_version,
    draft: answer.data.application_status_id === STATUS.draft,
  });
  if (!definition) return <ApplicationNotFound />;
  const own = ownRoute(definition, page);
  if (!samePath(pathname, own)) return <Navigate to={applicationPath(own, applicationId)} replace />;
  return (
    <Suspense fallback={<PageLoading />}>
      <ServiceApplicationPage
        // A new key per application resets the wizard when the address changes.
        key={`${definition.id}-${definition.version}-${page}-${applicationId}`}
        definition={definition}
        mode={page}
        applicationId={applicationId}
      />
    </Suspense>
  );
}

/** An application the signed-in applicant cannot open: none of theirs has the number. */
function ApplicationNotFound() {
  const { t } = useTranslation();
  return <NotFoundPage title={t('notFound.applicationTitle')} text={t('notFound.applicationText')} />;
}

/**
 * Loads what the service page at `pathname` draws first: the definitions, then the code of the page
 * the path opens (the information page, the wizard, the work queues, a feature's page).
 */
export async function preloadServiceRoute(pathname: string): Promise<void> {
  const { definitions } = await bundledDefinitions.load();
  const match = matchServiceRoute(pathname, definitions);
  if (!match) return;
  if (match.page === 'info') await ServiceInfoPage.preload();
  else if (match.page === 'queues') await WorkQueuesPage.preload();
  else if (match.page === 'feature') await FEATURE_PAGES[match.feature].preload();
  else {
    await ServiceApplicationPage.preload();
    // A submitted application's page shows its view, whose code loads apart from the wizard.
    if (match.page === 'view' || match.page === 'edit') await preloadApplicationView();
  }
}

/** Resolves the current path to a service page (info, apply, view, edit) or Page not found. */
export function ServiceRoutePage() {
  const { pathname, search } = useLocation();
  return (
    <WithDefinitions>
      {(definitions, archived) => {
        const match = matchServiceRoute(pathname, definitions);
        if (!match) return <NotFoundPage />;
        // Information and wizard are one pair, so the wizard drawn ahead is the one shown.
        if (match.page === 'info' || match.page === 'apply')
          return (
            <ServiceStartPages
              key={match.definition.id}
              definition={match.definition}
              choice={serviceChoiceOffer(match.definition, definitions)}
              page={match.page}
            />
          );
        if (match.page === 'queues')
          return (
            <Suspense fallback={<PageLoading />}>
              <WorkQueuesPage definition={match.definition} />
            </Suspense>
          );
        if (match.page === 'feature') {
          const Feature = FEATURE_PAGES[match.feature];
          return (
            <Suspense fallback={<PageLoading />}>
              <Feature />
            </Suspense>
          );
        }
        const applicationId = applicationIdOf(search);
        if (applicationId === undefined) return <ApplicationNotFound />;
        return (
          <ExistingApplicationPage
            page={match.page}
            pathname={pathname}
            definitions={definitions}
            archived={archived}
            applicationId={applicationId}
          />
        );
      }}
    </WithDefinitions>
  );
}
