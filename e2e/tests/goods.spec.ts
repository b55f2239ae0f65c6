/**
 * Goods (issue 4 item 3, spec 001 add goods dialog): from an outgoing invoice line, open 新增商品 with the typed
 * name, meet the spec message for a missing code, browse the tax-classification tree, take a 智能赋码 candidate,
 * save; the line is filled (`*简称*名称`, unit, price, rate, tax). A second line picks the saved goods by typing,
 * and the 商品编码 tab lists it.
 */
import { expect, test } from '@playwright/test';
import { createClientCompany, initAccountSetByApi, openBooks } from '../support/bookkeeping';
import { dialog, login, snap } from '../support/session';

test('demo codes a goods from an invoice line with the tree and smart coding, and the line is filled', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo');
  const company = await createClientCompany(page, '商品测试');
  await initAccountSetByApi(page, company.id);
  await openBooks(page, company);

  await page.goto('/input/invoice');
  await expect(page.getByTestId('invoice-page')).toBeVisible();
  await page.getByRole('tab', { name: '销项发票' }).click();
  await page.getByTestId('invoice-add-2').click();
  const out = dialog(page, '新增销项发票');
  await expect(out).toBeVisible();
  await out.getByTestId('line-0-goods').fill('软件开发费');
  await out.getByTestId('line-0-goods-add').click();

  const goods = dialog(page, '新增商品');
  await expect(goods.getByTestId('goods-name')).toHaveValue('软件开发费');
  await goods.getByTestId('goods-save').click();
  await expect(goods.getByText('请选择免税类型')).toBeVisible();

  // The tree: 货物 → 农、林、牧、渔业类产品 → 农业产品 → 谷物 → 稻谷 (a usable row fills the code).
  for (const code of ['1000000000000000000', '1010000000000000000', '1010100000000000000', '1010101000000000000']) {
    await goods.getByTestId(`tax-node-${code}`).click();
  }
  await goods.getByTestId('tax-node-1010101010000000000').click();
  await expect(goods.getByTestId('goods-code')).toHaveValue('1010101010000000000');
  await expect(goods.getByTestId('goods-name2')).toHaveValue('谷物');
  await snap(page, 'goods-01-tree');

  // 智能赋码 offers 其他软件服务 for a software name; picking it replaces the code and short name.
  await goods.getByTestId('goods-smart-code').click();
  await expect(goods.getByTestId('goods-candidates')).toBeVisible();
  await goods.getByTestId('goods-candidate-3040201990000000000').click();
  await expect(goods.getByTestId('goods-code')).toHaveValue('3040201990000000000');
  await expect(goods.getByTestId('goods-name2')).toHaveValue('信息技术服务');
  await expect(goods.getByTestId('goods-spjm')).toHaveValue('其他软件服务');
  await goods.getByTestId('goods-unit').fill('项');
  await goods.getByTestId('goods-price').fill('1000');
  await goods.getByTestId('goods-rate').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^3%$/ }).click();
  await snap(page, 'goods-02-dialog');
  await goods.getByTestId('goods-save').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(goods).toBeHidden();

  await expect(out.getByTestId('line-0-goods')).toHaveValue('*信息技术服务*软件开发费');
  const row0 = out.getByTestId('invoice-lines').locator('tbody tr.ant-table-row').first();
  await expect(row0.locator('input').nth(2)).toHaveValue('项');
  await expect(row0.locator('input').nth(4)).toHaveValue('1000');
  await expect(row0.locator('td').nth(6)).toHaveText('3%');
  await row0.locator('input').nth(3).fill('2');
  await expect(out.getByTestId('line-0-amount')).toHaveValue('2000.00');
  await expect(out.getByTestId('line-0-tax')).toHaveValue('60.00');

  // A second line picks the saved goods by typing part of its name.
  // Leave the goods cell so its suggestion list closes.
  await out.getByTestId('invoice-totals').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await out.getByRole('button', { name: /添加明细/ }).click();
  await out.getByTestId('line-1-goods').fill('软件');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '软件开发费' }).click();
  await expect(out.getByTestId('line-1-goods')).toHaveValue('*信息技术服务*软件开发费');
  await expect(out.getByTestId('invoice-lines').locator('tbody tr.ant-table-row').nth(1).locator('input').nth(4)).toHaveValue('1000');
  await snap(page, 'goods-03-invoice-lines');
  await out.getByRole('button', { name: /取\s*消/ }).click();

  // The 商品编码 tab lists it; edit opens 编辑商品 with the saved values.
  await page.getByRole('tab', { name: '商品编码' }).click();
  await expect(page.getByTestId('goods-table')).toContainText('3040201990000000000');
  await page.getByTestId('goods-open').first().click();
  const edit = dialog(page, '编辑商品');
  await expect(edit.getByTestId('goods-code')).toHaveValue('3040201990000000000');
  await snap(page, 'goods-04-tab');
});
