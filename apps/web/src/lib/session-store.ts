/**
 * Where the browser keeps session state (spec 000 §2.1).
 *
 * - The token is shared by every window of the browser: localStorage.
 * - Everything that says "which company / which mode this window is showing" is per window: one browser may
 *   hold the agency view and several company-books windows at once. A window learns its roleName and comId
 *   from the URL query (?roleName=accountBook&comId=12) or from window.name ('12##accountBook'); both are
 *   copied into window.name and sessionStorage so in-app navigation and reloads keep them.
 */
import { formatWindowName, parseWindowName } from '@dzy/domain/routes/index';
import type { RoleName } from '@dzy/domain/routes/index';

const TOKEN_KEY = 'dzy.token';
const WINDOW_KEY = 'dzy.window';

type Listener = () => void;

// ------------------------------------------------------------------------------------------------ token

const tokenListeners = new Set<Listener>();

export const tokenStore = {
  get(): string {
    return localStorage.getItem(TOKEN_KEY) ?? '';
  },
  set(token: string): void {
    localStorage.setItem(TOKEN_KEY, token);
    tokenListeners.forEach((l) => l());
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    tokenListeners.forEach((l) => l());
  },
  subscribe(listener: Listener): () => void {
    tokenListeners.add(listener);
    return () => tokenListeners.delete(listener);
  },
};

// ------------------------------------------------------------------------------------- per-window state

export interface WindowState {
  /** etax: the agency view; accountBook: one company's books; automaticBook: the AI factory. */
  roleName: RoleName;
  /** The company this window is fixed to ('' in the agency view). */
  comId: string;
  /** Selected accounting period YYYYMM ('' until the company's current period is known). */
  period: string;
  /** Mode (spec 000 §4): 正常 / 历史 inside books, else the module name; '' until user info says. */
  model: string;
}

const ROLE_NAMES: readonly RoleName[] = ['etax', 'accountBook', 'automaticBook'];

function asRoleName(value: string | null | undefined): RoleName | undefined {
  return ROLE_NAMES.find((r) => r === value);
}

function readStored(): Partial<WindowState> {
  try {
    const raw = sessionStorage.getItem(WINDOW_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const rec = parsed as Record<string, unknown>;
    const str = (k: string) => (typeof rec[k] === 'string' ? (rec[k] as string) : undefined);
    return { roleName: asRoleName(str('roleName')), comId: str('comId'), period: str('period'), model: str('model') };
  } catch {
    return {};
  }
}

/**
 * Initial state of this window: the URL query wins (a window just opened for a company), then window.name,
 * then what this window stored before. A window opened by window.open inherits a copy of its opener's
 * sessionStorage, so the stored values only count when the query and window.name say nothing.
 */
function initialWindowState(): WindowState {
  const query = new URLSearchParams(window.location.search);
  const fromName = parseWindowName(window.name);
  const stored = readStored();
  const queryRole = asRoleName(query.get('roleName'));
  const queryComId = query.get('comId') ?? '';
  if (queryRole) {
    const sameWindow = stored.roleName === queryRole && (stored.comId ?? '') === queryComId;
    return {
      roleName: queryRole,
      comId: queryComId,
      period: sameWindow ? (stored.period ?? '') : '',
      model: sameWindow ? (stored.model ?? '') : '',
    };
  }
  const nameRole = asRoleName(fromName?.roleName);
  if (fromName && nameRole) {
    const sameWindow = stored.roleName === nameRole && stored.comId === fromName.comId;
    return {
      roleName: nameRole,
      comId: fromName.comId,
      period: sameWindow ? (stored.period ?? '') : '',
      model: sameWindow ? (stored.model ?? '') : '',
    };
  }
  if (window.name === 'automaticBook') {
    return { roleName: 'automaticBook', comId: '', period: stored.period ?? '', model: stored.model ?? '' };
  }
  return {
    roleName: stored.roleName ?? 'etax',
    comId: stored.comId ?? '',
    period: stored.period ?? '',
    model: stored.model ?? '',
  };
}

let windowState: WindowState = initialWindowState();
const windowListeners = new Set<Listener>();

function persist(): void {
  sessionStorage.setItem(WINDOW_KEY, JSON.stringify(windowState));
  if (windowState.roleName === 'accountBook' && windowState.comId) {
    window.name = formatWindowName(windowState.comId, windowState.roleName);
  } else if (windowState.roleName === 'automaticBook') {
    window.name = 'automaticBook';
  }
}
persist();

export const windowStore = {
  get(): WindowState {
    return windowState;
  },
  update(patch: Partial<WindowState>): void {
    const next = { ...windowState, ...patch };
    if (
      next.roleName === windowState.roleName &&
      next.comId === windowState.comId &&
      next.period === windowState.period &&
      next.model === windowState.model
    ) {
      return;
    }
    windowState = next;
    persist();
    windowListeners.forEach((l) => l());
  },
  subscribe(listener: Listener): () => void {
    windowListeners.add(listener);
    return () => windowListeners.delete(listener);
  },
};

/** True when this window shows one company's books (its company is fixed). */
export function isBookWindow(state: WindowState = windowState): boolean {
  return state.roleName === 'accountBook' && state.comId !== '';
}

/** Forget everything this browser stored (logout, or the server telling us the account lost access). */
export function clearAllStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
  window.name = '';
  tokenListeners.forEach((l) => l());
}
