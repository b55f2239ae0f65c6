/**
 * Bank (issue 4 items 1, 2, 4): as demo, a fresh company's books window adds a bank account bound to 银行存款,
 * imports a statement with SEPARATE 收入/支出 columns (.csv, form 1) through the import dialog's preview, types both
 * lines, meets the missing-setting prompt (银行手续费 deliberately unset), sets the subject on the settings page it
 * lands on, generates the vouchers in one click, and finds the amounts on 银行存款 in the 科目余额表. A second
 * journey imports a text-based PDF statement (made by pdfmake, as e-banking exports it) through the same dialog.
 */
import { expect, test } from '@playwright/test';
import { apiOk, createClientCompany, initAccountSetByApi, openBooks } from '../support/bookkeeping';
import { login, snap } from '../support/session';
import { icbcStylePdf } from '../../apps/server/src/modules/bank/bank-pdf-test-fixtures';

test('demo imports a statement with separate income/expense columns, vouchers it in one click and sees 银行存款 in 科目余额表', async ({ page }) => {
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

  // Typed on import (智能匹配): 手续费 by keyword, the 货款 receipt as 收到货款.
  const receiptRow = page.locator('.ant-table-row', { hasText: '甲公司' });
  await expect(feeRow.locator('.ant-select')).toContainText('手续费');
  await expect(receiptRow.locator('.ant-select')).toContainText('收到货款');
  await snap(page, 'bank-01a-auto-typed');
  // 批量设置业务类型 for the selected line, then back to 收到货款 on the row itself.
  await receiptRow.locator('.ant-checkbox-input').check();
  await page.getByTestId('bank-batch-bt-open').click();
  const batch = page.getByRole('dialog', { name: '批量设置业务类型' });
  await expect(batch).toContainText('已选 1 条流水（收入）');
  await batch.locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '其他收款' }).click();
  await snap(page, 'bank-01b-batch-type');
  await batch.locator('.ant-btn-primary').click();
  await expect(page.getByText('设置成功')).toBeVisible();
  await expect(batch).toBeHidden();
  await expect(receiptRow.locator('.ant-select')).toContainText('其他收款');
  await receiptRow.locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '收到货款' }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await expect(receiptRow.locator('.ant-select')).toContainText('收到货款');
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
  await expect(page.locator('.ant-table-row', { hasText: '手续费' })).toContainText(/记-\d/);
  await expect(page.locator('.ant-table-row', { hasText: '甲公司' })).toContainText(/记-\d/);
  await snap(page, 'bank-04-vouchered');

  // 科目余额表: the bank subject carries the receipt on the debit side and the fee on the credit side.
  await page.goto('/bookkeeps/accountBook');
  const bankRow = page.getByTestId('balance-row-1002');
  await expect(bankRow).toContainText('5,000.00');
  await expect(bankRow).toContainText('12.50');
  await expect(bankRow).toContainText('4,987.50');
  await expect(page.getByTestId('balance-check')).toHaveText('试算平衡');
  await snap(page, 'bank-05-subject-balance');
});

test('demo imports a text-based PDF bank statement through the same dialog', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'demo');
  const company = await createClientCompany(page, '银行PDF');
  await initAccountSetByApi(page, company.id);
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
  const pdf = await icbcStylePdf([
    { date: `${ym}-03`, summary: '货款', income: 1_280_000, expense: 0, other: '北京禾木空间设计有限公司', balance: 11_280_000 },
    { date: `${ym}-09`, summary: '付材料款', income: 0, expense: 356_000, other: '上海青禾贸易有限公司', balance: 10_924_000 },
  ]);
  await page.getByTestId('bank-import-open').click();
  const dlg = page.getByRole('dialog', { name: '数据处理' });
  await dlg.locator('input[type=file]').setInputFiles({ name: '工行流水.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(dlg).toContainText('已按表头识别列');
  await expect(dlg).toContainText('北京禾木空间设计有限公司');
  await expect(dlg).toContainText('3560.00');
  await snap(page, 'bank-06-pdf-preview');
  await page.getByTestId('bank-import-confirm').click();
  await expect(page.getByText('导入成功')).toBeVisible();
  await expect(dlg).toBeHidden();
  await expect(page.locator('.ant-table-row', { hasText: '北京禾木空间设计有限公司' })).toContainText('12,800.00');
  await expect(page.locator('.ant-table-row', { hasText: '上海青禾贸易有限公司' })).toContainText('3,560.00');
  await snap(page, 'bank-07-pdf-imported');
});
