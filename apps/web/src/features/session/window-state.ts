import { useSyncExternalStore } from 'react';
import { tokenStore, windowStore, type WindowState } from '../../lib/session-store';

/** This window's roleName / comId / period / model; re-renders when they change. */
export function useWindowState(): WindowState {
  return useSyncExternalStore(windowStore.subscribe, windowStore.get);
}

/** The shared token ('' when signed out). */
export function useToken(): string {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
}
