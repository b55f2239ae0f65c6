import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { windowStore } from '../../lib/session-store';
import { useSession } from '../session/session-context';
import { sessionKeys, useSetModule } from '../session/api';
import { tabsStore } from './tabs-store';

/**
 * Module switch (spec 000 §4): store it on the server, reload user info (and the routes it carries), clear
 * the open tabs and go to the module's index path.
 */
export function useSwitchModule() {
  const { info, window: w } = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const setModule = useSetModule();
  const current = w.model || info.model;

  const switchTo = async (name: string): Promise<void> => {
    if (name === current) return;
    const fallback = info.modules.find((m) => m.name === name)?.indexPath;
    const { indexPath } = await setModule.mutateAsync(name);
    windowStore.update({ model: name });
    await qc.refetchQueries({ queryKey: sessionKeys.all, type: 'active' });
    const target = indexPath || fallback || '/';
    tabsStore.resetTo(target);
    navigate(target);
  };

  return { current, switchTo, pending: setModule.isPending };
}
