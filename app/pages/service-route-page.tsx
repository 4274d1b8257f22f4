import { Suspense, useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import {
  type PortalFeature,
  type ServiceDefinition,
  type WorkQueues,
  definitionOfApplication,
  STATUS,
} from '../../engine/core';
import { lazyNamed, type LazyComponent, useApiQuery } from '../../engine/react';
import { PageLoading } from '../components/page-loading';
import { ServiceApplicationPage } from './application-page-loader';
import { bundledDefinitions, WithDefinitions } from '../definitions-context';
import { NotFoundPage } from './not-found-page';
import { ServiceStartPages } from './service-start-pages';

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
 * definition; the route's service stands in while it cannot be read, and the wizard reports why.
 */
function ExistingApplicationPage({
  page,
  routeDefinition,
  definitions,
  archived,
  applicationId,
}: {
  page: 'view' | 'edit';
  routeDefinition: ServiceDefinition;
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
  // Only the first answer is waited for here. After it (a failure too) the wizard stays and shows its
  // own loading and failure: taking it away while the application is asked again would mount it
  // again, which asks again, without end (an unknown application was asked for in a loop).
  const answered = useRef(false);
  if (answer.status !== 'loading') answered.current = true;
  if (answer.status === 'loading' && !answered.current) return <PageLoading />;
  // Shown with the version of its service it was submitted under (an earlier one kept for it).
  const definition =
    definitionOfApplication(definitions, archived, {
      serviceId: Number(answer.data?.service_id),
      version: answer.data?.definition_version,
      draft: answer.data?.application_status_id === STATUS.draft,
    }) ?? routeDefinition;
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

/**
 * Loads what the service page at `pathname` draws first: the definitions, then the code of the page
 * the path opens (the wizard, the work queues, a feature's page; an information page is here already).
 */
export async function preloadServiceRoute(pathname: string): Promise<void> {
  const { definitions } = await bundledDefinitions.load();
  const match = matchServiceRoute(pathname, definitions);
  if (!match || match.page === 'info') return;
  if (match.page === 'queues') await WorkQueuesPage.preload();
  else if (match.page === 'feature') await FEATURE_PAGES[match.feature].preload();
  else await ServiceApplicationPage.preload();
}

/** Resolves the current path to a service page (info, apply, view, edit) or Page not found. */
export function ServiceRoutePage() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  return (
    <WithDefinitions>
      {(definitions, archived) => {
        const match = matchServiceRoute(pathname, definitions);
        if (!match) return <NotFoundPage />;
        // Information and wizard are one pair, so the wizard drawn ahead is the one shown.
        if (match.page === 'info' || match.page === 'apply')
          return <ServiceStartPages key={match.definition.id} definition={match.definition} page={match.page} />;
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
        const appId = Number(search.get('appId'));
        const applicationId = Number.isInteger(appId) && appId > 0 ? appId : undefined;
        if (applicationId === undefined) return <NotFoundPage />;
        return (
          <ExistingApplicationPage
            page={match.page}
            routeDefinition={match.definition}
            definitions={definitions}
            archived={archived}
            applicationId={applicationId}
          />
        );
      }}
    </WithDefinitions>
  );
}
