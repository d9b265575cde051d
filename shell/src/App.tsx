import { Outlet, createBrowserRouter, RouterProvider } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient, queryClient } from '@brokerage/api-client';
import { Toaster } from '@brokerage/ui';
import { RemoteArea } from './RemoteArea';
import { RoleGuard } from './RoleGuard';
import { RouteError } from './RouteError';
import { SessionRestore } from './session-gate';

function Root() {
  return (
    <>
      <SessionRestore />
      <Outlet />
      <Toaster position="top-right" richColors closeButton />
    </>
  );
}

/**
 * Top-level routes. Each remote renders its own <Routes> relative to its mount path.
 * Not-found policy: mfe_public owns every path outside the role areas and renders its own not-found page for
 * unknown ones; each area remote renders a not-found for unknown paths under its prefix (see README.md).
 */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        path: 'seller/*',
        element: (
          <RoleGuard allow={['SELLER']}>
            <RemoteArea name="mfe_seller" />
          </RoleGuard>
        ),
      },
      {
        path: 'buyer/*',
        element: (
          <RoleGuard allow={['BUYER']}>
            <RemoteArea name="mfe_buyer" />
          </RoleGuard>
        ),
      },
      {
        path: 'broker/*',
        element: (
          <RoleGuard allow={['BROKER']}>
            <RemoteArea name="mfe_staff" />
          </RoleGuard>
        ),
      },
      {
        path: 'agent/*',
        element: (
          <RoleGuard allow={['AGENT']}>
            <RemoteArea name="mfe_staff" />
          </RoleGuard>
        ),
      },
      // The splat does not match the index path, so "/" needs its own entry.
      { index: true, element: <RemoteArea name="mfe_public" /> },
      { path: '*', element: <RemoteArea name="mfe_public" /> },
    ],
  },
]);

/*
 * When the session ends (sign-out, a 401, a failed restore) the visitor goes to /login once, inside the app: the role
 * guard, seeing the cleared session, redirects there too, and a full page load on top of that made the page navigate a
 * second time after reaching /login. The answers cached for the previous user go with the session.
 */
configureApiClient({
  onUnauthorized: () => {
    // The page the session ended on goes along (deviation 8): signing in again returns to it when the role may see it.
    const { pathname, search, hash } = router.state.location;
    if (pathname !== '/login') void router.navigate('/login', { replace: true, state: { from: `${pathname}${search}${hash}` } });
    queryClient.removeQueries();
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
