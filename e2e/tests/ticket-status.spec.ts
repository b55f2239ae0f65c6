/**
 * Ticket arrival status (issue 4 item 7): as demo in the agency window, open 单据状态 from the header, pick a
 * company, meet '请选择部分到票类型' on partial without items, save partial with two items and see it again.
 */
import { expect, test } from '@playwright/test';
import { login, snap } from '../support/session';

const COMPANY = '杭州钱塘江畔文化传媒有限公司';

test('ticket status: partial needs an item, saves, reads back', async ({ page }) => {
  await login(page, 'demo');
  await page.getByTestId('header-invoice-status').click();
  const pick = page.getByTestId('ticket-status-company');
  await pick.locator('input').fill(COMPANY.slice(0, 6));
  await page.locator('.ant-select-item-option').filter({ hasText: COMPANY }).click();

  const dialog = page.getByTestId('ticket-status-dialog');
  await expect(dialog.getByText(COMPANY)).toBeVisible();
  // The demo seeds this period's status (未到票 or 部分到票); choosing 全部到票 first makes the journey independent of it.
  await expect(dialog.getByTestId('ticket-status-label')).toHaveText(/到票/);
  const items = dialog.getByTestId('ticket-status-items');
  await dialog.getByRole('radio', { name: '全部到票' }).check();
  for (const name of ['进项发票', '银行对账单']) await expect(items.getByRole('checkbox', { name })).toBeChecked();
  await expect(items.getByRole('checkbox', { name: '薪酬表' })).toBeDisabled();

  await dialog.getByRole('radio', { name: '部分到票' }).check();
  await items.getByRole('checkbox', { name: '薪酬表' }).uncheck();
  await items.getByRole('checkbox', { name: '费用发票' }).uncheck();
  await items.getByRole('checkbox', { name: '销项发票' }).uncheck();
  await snap(page, 'ticket-status-01-partial');
  await dialog.getByTestId('ticket-status-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByTestId('header-invoice-status').click();
  await page.getByTestId('ticket-status-company').locator('input').fill(COMPANY.slice(0, 6));
  await page.locator('.ant-select-item-option').filter({ hasText: COMPANY }).click();
  await expect(dialog.getByTestId('ticket-status-label')).toHaveText('部分到票');
  await expect(items.getByRole('checkbox', { name: '进项发票' })).toBeChecked();
  await expect(items.getByRole('checkbox', { name: '银行对账单' })).toBeChecked();
  await expect(items.getByRole('checkbox', { name: '薪酬表' })).not.toBeChecked();
  // Unticking both turns it into 未到票 (zero items force 9); partial again on the empty list is refused.
  await items.getByRole('checkbox', { name: '进项发票' }).uncheck();
  await items.getByRole('checkbox', { name: '银行对账单' }).uncheck();
  await expect(dialog.getByRole('radio', { name: '未到票' })).toBeChecked();
  await dialog.getByRole('radio', { name: '部分到票' }).check();
  await dialog.getByTestId('ticket-status-save').click();
  await expect(page.getByText('请选择部分到票类型')).toBeVisible();
  await snap(page, 'ticket-status-02-refused');
});
