/**
 * Invoice collection from the tax bureau (/billCollect/collectInvoice, issue 4 item 3): demo starts a collection for
 * an authorized demo company, the task button shows progress and then success with the counts, and the company's
 * invoice page lists the collected invoices. An unauthorized company fails with the bureau's message on hover.
 */
import { expect, test } from '@playwright/test';
import type { CompanyListResult } from '@dzy/domain/contracts/companies.contract';
import type { InvoiceListResult } from '@dzy/domain/contracts/invoices.contract';
import { apiOk } from '../support/bookkeeping';
import { dialog, login, snap } from '../support/session';

const AUTHORIZED = '深圳市前海星澜科技有限公司';
const UNAUTHORIZED = '北京禾木空间设计';

test('demo collects invoices for an authorized company and sees them on its invoice page', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo');
  const found = await apiOk<CompanyListResult>(page, '/api/v2/company/companyList', { name: AUTHORIZED });
  const company = found.list[0];
  if (!company) throw new Error('demo company missing');
  const period = company.period;
  expect(period).toMatch(/^\d{6}$/);

  await page.goto('/billCollect/collectInvoice');
  await expect(page.getByTestId('collect-invoice-page')).toBeVisible();
  // The collection period: the company's current period (the page starts on this month).
  await page.getByTestId('collect-period').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`${period.slice(0, 4)}-${period.slice(4, 6)}`);
  await page.keyboard.press('Enter');

  // Nothing selected: the batch button asks for companies.
  await page.getByTestId('collect-start').click();
  await expect(page.getByText('请选择公司').last()).toBeVisible();

  await page.getByTestId('collect-search').locator('input').fill('前海星澜');
  await page.getByTestId('collect-search').locator('input').press('Enter');
  const row = page.locator('tr', { has: page.getByTestId(`collect-status-${company.id}`) });
  await expect(row).toBeVisible();
  await expect(page.getByTestId(`collect-status-${company.id}`)).toContainText('发起采集');
  await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('collect-start').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('是否确认发起采集');
  await snap(page, 'collect-01-confirm');
  await confirm.locator('.ant-btn-primary').click();
  await expect(page.getByText('已发起1个采集任务').last()).toBeVisible();
  await expect(page.getByTestId(`collect-status-${company.id}`).getByTestId('collect-progress')).toBeVisible();
  await snap(page, 'collect-02-progress');

  const done = page.getByTestId(`collect-status-${company.id}`).getByTestId('collect-done');
  await expect(done).toBeVisible({ timeout: 40_000 });
  await expect(done).toContainText(/采集成功 新增\d+张/);
  await done.hover();
  await expect(page.locator('.ant-tooltip', { hasText: '发票采集完成' })).toBeVisible();
  await snap(page, 'collect-03-done');

  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId(`collect-open-${company.id}`).click();
  const books = await popupPromise;
  await expect(books.getByTestId('invoice-page')).toBeVisible({ timeout: 30_000 });
  await expect(books.locator('.ant-table-row').first()).toBeVisible();
  await snap(books, 'collect-04-invoices-in');
  const outs = await apiOk<InvoiceListResult>(page, '/api/v2/invoice/outInvoiceList', { page: 1, pageSize: 10 }, { comId: company.id, period });
  const sold = outs.list[0];
  if (!sold) throw new Error('no collected outgoing invoice');
  await books.getByRole('tab', { name: '销项发票' }).click();
  await expect(books.locator('.ant-table-row', { hasText: sold.invoiceNumber })).toBeVisible();
  await snap(books, 'collect-05-invoices-out');

  // The buyer dialog offers the buyers of collected invoices by name (collection-corp search) and fills the tax number.
  await books.getByTestId('invoice-add-2').click();
  const form = dialog(books, '新增销项发票');
  await form.getByTestId('invoice-add-buyer').click();
  const buyer = dialog(books, '新增购买方');
  await buyer.getByTestId('buyer-name').fill(sold.counterpartyName.slice(2, 6));
  await books.locator('.ant-select-item-option', { hasText: sold.counterpartyTaxNo }).click();
  await expect(buyer.getByTestId('buyer-name')).toHaveValue(sold.counterpartyName);
  await expect(buyer.getByTestId('buyer-tax-no')).toHaveValue(sold.counterpartyTaxNo);
  await snap(books, 'collect-06-buyer-corps');
  await books.close();

  // An unauthorized company: the bureau refuses, the reason shows on hover.
  await page.getByTestId('collect-search').locator('input').fill(UNAUTHORIZED);
  await page.getByTestId('collect-search').locator('input').press('Enter');
  const other = page.locator('.ant-table-row').first();
  await expect(other).toContainText(UNAUTHORIZED);
  await other.getByTestId('collect-restart').click();
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  const failed = other.getByTestId('collect-failed');
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await failed.hover();
  await expect(page.locator('.ant-tooltip', { hasText: '税局未授权或登录已失效，请先完成税局授权' })).toBeVisible();
  await snap(page, 'collect-07-refused');
});
