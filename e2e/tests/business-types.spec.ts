/**
 * Business types (issue 4 item 2) at /setting/business: add a custom 进项 type bound to a subject, use it on an
 * incoming invoice line (the picker shows the prepended entries first), generate the voucher and see the subject
 * in the voucher preview. Also opens the add-inventory dialog from the picker and meets its messages.
 */
import { expect, test } from '@playwright/test';
import { createClientCompany, initAccountSetByApi, openBooks } from '../support/bookkeeping';
import { dialog, login, snap } from '../support/session';

test('demo adds a custom business type and vouchers an invoice line to its subject', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo');
  const company = await createClientCompany(page, '业务类型');
  await initAccountSetByApi(page, company.id);
  await openBooks(page, company);
  const day = `${company.period.slice(0, 4)}-${company.period.slice(4, 6)}-02`;

  // ---- /setting/business: the defaults per group, then a custom 进项 type bound to 管理费用-诉讼费.
  await page.goto('/setting/business');
  const table = page.getByTestId('business-types-table');
  await expect(table).toContainText('库存商品');
  await expect(table).toContainText('1405');
  await page.getByRole('tab', { name: '银行' }).click();
  await expect(table).toContainText('收到货款');
  await page.getByRole('tab', { name: '进项发票' }).click();
  await page.getByTestId('bt-add').click();
  const add = dialog(page, '新增业务类型（进项发票）');
  await add.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(add.getByText('请输入业务类型名称')).toBeVisible();
  await expect(add.getByText('请选择科目')).toBeVisible();
  await add.getByTestId('business-type-name').fill('法律服务');
  await add.getByTestId('business-type-subject').click();
  await page.keyboard.type('560217');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '560217' }).click();
  await snap(page, 'bt-01-add-type');
  await add.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(add).toBeHidden();
  const row = table.locator('.ant-table-row', { hasText: '法律服务' });
  await expect(row).toContainText('560217 管理费用-诉讼费');
  await snap(page, 'bt-02-list');

  // ---- An incoming 普票 whose line takes the new type; the picker lists the prepended entries first.
  await page.goto('/input/invoice');
  await page.getByTestId('invoice-add-1').click();
  const form = dialog(page, '新增进项发票');
  await expect(form).toBeVisible();
  await form.getByTestId('invoice-type').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '增值税普通发票' }).first().click();
  await form.getByTestId('invoice-code').fill('3300201130');
  await form.getByTestId('invoice-number').fill('07654321');
  await form.getByTestId('invoice-date').fill(day);
  await form.locator('input[data-testid="invoice-counterparty"], [data-testid="invoice-counterparty"] input').first().fill('杭州律师事务所');
  await form.getByTestId('line-0-goods').fill('法律咨询');
  await form.getByTestId('line-0-amount').fill('2000');
  await form.getByTestId('line-0-business').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.nth(0)).toContainText('新增科目');
  await expect(options.nth(1)).toContainText('新增存货');
  await expect(options.nth(2)).toContainText('关联资产');
  await snap(page, 'bt-03-prepended');

  // 新增存货 opens the add-inventory dialog with the spec's messages; cancelled here.
  await options.nth(1).click();
  const inv = dialog(page, '新增存货');
  await inv.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(inv.getByText('请输入名称')).toBeVisible();
  await expect(inv.getByText('请选择类别')).toBeVisible();
  await expect(inv.getByText('请选择科目')).toBeVisible();
  await snap(page, 'bt-04-inventory-dialog');
  await inv.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
  await expect(inv).toBeHidden();

  await form.getByTestId('line-0-business').click();
  await page.keyboard.type('法律');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '法律服务' }).click();
  await expect(form.getByTestId('line-0-business')).toContainText('法律服务');
  await form.getByTestId('invoice-save').click();
  await expect(page.getByText('保存成功').last()).toBeVisible();

  // ---- One click → voucher; the preview shows the type's subject.
  await page.getByTestId('invoice-generate-1').click();
  await expect(page.getByText('生成成功').last()).toBeVisible();
  await page.getByTestId('invoice-table-1').getByTestId('invoice-voucher').first().click();
  const preview = dialog(page, '凭证预览');
  await expect(preview).toContainText('诉讼费');
  await expect(preview).toContainText('应付账款');
  await snap(page, 'bt-05-voucher-preview');
});
