/**
 * Tax-bureau authorization (issue 5 item 7, "must show"): as demo, 北京禾木空间设计 goes from unauthorized to
 * authorized through the SMS code — the row icon opens the 授权 dialog, 授权 sends the bureau simulator's code
 * (read back from the message centre's SMS list), the code is entered and the icon turns online. The edit mode
 * and the region login form are looked at on the way.
 */
import { expect, test } from '@playwright/test';
import { apiOk } from '../support/bookkeeping';
import { dialog, login, snap } from '../support/session';

const COMPANY = '北京禾木空间设计有限公司';
const PHONE = '13901000010';

test('a company goes from unauthorized to authorized through the SMS code', async ({ page }) => {
  await login(page, 'demo');
  await page.goto('/financial-acco/bookkeeping');
  await expect(page.getByTestId('bookkeeping-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('company-search').locator('input').fill(COMPANY);
  await page.getByTestId('company-search').locator('input').press('Enter');
  const row = page.locator('.ant-table-row').filter({ hasText: COMPANY });
  await expect(row).toHaveCount(1);
  const icon = row.getByTestId('keep-status-icon');
  await expect(icon).toHaveAttribute('data-kind', 'unauthorized');
  await icon.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: '未授权' })).toBeVisible();

  await icon.click();
  const box = dialog(page, `${COMPANY}授权`);
  await expect(box).toBeVisible();
  const login1 = box.locator('.ant-table-row').filter({ hasText: PHONE });
  await expect(login1).toContainText('新版登录');
  await expect(login1).toContainText('优先');
  await expect(login1).toContainText('手动');
  await snap(page, 'ta-01-authorize-dialog');

  // Edit mode (1200px) shows the password and the region's login form.
  await box.getByTestId('tax-login-edit-mode').click();
  await expect(box.getByRole('columnheader', { name: '密码' })).toBeVisible();
  await expect(login1).toContainText('Etax#2026');
  await snap(page, 'ta-02a-edit-mode');
  await box.getByTestId('tax-login-add').click();
  const form = dialog(page, '添加绑定登录信息');
  await expect(form).toContainText('北京市');
  await expect(form.getByText('居民身份证号码/手机号码/用户名')).toBeVisible();
  await snap(page, 'ta-02-login-form');
  await form.getByRole('button', { name: /取\s*消/ }).click();
  await box.getByRole('button', { name: '返回授权' }).click();

  // 获取授权链接: a QR code and a copyable link.
  await login1.getByRole('button', { name: '获取授权链接' }).click();
  const link = dialog(page, '获取授权链接');
  await expect(link.getByRole('img', { name: '授权二维码' })).toBeVisible();
  await expect(link).toContainText('/api/public/taxLogin/authLink/');
  await snap(page, 'ta-02b-auth-link');
  await link.locator('.ant-modal-close').click();

  // 授权 → the bureau sends a code; the SMS dialog opens.
  await login1.getByTestId('tax-login-authorize').click();
  const sms = dialog(page, '输入验证码');
  await expect(sms).toBeVisible();
  await expect(sms.getByTestId('tax-sms-tel')).toHaveValue(PHONE);
  await expect(sms.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  await expect(login1).toContainText('授权中');

  // The code as the message centre lists it (SMS list of the agency).
  const smsList = await apiOk<{ list: Array<{ content: string }> }>(page, '/api/v2/message/smsList', { page: 1, limit: 100, content: PHONE });
  const code = smsList.list.map((s) => s.content.match(/验证码(\d{6})/)?.[1]).find((c) => c !== undefined);
  expect(code, 'bureau SMS code').toBeTruthy();

  await sms.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(sms).toContainText('请输入验证码');
  await sms.getByTestId('tax-sms-code').fill(code ?? '');
  await snap(page, 'ta-03-sms-dialog');
  await sms.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByText('授权成功')).toBeVisible();
  await expect(sms).toBeHidden();
  await expect(login1).toContainText('已授权(在线)');
  await snap(page, 'ta-04-authorized');

  await box.locator('.ant-modal-close').click();
  await expect(row.getByTestId('keep-status-icon')).toHaveAttribute('data-kind', 'online');
  await snap(page, 'ta-05-company-row-online');

  // 授权登录 (/batch/loginTaxBureau) lists the companies with their state.
  await page.goto('/batch/loginTaxBureau');
  const pageBox = page.getByTestId('login-tax-bureau-page');
  await expect(pageBox).toBeVisible({ timeout: 30_000 });
  await expect(pageBox.locator('.ant-table-row').filter({ hasText: '深圳市宝安鹏程精密模具有限公司' })).toContainText('已掉线');
  await expect(pageBox.locator('.ant-table-row').filter({ hasText: COMPANY })).toContainText('已授权(在线)');
  await snap(page, 'ta-06-login-tax-bureau-page');
});
