// Turns the route table into react-router routes: hash routing (SPEC §2), lazy pages, the guard at
// the root and the shell around every logged-in page.
import { Navigate, type RouteObject } from 'react-router';
import { PUBLIC_ROUTES, SHELL_ROUTES } from './routes';
import type { AppRoute, RouteHandle } from './routing/types';
import { joinPath } from './routing/access';
import { HomeRedirect, SectionRedirect } from './routing/redirects';
import RootGuard from './auth/RootGuard';
import PageLoading from './components/PageLoading';
import RouteErrorPage from './pages/public/RouteErrorPage';
import { NOT_FOUND_PATH } from './auth/accessRules';

function toRouteObject(route: AppRoute, parentPath: string): RouteObject {
  const fullPath = joinPath(parentPath, route.path);
  const handle: RouteHandle = { meta: route.meta ?? {}, fullPath };
  const object: RouteObject = { path: route.path, handle };
  if (route.page) {
    const load = route.page;
    object.lazy = async () => ({ Component: (await load()).default });
  }
  if (route.children) {
    object.children = route.children.map((child) => toRouteObject(child, fullPath));
    if (!route.flat) {
      object.children.unshift({
        index: true,
        element: <SectionRedirect route={route} base={fullPath} />,
      });
    }
  } else if (route.redirect) {
    object.element = <Navigate to={route.redirect} replace />;
  }
  return object;
}

export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootGuard />,
      errorElement: <RouteErrorPage />,
      HydrateFallback: PageLoading,
      children: [
        ...PUBLIC_ROUTES.map((route) => toRouteObject(route, '/')),
        {
          path: '/',
          // The logged-in frame (menu, top bar, live socket) loads with the first logged-in page,
          // so the login page does not download it.
          lazy: async () => ({ Component: (await import('./layout/Shell')).default }),
          children: [
            {
              // A page that fails shows its error inside the shell, menu and top bar still usable.
              errorElement: <RouteErrorPage />,
              children: [
                { index: true, element: <HomeRedirect /> },
                ...SHELL_ROUTES.map((route) => toRouteObject(route, '/')),
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ];
}
