import { cloneElement, Suspense, type ReactElement, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { RequireAuth } from './auth/require-auth';
import { PageLoading } from './components/page-loading';
import { LandingPage } from './pages/landing-page';
import { RouteErrorBoundary } from './pages/route-error';
import { lazyNamed } from '../engine/react/lazy-named';

const LoginPage = lazyNamed(() => import('./pages/login-page'), 'LoginPage');
const LogoutPage = lazyNamed(() => import('./pages/logout-page'), 'LogoutPage');
const RegisterPage = lazyNamed(() => import('./pages/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyNamed(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage');
const SignedInFrame = lazyNamed(() => import('./layout/signed-in-frame'), 'SignedInFrame');
const DashboardPage = lazyNamed(() => import('./pages/dashboard-page'), 'DashboardPage');
const ServicesPage = lazyNamed(() => import('./pages/services-page'), 'ServicesPage');
const CompaniesPage = lazyNamed(() => import('./companies/companies-page'), 'CompaniesPage');
const ProfilePage = lazyNamed(() => import('./pages/profile-page'), 'ProfilePage');
const ServiceRoutePage = lazyNamed(() => import('./pages/service-route-page'), 'ServiceRoutePage');
const StudioPage = lazyNamed(() => import('./studio/studio-page'), 'StudioPage');

/**
 * One route of a table: the page at `path` (every path when absent). With `children`, the element is
 * a frame that receives the page its children's table picks as its own children.
 */
export interface PortalRoute {
  path?: string;
  element: ReactElement;
  children?: PortalRoute[];
}

/** Every page: what it throws (its code failing to load too) is shown in its place, per address. */
export function PageFrame({ children }: { children?: ReactNode }) {
  const [pathname] = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/** The signed-in pages' frame: for a signed-in user only (else /login), in the Layout. */
function SignedIn({ children }: { children?: ReactNode }) {
  return (
    <RequireAuth>
      <SignedInFrame>{children}</SignedInFrame>
    </RequireAuth>
  );
}

/**
 * The route table. Public pages first; everything else needs a signed-in user and sits in the Layout.
 * Service pages (info, apply, view, edit) and the pages of the features services open (Recycled)
 * are not listed: the catch-all resolves them from the definitions' `routes` and `unlocks`, so adding
 * a service adds its pages. Only the landing page is in the first download; every other page loads
 * its code on its first visit, so the public pages carry nothing of the signed-in ones.
 */
export const appRoutes: PortalRoute[] = [
  {
    element: <PageFrame />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/logout', element: <LogoutPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      // The analyst studio: its own sign-in (a staff key) when the server asks for one.
      { path: '/studio', element: <StudioPage /> },
      {
        element: <SignedIn />,
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/services', element: <ServicesPage /> },
          { path: '/companies', element: <CompaniesPage /> },
          { path: '/profile', element: <ProfilePage /> },
          { element: <ServiceRoutePage /> },
        ],
      },
    ],
  },
];

/** The element of a route; a frame is given the page its children's table picks. */
function routeElement(route: PortalRoute): ReactElement {
  if (!route.children) return route.element;
  return cloneElement(
    route.element as ReactElement<{ children?: ReactNode }>,
    {},
    <RouteTable routes={route.children} />,
  );
}

/** The first route of `routes` whose path matches the address (wouter's Switch). */
export function RouteTable({ routes = appRoutes }: { routes?: PortalRoute[] }) {
  return (
    <Switch>
      {routes.map((route, i) => (
        <Route key={route.path ?? `*${i}`} path={route.path}>
          {routeElement(route)}
        </Route>
      ))}
    </Switch>
  );
}
