import { tabHomePath } from '@dzy/domain/routes/index';
import { useSession } from '../session/session-context';

/** Home of this window (spec 000 §2.2): the account-book home in 正常 / 历史 mode, otherwise indexPath. */
export function useShellHome(): string {
  const { info, window: w } = useSession();
  return tabHomePath({ model: w.model || info.model, indexPath: info.indexPath });
}
