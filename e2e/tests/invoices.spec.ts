/**
 * VAT invoices (issue 4 item 3) on /input/invoice: enter an outgoing invoice and generate its voucher; enter an
 * incoming special invoice, meet the missing-setting prompt (a small-scale chart has no 进项税额), set the subject
 * and generate its voucher; a vouchered invoice opens read-only.
 */
import { expect, test, type Locator } from '@playwright/test';
import { apiOk, createClientCompany, initAccountSetByApi, openBooks } from '../support/bookkeeping';
import { dialog, login, snap } from '../support/session';

/** The counterparty box (an autocomplete for buyers) wherever antd puts the test id. */
const counterpartyInput = (scope: Locator) => scope.locator('input[data-testid="invoice-counterparty"], [data-testid="invoice-counterparty"] input').first();

test('demo enters invoices, generates vouchers and meets the missing-setting prompt', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo');
  const company = await createClientCompany(page, '发票测试');
  await initAccountSetByApi(page, company.id);
  await openBooks(page, company);
  const day = `${company.period.slice(0, 4)}-${company.period.slice(4, 6)}-01`;

  await page.goto('/input/invoice');
  await expect(page.getByTestId('invoice-page')).toBeVisible();

  // ---- 销项: a 普票 for consulting, voucher in one click.
  await page.getByRole('tab', { name: '销项发票' }).click();
  await page.getByTestId('invoice-add-2').click();
  const out = dialog(page, '新增销项发票');
  await expect(out).toBeVisible();
  await out.getByTestId('invoice-code').fill('011002300111');
  await out.getByTestId('invoice-number').fill('20260001');
  await out.getByTestId('invoice-date').fill(day);
  // The buyer through the buyer dialog: the typed name carries over, the tax number is required.
  await counterpartyInput(out).fill('杭州乙贸易有限公司');
  await out.getByTestId('invoice-add-buyer').click();
  const buyer = dialog(page, '新增购买方');
  await expect(buyer.getByTestId('buyer-name')).toHaveValue('杭州乙贸易有限公司');
  await buyer.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(buyer.getByText('请输入纳税人识别号')).toBeVisible();
  await buyer.getByTestId('buyer-tax-no').fill('91330106MA2B000009');
  await buyer.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(buyer).toBeHidden();
  await out.getByTestId('line-0-goods').fill('咨询服务');
  await out.getByTestId('line-0-amount').fill('10000');
  await expect(out.getByTestId('line-0-tax')).toHaveValue('1300.00');
  await expect(out.getByTestId('invoice-totals')).toContainText('价税合计 11,300.00');
  await snap(page, 'inv-01-out-form');
  await out.getByTestId('invoice-save').click();
  await expect(page.getByText('保存成功').last()).toBeVisible();
  await expect(page.getByTestId('invoice-sum-total-2')).toHaveText('11300.00');
  // The seller record: every field required.
  await page.getByTestId('invoice-seller').click();
  const seller = dialog(page, '销方信息维护');
  await seller.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(seller.getByText('请输入地址')).toBeVisible();
  await expect(seller.getByText('请输入开票人')).toBeVisible();
  await snap(page, 'inv-01b-seller');
  await seller.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
  await page.getByTestId('invoice-generate-2').click();
  await expect(page.getByText('生成成功').last()).toBeVisible();
  await expect(page.getByTestId('invoice-table-2')).toContainText('记-1');

  // ---- 进项: a 专票, certified; the small-scale chart has no 进项税额 subject → the go-set prompt.
  await page.getByRole('tab', { name: '进项发票' }).click();
  await page.getByTestId('invoice-add-1').click();
  const inDialog = dialog(page, '新增进项发票');
  await expect(inDialog).toBeVisible();
  await inDialog.getByTestId('invoice-code').fill('3300201130');
  await inDialog.getByTestId('invoice-number').fill('01234567');
  await inDialog.getByTestId('invoice-date').fill(day);
  await counterpartyInput(inDialog).fill('杭州文具有限公司');
  await inDialog.getByTestId('line-0-goods').fill('办公用品');
  await inDialog.getByTestId('line-0-amount').fill('1000');
  await inDialog.getByTestId('invoice-save').click();
  await expect(page.getByText('保存成功').last()).toBeVisible();
  await expect(page.getByTestId('invoice-sum-total-1')).toHaveText('1130.00');
  await page.getByTestId('invoice-generate-1').click();
  const prompt = page.getByTestId('missing-setting-prompt');
  await expect(prompt).toContainText('未设置进项税额科目');
  await snap(page, 'inv-02-missing-setting');
  await prompt.getByRole('button', { name: '去设置进项税额' }).click();
  await expect(page).toHaveURL(/\/setting\/habbitSettingBook\?key=vatInput/);

  // Set 进项税额 to 应交税费-应交增值税 (the small-scale VAT leaf) and generate again.
  const { list: subjects } = await apiOk<{ list: { id: number; code: string }[] }>(page, '/api/v2/subject/findSubjects', {}, { comId: company.id });
  const vat = subjects.find((s) => s.code === '222101');
  expect(vat).toBeTruthy();
  await apiOk(page, '/api/v2/setting/habbitSettingSave', { items: [{ key: 'vatInput', subjectId: vat?.id }] }, { comId: company.id });
  await page.goto('/input/invoice');
  await page.getByTestId('invoice-generate-1').click();
  await expect(page.getByText('生成成功').last()).toBeVisible();
  await expect(page.getByTestId('invoice-table-1')).toContainText('记-2');
  await page.getByTestId('invoice-table-1').getByTestId('invoice-open').first().click();
  const frozen = dialog(page, '编辑进项发票');
  await expect(frozen).toContainText('发票已生成凭证 记-2，请先删除凭证再修改');
  await expect(frozen.getByTestId('invoice-save')).toBeDisabled();
  await snap(page, 'inv-03-vouchered');
});
