/**
 * Assets (issue 4 item 5): as demo, a fresh company's books window adds an intangible asset in the asset dialog
 * (type → default periods, suggested monthly amount), month-end close refuses while the amortization is not
 * booked, 计提折旧 books the period's voucher and shows it in the voucher preview, and the close then goes through.
 * The second journey does the same for a FIXED asset (entered the month before, so it depreciates from this period):
 * add it, 计提折旧, see the depreciation voucher in the preview and in the voucher list, and close the month.
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

/** 'YYYYMM' → the first day of the month before, 'YYYY-MM-01'. */
function firstOfPreviousMonth(period: string): string {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(4));
  const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
  return `${py}-${String(pm).padStart(2, '0')}-01`;
}

test('demo adds a fixed asset, books its depreciation voucher and closes the month', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'demo');
  const company = await createClientCompany(page, '固定资产');
  await initAccountSetByApi(page, company.id);
  await openBooks(page, company);

  await page.goto('/input/assets');
  await expect(page.getByTestId('assets-page')).toBeVisible();
  await page.getByRole('tab', { name: '固定资产' }).click();
  await page.getByTestId('asset-add').click();
  const dlg = page.getByRole('dialog', { name: '新增固定资产' });
  await expect(dlg).toBeVisible();
  await page.getByTestId('asset-name').fill('笔记本电脑');
  await page.getByTestId('asset-type').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '电子设备' }).click();
  await expect(page.getByTestId('asset-periods')).toHaveValue('36');
  await page.getByTestId('asset-date').click();
  await page.keyboard.type(firstOfPreviousMonth(company.period));
  await page.keyboard.press('Enter');
  await page.getByTestId('asset-original').fill('7200');
  await page.getByTestId('asset-rate').fill('0');
  await expect(page.getByTestId('asset-monthly')).toHaveValue('200.00');
  await snap(page, 'assets-11-fixed-dialog');
  await dlg.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(dlg).toBeHidden();
  const row = page.locator('.ant-table-row', { hasText: '笔记本电脑' });
  await expect(row).toContainText('7,200.00');
  await expect(row).toContainText('200.00');

  // The close refuses until the depreciation is booked.
  await page.goto('/bookkeeps/settleAccount');
  await expect(page.getByTestId('settle-check').filter({ hasText: '资产折旧' })).toContainText('本期资产尚未计提折旧');

  await page.goto('/input/assets');
  await page.getByTestId('asset-run').click();
  const preview = page.getByRole('dialog', { name: '凭证预览' });
  await expect(preview).toBeVisible();
  await expect(preview).toContainText('计提固定资产折旧');
  await expect(preview).toContainText('累计折旧');
  await expect(preview).toContainText('合计：贰佰元整');
  await snap(page, 'assets-12-fixed-voucher');
  await page.keyboard.press('Escape');

  // The depreciation voucher in the voucher list.
  await page.goto('/bookkeeps/voucher');
  const card = page.locator('[data-testid^="voucher-card-"]', { hasText: '计提固定资产折旧' });
  await expect(card).toContainText('1602 累计折旧');
  await expect(card).toContainText('200.00');
  await snap(page, 'assets-13-fixed-voucher-list');

  await page.goto('/bookkeeps/settleAccount');
  await expect(page.getByTestId('settle-check').filter({ hasText: '资产折旧' })).toContainText('本期已计提');
  await page.getByTestId('settle-submit').click();
  await popconfirmOk(page).click();
  await expect(page.getByTestId('settle-state')).toHaveText('已结账');
  await snap(page, 'assets-14-fixed-closed');
});
