/** The signed-in session as React context: user info of this window plus the window's own state. */
import { createContext, useContext } from 'react';
import type { UserInfoData } from '@dzy/domain/contracts/auth.contract';
import { flattenRoutes, hasButton, isRestrictedUser, type ButtonCode, type RouteNode } from '@dzy/domain/routes/index';
import type { WindowState } from '../../lib/session-store';

export interface Session {
  info: UserInfoData;
  window: WindowState;
  /** This window shows one company's books (roleName accountBook with a comId). */
  inBook: boolean;
  /** userType 9. */
  restricted: boolean;
  /** The routes user info granted, by path (groups and leaves): the router only opens these. */
  granted: ReadonlyMap<string, RouteNode>;
}

export const SessionContext = createContext<Session | null>(null);

/** The session; only valid under the signed-in shell (SessionGate). */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() used outside the signed-in shell');
  return session;
}

/** Whether the user holds a button code (spec 000 §6: a button is hidden when its code is absent). */
export function useHasButton(code: ButtonCode | string): boolean {
  return hasButton(useSession().info.user.sysButton, code);
}

export function buildSession(info: UserInfoData, window: WindowState): Session {
  return {
    info,
    window,
    inBook: window.roleName === 'accountBook' && window.comId !== '',
    restricted: isRestrictedUser(info.user.userType),
    granted: new Map(flattenRoutes(info.routes).map((node) => [node.path, node])),
  };
}
