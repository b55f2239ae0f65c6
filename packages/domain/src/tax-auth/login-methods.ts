/**
 * Tax-bureau login methods (spec 002 §4). Eight names appear per region; the code passed on is 1 for
 * 新版登录, 3 for 代理登录 and 0 for every other one (so 0 alone does not tell which; we keep the name too).
 */
export const LOGIN_METHOD_NEW = '1';
export const LOGIN_METHOD_AGENT = '3';
export const LOGIN_METHOD_OTHER = '0';

export const LOGIN_METHOD_NAMES = ['新版登录', '代理登录', '企业登录', '短信登录', '用户名登录', '政务网登录', '普通登录', '自然人用户登录'] as const;
export type LoginMethodName = (typeof LOGIN_METHOD_NAMES)[number];

export function loginMethodCode(name: LoginMethodName): string {
  if (name === '新版登录') return LOGIN_METHOD_NEW;
  if (name === '代理登录') return LOGIN_METHOD_AGENT;
  return LOGIN_METHOD_OTHER;
}

/** The filter of the authorization dialog (spec 000 §2.7): 全部 / 新版登录 / 代理登录 / 政务网登录. */
export const LOGIN_METHOD_FILTERS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: '全部' },
  { value: LOGIN_METHOD_NEW, label: '新版登录' },
  { value: LOGIN_METHOD_AGENT, label: '代理登录' },
  { value: LOGIN_METHOD_OTHER, label: '政务网登录' },
];

/** Label of a stored record: its method name when kept, else the name of the code. */
export function loginMethodLabel(code: string, name?: string | null): string {
  if (name) return name;
  if (code === LOGIN_METHOD_NEW) return '新版登录';
  if (code === LOGIN_METHOD_AGENT) return '代理登录';
  return '政务网登录';
}
