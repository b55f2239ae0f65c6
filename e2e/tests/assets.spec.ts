/**
 * Assets (issue 4 item 5): as demo, a fresh company's books window adds an intangible asset in the asset dialog
 * (type → default periods, suggested monthly amount), month-end close refuses while the amortization is not
 * booked, 计提折旧 books the period's voucher and shows it in the voucher preview, and the close then goes through.
 */
import { expect, test } from '@playwright/test';
import { createClientCompany, initAccountSetByApi, openBooks, popconfirmOk } from '../support/bookkeeping';
import { login, snap } from '../support/session';

test('demo adds an intangible asset, books its amortization voucher and closes the month', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'demo');
  const company = await createClientCompany(page, '资产测试');
  await initAccountSetByApi(page, company.id);
  await openBooks(page, company);

  await page.goto('/input/assets');
  await expect(page.getByTestId('assets-page')).toBeVisible();
  await page.getByRole('tab', { name: '无形资产' }).click();
  await page.getByTestId('asset-add').click();
  const dlg = page.getByRole('dialog', { name: '新增无形资产' });
  await expect(dlg).toBeVisible();

  // An empty name is refused with the dialog's message.
  await dlg.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(dlg.getByText('资产名称不能为空')).toBeVisible();

  await page.getByTestId('asset-name').fill('财务软件');
  await expect(dlg.getByText('资产名称不能为空')).toBeHidden();
  await page.getByTestId('asset-type').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '软件' }).click();
  await expect(page.getByTestId('asset-periods')).toHaveValue('120');
  const first = `${company.period.slice(0, 4)}-${company.period.slice(4)}-01`;
  await page.getByTestId('asset-date').click();
  await page.keyboard.type(first);
  await page.keyboard.press('Enter');
  await dlg.getByLabel('当月开始摊销').check();
  await page.getByTestId('asset-original').fill('12000');
  await expect(page.getByTestId('asset-monthly')).toHaveValue('100.00');
  await snap(page, 'assets-01-dialog');
  await dlg.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(dlg).toBeHidden();
  const row = page.locator('.ant-table-row', { hasText: '财务软件' });
  await expect(row).toContainText('12,000.00');
  await expect(row).toContainText('100.00');

  // Month-end close refuses while the amortization is not booked.
  await page.goto('/bookkeeps/settleAccount');
  await expect(page.getByTestId('settle-check').filter({ hasText: '资产折旧' })).toContainText('本期资产尚未计提折旧');
  await snap(page, 'assets-02-close-refused');

  await page.goto('/input/assets');
  await page.getByTestId('asset-run').click();
  const preview = page.getByRole('dialog', { name: '凭证预览' });
  await expect(preview).toBeVisible();
  await expect(preview).toContainText('摊销无形资产');
  await expect(preview).toContainText('累计摊销');
  await snap(page, 'assets-03-voucher');
  await page.keyboard.press('Escape');

  await page.goto('/bookkeeps/settleAccount');
  await expect(page.getByTestId('settle-check').filter({ hasText: '资产折旧' })).toContainText('本期已计提');
  await page.getByTestId('settle-submit').click();
  await popconfirmOk(page).click();
  await expect(page.getByTestId('settle-state')).toHaveText('已结账');
  await snap(page, 'assets-04-closed');
});
