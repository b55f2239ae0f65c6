/**
 * The app's TanStack Query client.
 * - Failed calls show the server's Chinese message as a toast, unless the query/mutation sets
 *   `meta: { silent: true }` (spec 000 §8: dashboard and quick-note calls fail silently) or the session
 *   is gone (401 already redirects to /login).
 * - 4xx answers are not retried: they will not change by asking again.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from './http';
import { notifyError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

function report(err: unknown, silent: boolean | undefined): void {
  if (silent) return;
  if (err instanceof ApiError && err.status === 401) return;
  if (err instanceof DOMException && err.name === 'AbortError') return;
  notifyError(errorMessage(err));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (err, query) => report(err, query.meta?.silent) }),
    mutationCache: new MutationCache({ onError: (err, _vars, _ctx, mutation) => report(err, mutation.meta?.silent) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
