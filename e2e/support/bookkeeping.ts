/**
 * Steps of the bookkeeping journeys (issue 3): calls to the server with the signed-in browser's token, a fresh
 * client company whose start period is the current month (so a journey never depends on the demo ledger), its
 * account set, and its books window.
 *
 *     await login(page, 'demo');
 *     const company = await createClientCompany(page);          // { id, name, period }
 *     await initAccountSetByApi(page, company.id);               // or through /fianceAccount/addCustomer
 *     await openBooks(page, company.id);
 */
import { expect, type Page } from '@playwright/test';
import { generateCreditCode, seededRandom } from '@dzy/domain/company/credit-code';
import { runSuffix } from './session';

/** YYYYMM of today in China, where the server's periods live. */
export function currentPeriod(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}`;
}

/** The session token the login page stored for every window of this browser. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('dzy.token'));
  expect(token, 'signed in').toBeTruthy();
  return token ?? '';
}

export interface ApiAnswer<T> {
  status: number;
  msg: string;
  data: T;
}

/** POSTs a /api/v2 call as the signed-in user (ComId / Period headers when given) and returns the envelope. */
export async function apiCall<T>(
  page: Page,
  path: string,
  body: unknown,
  opts: { comId?: number; period?: string } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Token: await tokenOf(page), Version: 'v3' };
  if (opts.comId) headers.ComId = String(opts.comId);
  if (opts.period) headers.Period = opts.period;
  const res = await page.request.post(path, { data: body, headers });
  const json = (await res.json()) as { msg: string; data: T };
  return { status: res.status(), msg: json.msg, data: json.data };
}

/** Like apiCall, but the call must succeed; returns its data. */
export async function apiOk<T>(page: Page, path: string, body: unknown, opts: { comId?: number; period?: string } = {}): Promise<T> {
  const r = await apiCall<T>(page, path, body, opts);
  expect(r.msg, `${path} → HTTP ${r.status}`).toBe('success');
  return r.data;
}

export interface ClientCompany {
  id: number;
  name: string;
  /** Start period = the current period (YYYYMM). */
  period: string;
}

/** Creates a small-scale client company (小企业会计准则) starting this month, with a valid credit code. */
export async function createClientCompany(page: Page, label: string): Promise<ClientCompany> {
  const n = runSuffix();
  const name = `${label}${n}有限公司`;
  const period = currentPeriod();
  const taxNo = generateCreditCode(seededRandom(Date.now() % 2_147_483_647), { region: '330106' });
  const r = await apiOk<{ id: number }>(page, '/api/v2/company/companySave', {
    name,
    taxNo,
    type: '1',
    district: '330106',
    startPeriod: period,
    accountingStandard: 'small',
    automatic: 0,
    contact: '周测试',
    tel: '0571-88000000',
  });
  return { id: r.id, name, period };
}

/** Creates the company's account set (default 4-2-2-2 scheme) and passes the empty opening trial balance. */
export async function initAccountSetByApi(page: Page, comId: number): Promise<void> {
  await apiOk(page, '/api/v2/account/kjInit', { comId, standard: 'small', taxpayerType: '1' }, { comId });
  const check = await apiOk<{ balanced: boolean; checked: boolean }>(page, '/api/v2/init/openingCheck', { comId }, { comId });
  expect(check.balanced).toBe(true);
}

/** Turns this window into the company's books window (the shell's /etaxHome?roleName=accountBook&comId=). */
export async function openBooks(page: Page, company: ClientCompany): Promise<void> {
  await page.goto(`/etaxHome?roleName=accountBook&comId=${company.id}`);
  await expect(page.getByTestId('company-select')).toContainText(company.name);
  await expect(page.getByTestId('period-picker')).toBeVisible();
}

/** The open antd popconfirm's OK button. */
export function popconfirmOk(page: Page) {
  return page.locator('.ant-popconfirm:visible .ant-btn-primary');
}
