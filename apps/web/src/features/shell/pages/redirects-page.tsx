import { Navigate, useSearchParams } from 'react-router';
import { HOME_PATH } from '@dzy/domain/routes/index';

/**
 * /redirects?path=/input/invoice&x=1 re-enters the given path (spec 000 §2.1), passing on the other query
 * parameters; used to reload a page in place. Only in-app paths are followed.
 */
export default function RedirectsPage() {
  const [params] = useSearchParams();
  const raw = params.get('path') ?? params.get('redirect') ?? '';
  const path = raw.startsWith('/') && !raw.startsWith('//') ? raw : HOME_PATH;
  const rest = new URLSearchParams(params);
  rest.delete('path');
  rest.delete('redirect');
  const qs = rest.toString();
  const sep = path.includes('?') ? '&' : '?';
  return <Navigate to={qs ? `${path}${sep}${qs}` : path} replace />;
}
