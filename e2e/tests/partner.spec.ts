/**
 * Business partners (spec 001 add business-partner dialog, issue 3 §3): on /setting/fzhs the 客户 tab adds a
 * customer through the partner dialog (name and bound subject required); on a voucher line whose subject carries
 * 客户 auxiliary accounting, 新增往来单位 in the item list creates one and puts it on the line.
 */
import { expect, test } from '@playwright/test';
import { apiOk, createClientCompany, initAccountSetByApi, openBooks } from '../support/bookkeeping';
import { dialog, login, snap } from '../support/session';

test('demo adds customers with the partner dialog on the fzhs page and from a voucher line', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo');
  const company = await createClientCompany(page, '往来单位测试');
  await initAccountSetByApi(page, company.id);
  await openBooks(page, company);

  // ---- /setting/fzhs, tab 客户: 新增客户 opens the partner dialog with 应收账款 preselected.
  await page.goto('/setting/fzhs');
  await expect(page.getByTestId('fzhs-page')).toBeVisible();
  await page.getByRole('tab', { name: /^客户/ }).click();
  await page.getByTestId('fzhs-add').click();
  const add = dialog(page, '新增客户');
  await expect(add).toBeVisible();
  await expect(add.getByTestId('partner-subject')).toContainText('1122 应收账款');
  await add.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(add.getByText('请输入名称')).toBeVisible();
  await add.getByTestId('partner-name').fill('杭州甲商贸有限公司');
  await expect(add.getByText('请输入名称')).toBeHidden();
  await snap(page, 'p-01-partner-dialog');
  await add.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(add).toBeHidden();
  const row = page.getByTestId('fzhs-table').locator('tr', { hasText: '杭州甲商贸有限公司' });
  await expect(row).toContainText('001');
  await expect(row).toContainText('1122 应收账款');
  await snap(page, 'p-02-customer-listed');

  // ---- Bind 应收账款 to 客户, then on a voucher line 新增往来单位 creates the customer and selects it.
  const { list: categories } = await apiOk<{ list: { id: number; kind: string }[] }>(page, '/api/v2/fzhs/fzhsCategoryList', {}, { comId: company.id });
  const { list: subjects } = await apiOk<{ list: { id: number; code: string }[] }>(page, '/api/v2/subject/findSubjects', {}, { comId: company.id });
  const customer = categories.find((c) => c.kind === 'customer');
  const receivable = subjects.find((s) => s.code === '1122');
  expect(customer && receivable).toBeTruthy();
  await apiOk(page, '/api/v2/fzhs/bindSubject', { subjectId: receivable?.id, categoryId: customer?.id }, { comId: company.id });

  await page.goto('/bookkeeps/addVoucher');
  await expect(page.getByTestId('add-voucher-page')).toBeVisible();
  await page.keyboard.type('赊销商品');
  await page.keyboard.press('Enter');
  await page.keyboard.type('1122');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toContainText('1122 应收账款');
  await page.keyboard.press('Enter');
  const item = page.getByTestId('voucher-fzhs-0');
  await expect(item).toBeVisible();
  await item.click();
  // The subject list may still be animating out while the item list opens: pick the list by its content.
  await expect(page.locator('.ant-select-dropdown:visible', { hasText: '001 杭州甲商贸有限公司' })).toBeVisible();
  await page.getByTestId('voucher-fzhs-add-0').click();
  const fromLine = dialog(page, '新增客户');
  await expect(fromLine).toBeVisible();
  await expect(fromLine.getByTestId('partner-subject')).toContainText('1122 应收账款');
  await fromLine.getByTestId('partner-name').fill('宁波乙贸易有限公司');
  await fromLine.getByTestId('partner-name').press('Enter');
  await expect(fromLine).toBeHidden();
  await expect(item).toContainText('002 宁波乙贸易有限公司');
  await expect(page.getByTestId('voucher-debit-0')).toBeFocused();
  await snap(page, 'p-03-partner-on-voucher-line');
});
