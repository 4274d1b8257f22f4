import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './auth/require-auth';
import { PageLoading } from './components/page-loading';
import { LandingPage } from './pages/landing-page';
import { RouteErrorBoundary } from './pages/route-error';

/** A page whose code loads on its first visit: `lazy` over a module's named export. */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LoginPage = lazyPage(() => import('./pages/login-page'), 'LoginPage');
const LogoutPage = lazyPage(() => import('./pages/logout-page'), 'LogoutPage');
const RegisterPage = lazyPage(() => import('./pages/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage');
const SignedInFrame = lazyPage(() => import('./layout/signed-in-frame'), 'SignedInFrame');
const DashboardPage = lazyPage(() => import('./pages/dashboard-page'), 'DashboardPage');
const ServicesPage = lazyPage(() => import('./pages/services-page'), 'ServicesPage');
const CompaniesPage = lazyPage(() => import('./companies/companies-page'), 'CompaniesPage');
const ProfilePage = lazyPage(() => import('./pages/profile-page'), 'ProfilePage');
const ServiceRoutePage = lazyPage(() => import('./pages/service-route-page'), 'ServiceRoutePage');

/** Every page: what it throws (its code failing to load too) is shown in its place, per address. */
export function PageFrame() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * The route table. Public pages first; everything else needs a signed-in user and sits in the Layout.
 * Service pages (info, apply, view, edit) and the pages of the features services open (Recycled)
 * are not listed: the catch-all resolves them from the definitions' `routes` and `unlocks`, so adding
 * a service adds its pages. Only the landing page is in the first download; every other page loads
 * its code on its first visit, so the public pages carry nothing of the signed-in ones.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <PageFrame />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/logout', element: <LogoutPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      {
        element: (
          <RequireAuth>
            <SignedInFrame />
          </RequireAuth>
        ),
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/services', element: <ServicesPage /> },
          { path: '/companies', element: <CompaniesPage /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '*', element: <ServiceRoutePage /> },
        ],
      },
    ],
  },
];

/** The portal's pages, for a router (BrowserRouter in the page, MemoryRouter in tests). */
export function AppRoutes({ routes = appRoutes }: { routes?: RouteObject[] }) {
  return useRoutes(routes);
}
