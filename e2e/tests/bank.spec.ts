/**
 * Bank (issue 4 items 1, 2, 4): as demo, a fresh company's books window adds a bank account bound to 银行存款,
 * imports a statement (.csv, form 1) through the import dialog's preview, types the fee line, meets the
 * missing-setting prompt (银行手续费 deliberately unset), sets the subject on the settings page it lands on, and
 * generates the voucher, after which the line shows its voucher number.
 */
import { expect, test } from '@playwright/test';
import { apiOk, createClientCompany, initAccountSetByApi, openBooks } from '../support/bookkeeping';
import { login, snap } from '../support/session';

test('demo imports a bank statement and vouchers the fee line after setting its subject', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'demo');
  const company = await createClientCompany(page, '银行测试');
  await initAccountSetByApi(page, company.id);
  await apiOk(page, '/api/v2/setting/habbitSettingSave', { items: [{ key: 'bankFee', subjectId: null }] }, { comId: company.id });
  await openBooks(page, company);

  await page.goto('/input/money');
  await page.getByTestId('bank-account-add').click();
  await page.getByTestId('bank-account-name').fill('工行基本户');
  await page.getByTestId('bank-account-subject').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '银行存款' }).first().click();
  await page.getByRole('dialog', { name: '新增银行账户' }).locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await page.locator('.ant-segmented-item', { hasText: '工行基本户' }).click();

  const ym = `${company.period.slice(0, 4)}-${company.period.slice(4)}`;
  const csv = ['交易日期,收入金额,支出金额,摘要,对方户名,余额', `${ym}-05,5000,,货款,甲公司,15000`, `${ym}-08,,12.5,手续费,,14987.5`].join('\n');
  await page.getByTestId('bank-import-open').click();
  const dlg = page.getByRole('dialog', { name: '数据处理' });
  await expect(dlg).toBeVisible();
  await dlg.locator('input[type=file]').setInputFiles({ name: '工行流水.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(dlg).toContainText('已按表头识别列');
  await expect(dlg).toContainText('列顺序：交易日期、收入、支出、摘要、对方户名、余额');
  await snap(page, 'bank-01-import-preview');
  await page.getByTestId('bank-import-confirm').click();
  await expect(page.getByText('导入成功')).toBeVisible();
  await expect(dlg).toBeHidden();
  const feeRow = page.locator('.ant-table-row', { hasText: '手续费' });
  await expect(feeRow).toContainText('12.50');
  await expect(page.locator('.ant-table-row', { hasText: '甲公司' })).toContainText('5,000.00');

  await feeRow.locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '手续费' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await page.getByTestId('bank-create-voucher').click();
  const prompt = page.getByTestId('missing-setting-prompt');
  await expect(prompt).toContainText('未设置银行手续费科目');
  await snap(page, 'bank-02-missing-setting');
  await prompt.getByRole('button', { name: '去设置银行手续费' }).click();
  await expect(page).toHaveURL(/\/setting\/habbitSettingBook\?key=bankFee/);
  await expect(page.locator('.ant-table-row', { hasText: '银行手续费' })).toContainText('待设置');
  await page.getByTestId('setting-bankFee').click();
  await page.keyboard.type('手续费');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '手续费' }).first().click();
  await page.getByTestId('setting-save').click();
  await expect(page.getByText('设置成功')).toBeVisible();
  await snap(page, 'bank-03-settings');

  await page.goto('/input/money');
  await page.getByTestId('bank-create-voucher').click();
  await expect(page.getByText('生成成功')).toBeVisible();
  await expect(page.locator('.ant-table-row', { hasText: '手续费' })).toContainText('记-1');
  await snap(page, 'bank-04-vouchered');
});
