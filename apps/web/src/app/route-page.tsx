/** Renders one catalogue route: its registered page, or the 建设中 page naming it; sets the document title. */
import { Suspense, useEffect } from 'react';
import { Navigate } from 'react-router';
import { Spin } from 'antd';
import { firstChildPath, NOT_FOUND_PATH, type RouteNode } from '@dzy/domain/routes/index';
import { useSession } from '../features/session/session-context';
import { UnderConstruction } from '../components/under-construction';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { PAGE_REGISTRY } from './page-registry';

export const APP_TITLE = '代账云';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} - ${APP_TITLE}` : APP_TITLE;
  }, [title]);
}

export function PageLoading() {
  return (
    <div style={{ padding: 80, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

/**
 * Routes are added by role (spec 000 §2.1): a catalogue page user info did not grant is, for this user, an
 * unmatched path and goes to /404 like any other.
 */
export function RoutePage({ node }: { node: RouteNode }) {
  const { granted } = useSession();
  useDocumentTitle(node.meta.title);
  if (!granted.has(node.path)) return <Navigate to={NOT_FOUND_PATH} replace />;
  const Page = PAGE_REGISTRY[node.name];
  if (!Page) return <UnderConstruction title={node.meta.title} path={node.path} />;
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}

/** A group path ('/input') lands on the first page of that group the user was granted. */
export function GroupRedirect({ path }: { path: string }) {
  const { granted } = useSession();
  const node = granted.get(path);
  return <Navigate to={node ? firstChildPath(node) : NOT_FOUND_PATH} replace />;
}
