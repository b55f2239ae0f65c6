/**
 * The tab bar of visited pages (spec 000 §2.2), per window (sessionStorage): a books window and the agency
 * window keep their own tabs. A tab is keyed by its path; it remembers the full address it was last shown
 * with and the page it was opened from (its origin, used when closing the last tab).
 */
import { useSyncExternalStore } from 'react';
import { findRoute, normalizePath, pathAfterClosingActiveTab } from '@dzy/domain/routes/index';
import { windowStore } from '../../lib/session-store';

export interface TabItem {
  path: string;
  /** Path plus query as last shown (re-used only by keepQuery routes). */
  fullPath: string;
  title: string;
  keepQuery: boolean;
  /** The page this tab was opened from. */
  origin?: string;
}

interface TabsState {
  tabs: TabItem[];
  /** Bumped by 刷新 to remount a page. */
  refresh: Record<string, number>;
}

/**
 * Keyed by what the window shows: a window opened by window.open starts with a copy of its opener's
 * sessionStorage, and a books window must not inherit the agency window's tabs.
 */
export function tabsStorageKey(roleName: string, comId: string): string {
  return `dzy.tabs:${roleName}:${comId}`;
}

function currentKey(): string {
  const w = windowStore.get();
  return tabsStorageKey(w.roleName, w.comId);
}

function load(): TabsState {
  try {
    const raw = sessionStorage.getItem(currentKey());
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed)) return { tabs: parsed as TabItem[], refresh: {} };
  } catch {
    // A corrupt entry just means no remembered tabs.
  }
  return { tabs: [], refresh: {} };
}

let state: TabsState = load();
const listeners = new Set<() => void>();

function set(next: TabsState): void {
  state = next;
  sessionStorage.setItem(currentKey(), JSON.stringify(state.tabs));
  listeners.forEach((l) => l());
}

/** Where a tab click goes: keepQuery routes keep their query (spec 000 §2.3 addDjEmployee). */
export function tabTarget(tab: TabItem): string {
  return tab.keepQuery ? tab.fullPath : tab.path;
}

export const tabsStore = {
  get: (): TabsState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Adds the page as a tab, or updates the existing tab's address. */
  visit(tab: Omit<TabItem, 'origin'>, from: string | undefined): void {
    const existing = state.tabs.find((t) => t.path === tab.path);
    if (existing) {
      if (existing.fullPath === tab.fullPath && existing.title === tab.title) return;
      set({ ...state, tabs: state.tabs.map((t) => (t.path === tab.path ? { ...t, fullPath: tab.fullPath, title: tab.title } : t)) });
      return;
    }
    const origin = from && from !== tab.path ? from : undefined;
    set({ ...state, tabs: [...state.tabs, origin ? { ...tab, origin } : tab] });
  },

  /**
   * Closes one tab. Returns where to go when it was the active one (the last remaining tab, else its origin
   * page, else home — spec 000 §2.2), or undefined when the active page stays.
   */
  close(path: string, activePath: string, home: string): string | undefined {
    const closing = state.tabs.find((t) => t.path === path);
    if (!closing) return undefined;
    const remaining = state.tabs.filter((t) => t.path !== path);
    set({ ...state, tabs: remaining });
    if (path !== activePath) return undefined;
    const origin = closing.origin && closing.origin !== path ? closing.origin : undefined;
    return pathAfterClosingActiveTab({ remainingTabs: remaining.map(tabTarget), origin, home });
  },

  /** Keeps only the given tab; returns its address when the active page was among the closed ones. */
  closeOthers(path: string, activePath: string): string | undefined {
    const kept = state.tabs.filter((t) => t.path === path);
    set({ ...state, tabs: kept });
    const [tab] = kept;
    return tab && activePath !== path ? tabTarget(tab) : undefined;
  },

  /** Closes every tab. */
  closeAll(): void {
    set({ ...state, tabs: [] });
  },

  /**
   * Closes every tab and opens the one of the page about to be shown (关闭所有 → home, module switch → its
   * index), so the bar is right even when that page is the current one and no navigation happens.
   */
  resetTo(fullPath: string): void {
    const node = findRoute(fullPath);
    const tabs: TabItem[] =
      node && !node.children
        ? [{ path: node.path, fullPath: normalizePath(fullPath) === node.path ? fullPath : node.path, title: node.meta.title, keepQuery: node.meta.keepQuery === true }]
        : [];
    set({ ...state, tabs });
  },

  /** Remounts the page of a tab (刷新). */
  refresh(path: string): void {
    set({ ...state, refresh: { ...state.refresh, [path]: (state.refresh[path] ?? 0) + 1 } });
  },
};

export function useTabs(): TabsState {
  return useSyncExternalStore(tabsStore.subscribe, tabsStore.get);
}
