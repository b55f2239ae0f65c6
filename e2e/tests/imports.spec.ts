/**
 * Generic import dialog (issue 4 item 6): as demo, download the incoming-invoice system template, fill it in (the
 * test writes two lines of one invoice and a second invoice), import it through the dialog and find the invoices
 * in the list; a file with a bad row lists the row and imports nothing; then import asset cards the same way.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { createClientCompany, initAccountSetByApi, openBooks } from '../support/bookkeeping';
import { dialog, login, snap } from '../support/session';

/** Downloads the chosen template through the dialog and returns its workbook. */
async function downloadTemplate(page: Page): Promise<ExcelJS.Workbook> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-template-download').click()]);
  const path = await download.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return wb;
}

/** Appends rows under the template's header (its example row removed) and writes the file. */
async function fillTemplate(wb: ExcelJS.Workbook, rows: Record<string, string | number>[], name: string): Promise<string> {
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('template has no sheet');
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  ws.spliceRows(2, 1);
  for (const r of rows) ws.addRow(headers.map((h) => r[h] ?? null));
  const file = join(tmpdir(), `${Date.now()}-${name}`);
  await wb.xlsx.writeFile(file);
  return file;
}

test('demo downloads a template, fills it and imports invoices and assets through the dialog', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'demo');
  const company = await createClientCompany(page, '导入测试');
  await initAccountSetByApi(page, company.id);
  await openBooks(page, company);
  const day = `${company.period.slice(0, 4)}-${company.period.slice(4, 6)}-01`;

  await page.goto('/input/invoice');
  await expect(page.getByTestId('invoice-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('invoice-import-1').click();
  const dlg = dialog(page, '导入进项发票');
  await expect(dlg).toBeVisible();
  await expect(page.getByTestId('import-template')).toContainText('系统模板');
  await expect(page.getByTestId('import-steps')).toContainText('下载系统模板');

  // Confirm without a file: 请上传文件.
  await page.getByTestId('import-confirm').click();
  await expect(page.getByText('请上传文件')).toBeVisible();

  const wb = await downloadTemplate(page);
  const invoice = (number: string, goods: string, amount: number, tax: number) => ({
    发票类型: '增值税专用发票',
    发票代码: '3100201130',
    发票号码: number,
    开票日期: day,
    销方名称: '上海文具有限公司',
    销方识别号: '91310000MA1K000001',
    货物或应税劳务名称: goods,
    金额: amount,
    税率: '13%',
    税额: tax,
  });

  // A bad row (no goods name): the row is listed and nothing is imported.
  const bad = await fillTemplate(wb, [invoice('30000001', '办公用品', 1000, 130), invoice('30000002', '', 200, 26)], 'bad.xlsx');
  await page.getByTestId('import-file').locator('input[type=file]').setInputFiles(bad);
  await expect(dlg).toContainText('bad.xlsx');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('import-errors')).toContainText('第3行：请输入货物或应税劳务名称');
  await snap(page, 'imports-01-row-errors');

  const good = await fillTemplate(
    await downloadTemplate(page),
    [invoice('30000001', '办公用品', 1000, 130), invoice('30000002', '打印纸', 200, 26), invoice('30000001', '墨盒', 500, 65)],
    'good.xlsx',
  );
  await page.getByTestId('import-file').locator('input[type=file]').setInputFiles(good);
  await snap(page, 'imports-02-dialog');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByText('导入成功')).toBeVisible();
  await expect(dlg).toBeHidden();
  const table = page.getByTestId('invoice-table-1');
  await expect(table.locator('.ant-table-row', { hasText: '30000001' })).toContainText('1695.00');
  await expect(table.locator('.ant-table-row', { hasText: '30000002' })).toContainText('226.00');
  await snap(page, 'imports-03-invoices');

  // ---- Assets: the system template, one fixed asset.
  await page.goto('/input/assets');
  await expect(page.getByTestId('assets-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('asset-import').click();
  const adlg = dialog(page, '导入固定资产/无形资产/摊销');
  await expect(adlg).toBeVisible();
  const assetFile = await fillTemplate(
    await downloadTemplate(page),
    [{ 资产名称: '联想笔记本电脑', 资产类别: '电子设备', 入账日期: day, 数量: 2, 单位: '台', 原值: 12000, 残值率: '5%' }],
    'assets.xlsx',
  );
  await page.getByTestId('import-file').locator('input[type=file]').setInputFiles(assetFile);
  await page.getByTestId('import-confirm').click();
  await expect(page.getByText('导入成功')).toBeVisible();
  const row = page.locator('.ant-table-row', { hasText: '联想笔记本电脑' });
  await expect(row).toContainText('12,000.00');
  await expect(row).toContainText('电子设备');
  await snap(page, 'imports-04-assets');
  // The card carries the dialog's suggested monthly amount: (12,000 − 5%) ÷ 36.
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(page.getByTestId('asset-monthly')).toHaveValue('316.67');
  await expect(page.getByTestId('asset-periods')).toHaveValue('36');
  await snap(page, 'imports-05-asset-card');
});
