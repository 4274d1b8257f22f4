import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from './auth/require-auth';
import { LandingPage } from './pages/landing-page';
import { RouteError } from './pages/route-error';

/**
 * The route table. Public pages first; everything else needs a signed-in user and sits in the Layout.
 * Service pages (info, apply, view, edit) and the pages of the features services open (Recycled)
 * are not listed: the catch-all resolves them from the definitions' `routes` and `unlocks`, so adding
 * a service adds its pages. Pages behind login load on demand to
 * keep the landing page light.
 */
export const appRoutes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', lazy: async () => ({ Component: (await import('./pages/login-page')).LoginPage }) },
      { path: '/logout', lazy: async () => ({ Component: (await import('./pages/logout-page')).LogoutPage }) },
      { path: '/register', lazy: async () => ({ Component: (await import('./pages/register-page')).RegisterPage }) },
      {
        path: '/forgot-password',
        lazy: async () => ({ Component: (await import('./pages/forgot-password-page')).ForgotPasswordPage }),
      },
      {
        lazy: async () => {
          const { Layout } = await import('./layout/layout');
          return {
            Component: () => (
              <RequireAuth>
                <Layout />
              </RequireAuth>
            ),
          };
        },
        children: [
          {
            path: '/dashboard',
            lazy: async () => ({ Component: (await import('./pages/dashboard-page')).DashboardPage }),
          },
          {
            path: '/services',
            lazy: async () => ({ Component: (await import('./pages/services-page')).ServicesPage }),
          },
          {
            path: '/companies',
            lazy: async () => ({ Component: (await import('./companies/companies-page')).CompaniesPage }),
          },
          { path: '/profile', lazy: async () => ({ Component: (await import('./pages/profile-page')).ProfilePage }) },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./pages/service-route-page')).ServiceRoutePage }),
          },
        ],
      },
    ],
  },
];
