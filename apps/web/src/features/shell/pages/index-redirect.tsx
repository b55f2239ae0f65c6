import { Navigate } from 'react-router';
import { AUTOMATIC_BOOK_INDEX, HOME_PATH } from '@dzy/domain/routes/index';
import { useSession } from '../../session/session-context';

/**
 * '/' (spec 000 §2.1): the agency view goes to /homeIndex. A books window's home is the company's books and
 * the AI factory's its centre, so those windows land there instead of the agency home.
 */
export function IndexRedirect() {
  const { window: w } = useSession();
  if (w.roleName === 'accountBook') return <Navigate to="/etaxHome" replace />;
  if (w.roleName === 'automaticBook') return <Navigate to={AUTOMATIC_BOOK_INDEX} replace />;
  return <Navigate to={HOME_PATH} replace />;
}
