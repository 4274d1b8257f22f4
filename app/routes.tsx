import { Suspense, type ReactNode } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './auth/require-auth';
import { PageLoading } from './components/page-loading';
import { RouteErrorBoundary } from './pages/route-error';
import { lazyNamed, type LazyComponent } from '../engine/react';
import { loadAllTexts } from './i18n';

/** The code of a page beyond the public ones, loaded with the texts of every page (see loadAllTexts). */
function withAllTexts<Module>(load: () => Promise<Module>): () => Promise<Module> {
  return async () => (await Promise.all([load(), loadAllTexts()]))[0];
}
const loadSignedInFrame = withAllTexts(() => import('./layout/signed-in-frame'));
const loadStudio = withAllTexts(() => import('./studio/studio-page'));
const loadConsole = withAllTexts(() => import('./console/console-pages'));

const LandingPage = lazyNamed(() => import('./pages/landing-page'), 'LandingPage');
const LoginPage = lazyNamed(() => import('./pages/login-page'), 'LoginPage');
const LogoutPage = lazyNamed(() => import('./pages/logout-page'), 'LogoutPage');
const RegisterPage = lazyNamed(() => import('./pages/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyNamed(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage');
const AccountClosedPage = lazyNamed(() => import('./pages/account-closed-page'), 'AccountClosedPage');
const SignedInFrame = lazyNamed(loadSignedInFrame, 'SignedInFrame');
const DashboardPage = lazyNamed(() => import('./pages/dashboard-page'), 'DashboardPage');
const ServicesPage = lazyNamed(() => import('./pages/services-page'), 'ServicesPage');
const CompaniesPage = lazyNamed(() => import('./companies/companies-page'), 'CompaniesPage');
const ProfilePage = lazyNamed(() => import('./pages/profile-page'), 'ProfilePage');
const ServiceRoutePage = lazyNamed(() => import('./pages/service-route-page'), 'ServiceRoutePage');
const StudioPage = lazyNamed(loadStudio, 'StudioPage');
const ConsoleGate = lazyNamed(loadConsole, 'ConsoleGate');
const ConsoleQueuePage = lazyNamed(loadConsole, 'QueuePage');
const ConsoleReviewPage = lazyNamed(loadConsole, 'ReviewPage');

/**
 * The frame of every page: what a page throws (its code failing to load too) is shown in its place,
 * per address, and a page's code shows a spinner the first time it loads. React Router moves between
 * pages in a transition, so once a page is shown, the next one's code loads while it stays.
 */
export function PageFrame({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
    </RouteErrorBoundary>
  );
}

/** What a route does before its page is first drawn: load the page's code (and what it reads first). */
interface PageHandle {
  preload(pathname: string): Promise<unknown>;
}

/** A route of a lazy page: its element, and the page's code to load ahead (see `preloadPage`). */
function page(path: string, Page: LazyComponent<object>): RouteObject {
  return { path, element: <Page />, handle: { preload: () => Page.preload() } satisfies PageHandle };
}

/**
 * The route table (React Router's route objects). Public pages first, then the staff's (the studio,
 * the console under /console, each with its own sign-in); everything else needs a signed-in
 * applicant and sits in the Layout (the signed-in frame). Service pages (info, apply, view,
 * edit) and the pages of the features services open (Recycled) are not listed: the catch-all
 * resolves them from the definitions' `routes` and `unlocks`, so adding a service adds its pages.
 * Every page is a lazy route whose code loads on its first visit (a prerendered page names its
 * chunks in its HTML, so they load beside the entry), so the public pages carry nothing of the
 * signed-in ones.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <PageFrame />,
    children: [
      page('/', LandingPage),
      page('/login', LoginPage),
      page('/logout', LogoutPage),
      page('/register', RegisterPage),
      page('/forgot-password', ForgotPasswordPage),
      page('/account-closed', AccountClosedPage),
      // The analyst studio: its own sign-in (a staff key) when the server asks for one.
      page('/studio', StudioPage),
      // The staff console: its own sign-in (the authority's OpenID provider, a session cookie), not
      // the applicant's; its code and texts load with its first page.
      {
        element: <ConsoleGate />,
        handle: { preload: () => ConsoleGate.preload() } satisfies PageHandle,
        children: [
          page('/console', ConsoleQueuePage),
          page('/console/services/:service', ConsoleQueuePage),
          page('/console/applications/:id', ConsoleReviewPage),
        ],
      },
      {
        element: (
          <RequireAuth>
            <SignedInFrame />
          </RequireAuth>
        ),
        handle: { preload: () => SignedInFrame.preload() } satisfies PageHandle,
        children: [
          page('/dashboard', DashboardPage),
          page('/services', ServicesPage),
          page('/companies', CompaniesPage),
          page('/profile', ProfilePage),
          {
            path: '*',
            element: <ServiceRoutePage />,
            // The service's page itself (information, wizard, queues...) is known once the
            // definitions are: the route page's module tells.
            handle: {
              preload: async (pathname: string) => {
                await ServiceRoutePage.preload();
                const { preloadServiceRoute } = await import('./pages/service-route-page');
                await preloadServiceRoute(pathname);
              },
            } satisfies PageHandle,
          },
        ],
      },
    ],
  },
];

/**
 * Loads the code of every lazy part the page at `pathname` draws first (its frame, its page, and for
 * a service's page the definitions and that page), so that the page renders, or hydrates the HTML it
 * was prerendered to, at once and in one piece.
 */
export async function preloadPage(pathname: string, routes: RouteObject[] = appRoutes): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((match) => (match.route.handle as PageHandle | undefined)?.preload(pathname)));
}

/** The page of the address among `routes` (default: the portal's). */
export function RouteTable({ routes = appRoutes }: { routes?: RouteObject[] }) {
  return useRoutes(routes);
}
