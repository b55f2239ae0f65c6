/**
 * The one way the web app talks to the server (spec 000 §7).
 *
 * Conventions:
 * - `api<T>('/api/v2/company/companyList', body)` POSTs JSON and resolves with `data` typed as T; use the
 *   contract types from '@dzy/domain/contracts/<feature>.contract' for T and for the body.
 * - Every call sends Token (shared by all windows), ComId and Period (this window's company and period),
 *   Version: v3 and t (a timestamp). Pass `opts.comId` / `opts.period` only to override them for one call.
 * - The server answers { msg, data }; anything but msg === 'success' throws ApiError(msg, status, data)
 *   so callers and TanStack Query see a failure whose message is the Chinese text to show.
 * - 401 clears the token and goes to /login; the special message 无使用权限,请登录主账号分配权限 clears all
 *   storage and reloads (spec 000 §8).
 * - Components never call api() directly: features wrap it in TanStack Query hooks in features/<f>/api.ts.
 */
import { clearAllStorage, tokenStore, windowStore } from './session-store';

/** The server's envelope. */
export interface ApiEnvelope<T> {
  msg: string;
  data: T;
}

/** A call that did not succeed: msg is the server's Chinese message, status the HTTP status (0 = network). */
export class ApiError extends Error {
  constructor(
    readonly msg: string,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

export const NO_PERMISSION_MSG = '无使用权限,请登录主账号分配权限';

export interface ApiOptions {
  /** Default POST; GET sends no body (query goes in `query`). */
  method?: 'POST' | 'GET';
  query?: Record<string, string | number | undefined>;
  /** Override this window's company for one call ('' / null = send none). */
  comId?: string | number | null;
  /** Override this window's period for one call. */
  period?: string | null;
  signal?: AbortSignal;
  /** Called with the response headers of a successful call (login reads the Token header). */
  onHeaders?: (headers: Headers) => void;
}

let handlingUnauthorized = false;

/** Session gone: forget the token and send this window to /login (once, however many calls fail together). */
function onUnauthorized(): void {
  tokenStore.clear();
  if (handlingUnauthorized || window.location.pathname === '/login') return;
  handlingUnauthorized = true;
  window.location.assign('/login');
}

function buildUrl(path: string, query: ApiOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function buildHeaders(opts: ApiOptions, hasBody: boolean): Headers {
  const state = windowStore.get();
  const headers = new Headers({ Version: 'v3', t: String(Date.now()) });
  if (hasBody) headers.set('Content-Type', 'application/json');
  const token = tokenStore.get();
  if (token) headers.set('Token', token);
  const comId = opts.comId === undefined ? state.comId : (opts.comId ?? '');
  if (comId !== '' && comId !== 0) headers.set('ComId', String(comId));
  const period = opts.period === undefined ? state.period : (opts.period ?? '');
  if (period) headers.set('Period', period);
  return headers;
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { msg?: unknown }).msg === 'string';
}

/** POST (or GET) a call and return its data; throws ApiError unless msg === 'success'. */
export async function api<T>(path: string, body?: unknown, opts: ApiOptions = {}): Promise<T> {
  const method = opts.method ?? 'POST';
  const hasBody = method === 'POST';
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers: buildHeaders(opts, hasBody),
      body: hasBody ? JSON.stringify(body ?? {}) : undefined,
      signal: opts.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('网络异常，请检查网络后重试', 0);
  }

  let payload: unknown;
  try {
    payload = await res.json();
  } catch {
    payload = null;
  }
  if (!isEnvelope(payload)) {
    if (res.status === 401) onUnauthorized();
    throw new ApiError(res.ok ? 'error' : `服务器错误（${res.status}）`, res.status);
  }
  if (payload.msg === NO_PERMISSION_MSG) {
    clearAllStorage();
    window.location.reload();
    throw new ApiError(payload.msg, res.status, payload.data);
  }
  if (res.status === 401) {
    onUnauthorized();
    throw new ApiError(payload.msg, 401, payload.data);
  }
  if (payload.msg !== 'success') throw new ApiError(payload.msg, res.status, payload.data);
  opts.onHeaders?.(res.headers);
  return payload.data as T;
}

/** The message to show for any thrown value. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.msg;
  if (err instanceof Error && err.message) return err.message;
  return '操作失败，请稍后重试';
}
