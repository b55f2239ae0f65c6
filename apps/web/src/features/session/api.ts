/** Session calls (spec 000 §7) as TanStack Query hooks. Contract types: '@dzy/domain/contracts/auth.contract'. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CaptchaData,
  LoginBody,
  LoginData,
  MyMobileData,
  SetModuleData,
  UpdatePasswordBody,
  UpdateProfileBody,
  UserInfoBody,
  UserInfoData,
} from '@dzy/domain/contracts/auth.contract';
import { TOKEN_HEADER } from '@dzy/domain/contracts/auth.contract';
import { api } from '../../lib/http';
import { tokenStore, windowStore } from '../../lib/session-store';
import { useWindowState } from './window-state';

export const sessionKeys = {
  all: ['session'] as const,
  userInfo: (roleName: string, comId: string) => ['session', 'userInfo', roleName, comId] as const,
  myMobile: () => ['session', 'myMobile'] as const,
  captcha: (username: string, nonce: number) => ['session', 'captcha', username, nonce] as const,
};

/** POST /api/v2/sys/userInfo for this window (its roleName, comId, model and period). */
export async function fetchUserInfo(): Promise<UserInfoData> {
  const w = windowStore.get();
  const body: UserInfoBody = { roleName: w.roleName, ti: Date.now() };
  if (w.comId) body.comId = w.comId;
  if (w.model) body.model = w.model;
  if (w.period) body.period = w.period;
  const data = await api<UserInfoData>('/api/v2/sys/userInfo', body);
  syncWindowFromUserInfo(data);
  return data;
}

/**
 * The window adopts what the server settled: the company's working period and the mode (spec 000 §4:
 * 历史 for an old period, 正常 for a current one inside books; the module name elsewhere). Done before the
 * query resolves so every later call already carries the right Period header.
 */
function syncWindowFromUserInfo(data: UserInfoData): void {
  const w = windowStore.get();
  const inBook = w.roleName === 'accountBook';
  const bookModel = data.comInfo?.isOld ? '历史' : '正常';
  windowStore.update({
    period: data.comInfo?.period || w.period,
    model: inBook ? (data.model === '正常' || data.model === '历史' ? data.model : bookModel) : data.model,
  });
}

/** User info is fetched once per window (and again only when something invalidates it). */
export function useUserInfo(enabled = true) {
  const w = useWindowState();
  return useQuery({
    queryKey: sessionKeys.userInfo(w.roleName, w.comId),
    queryFn: fetchUserInfo,
    enabled,
    staleTime: Infinity,
    meta: { silent: true },
  });
}

export function useCaptcha(username: string, nonce: number, enabled: boolean) {
  return useQuery({
    queryKey: sessionKeys.captcha(username, nonce),
    queryFn: () => api<CaptchaData>('/api/public/captcha', undefined, { method: 'GET', query: { username } }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** POST /api/public/login; stores the Token response header (spec 000 §4). */
export async function login(body: LoginBody): Promise<LoginData> {
  let token = '';
  const data = await api<LoginData>('/api/public/login', body, {
    comId: null,
    period: null,
    onHeaders: (h) => {
      token = h.get(TOKEN_HEADER) ?? '';
    },
  });
  if (!token) throw new Error('登录失败：服务器未返回令牌');
  tokenStore.set(token);
  return data;
}

export function useLogout() {
  return useMutation({
    mutationFn: () => api<null>('/api/v2/logout', undefined, { method: 'GET' }),
  });
}

export function useSetModule() {
  return useMutation({
    mutationFn: (module: string) => api<SetModuleData>('/api/v2/sys/setModule', { module }),
  });
}

export function useSwitchUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>('/api/v2/sys/switchUser', { id }),
    // Another identity: nothing cached for the previous one may survive.
    onSuccess: () => qc.clear(),
  });
}

export function useMyMobile(enabled: boolean) {
  return useQuery({
    queryKey: sessionKeys.myMobile(),
    queryFn: () => api<MyMobileData>('/api/v2/sys/myMobile', {}),
    enabled,
  });
}

export function useSendCode() {
  return useMutation({ mutationFn: (mobile: string) => api<null>('/api/v2/sys/sendCode', { mobile }) });
}

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api<null>('/api/v2/sys/updateProfile', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: UpdatePasswordBody) => api<null>('/api/v2/sys/updatePassword', body),
  });
}
