/**
 * Every route of ROUTE_CATALOGUE exists (spec 000 §2.3): group paths land on their first child, leaves render
 * RoutePage (registered page or 建设中). Outside the shell: /login and /404; anything unmatched goes to /404.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ROUTE_CATALOGUE, flattenRoutes, LOGIN_PATH, NOT_FOUND_PATH } from '@dzy/domain/routes/index';
import { tokenStore } from '../lib/session-store';
import { SessionGate } from '../features/session/components/session-gate';
import { LoginPage } from '../features/session/pages/login-page';
import { NotFoundPage } from '../features/shell/pages/not-found-page';
import { IndexRedirect } from '../features/shell/pages/index-redirect';
import { ShellLayout } from '../features/shell/components/shell-layout';
import { GroupRedirect, RoutePage } from './route-page';

/** A token in the address (?token=…) is stored and removed from the address (spec 000 §2.1). */
function absorbTokenFromAddress(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return;
  tokenStore.set(token);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
absorbTokenFromAddress();

const catalogueRoutes: RouteObject[] = flattenRoutes(ROUTE_CATALOGUE).map((node) =>
  node.children
    ? { path: node.path, element: <GroupRedirect path={node.path} /> }
    : { path: node.path, element: <RoutePage node={node} /> },
);

export const routes: RouteObject[] = [
  { path: LOGIN_PATH, element: <LoginPage /> },
  { path: NOT_FOUND_PATH, element: <NotFoundPage /> },
  {
    path: '/',
    element: (
      <SessionGate>
        <ShellLayout />
      </SessionGate>
    ),
    children: [{ index: true, element: <IndexRedirect /> }, ...catalogueRoutes],
  },
  { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
];

export const router = createBrowserRouter(routes);
