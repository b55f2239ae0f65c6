/**
 * Bookkeeping core (issue 3, "What it must show"): as demo, a fresh client company starting this month gets
 * its account set and a passed opening check; in its books window a voucher is keyed in with the keyboard
 * only, previewed, seen in the voucher list, the 科目余额表 and the 资产负债表; the month is closed, an edit is
 * refused with the 409 message and its link, the month is re-opened with a reason and the edit goes through.
 * The company is made by the journey itself, so the demo ledger (whatever it holds) does not matter.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiOk, createClientCompany, initAccountSetByApi, openBooks, popconfirmOk, type ClientCompany } from '../support/bookkeeping';
import { dialog, login, snap } from '../support/session';

const SETTLED_MSG = '本期已结账，请先进行反结账';

/** The open subject list of a voucher line (antd renders it in a portal). */
function subjectOptions(page: Page) {
  return page.locator('.ant-select-dropdown:visible .ant-select-item-option');
}

/** Creates the account set through /fianceAccount/addCustomer and runs 试算平衡 on /fianceAccount/kjInit. */
async function initAccountSetByUi(page: Page, company: ClientCompany): Promise<void> {
  await page.goto(`/fianceAccount/addCustomer?comId=${company.id}`);
  await expect(page.getByTestId('add-customer-page')).toBeVisible();
  await expect(page.getByTestId('company-picker')).toContainText(company.name);
  await expect(page.getByTestId('kjinit-start-period')).toHaveText(`${company.period.slice(0, 4)}年${company.period.slice(4)}月`);
  await snap(page, 'h-01-new-account-set');
  await page.getByTestId('kjinit-submit').click();
  await expect(page.locator('.ant-result-title')).toHaveText('建账成功');
  await snap(page, 'h-02-account-set-created');

  await page.getByTestId('goto-opening').click();
  await expect(page).toHaveURL(new RegExp(`/fianceAccount/kjInit\\?comId=${company.id}`));
  await page.getByTestId('opening-check').click();
  await expect(page.getByTestId('opening-check-result')).toContainText('试算平衡通过');
  await expect(page.getByTestId('opening-debit-total')).toHaveText('0.00');
  await snap(page, 'h-03-opening-check');
  await page.keyboard.press('Escape');
}

test('demo keys in a voucher by keyboard, sees it in the books and statements, closes the month, is refused an edit, reverse-settles and edits', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'demo');
  const company = await createClientCompany(page, '键盘记账测试');
  await initAccountSetByUi(page, company);
  await openBooks(page, company);
  await expect(page.getByTestId('book-home')).toBeVisible();
  await snap(page, 'h-04-books-window');

  // ---- Keyboard-only entry on /bookkeeps/addVoucher: the page puts the caret in the first 摘要.
  await page.goto('/bookkeeps/addVoucher');
  await expect(page.getByTestId('add-voucher-page')).toBeVisible();
  await expect(page.getByTestId('voucher-no')).toHaveText('1');
  const summary0 = page.getByTestId('voucher-summary-0');
  await expect(summary0).toBeFocused();
  await page.keyboard.type('收到投资款');
  await page.keyboard.press('Enter');
  // 会计科目 by code: typing opens the search, Enter takes the first match and moves on to 借方.
  await expect(page.getByTestId('voucher-subject-0').locator('input')).toBeFocused();
  await page.keyboard.type('1002');
  await expect(subjectOptions(page).first()).toContainText('1002 银行存款');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('voucher-debit-0')).toBeFocused();
  await page.keyboard.type('100000');
  await page.keyboard.press('Enter');
  // A 借方 with an amount goes straight to the next line's 摘要, which copies the line above.
  await expect(page.getByTestId('voucher-summary-1')).toBeFocused();
  await expect(page.getByTestId('voucher-summary-1')).toHaveValue('收到投资款');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('voucher-subject-1').locator('input')).toBeFocused();
  await page.keyboard.type('3001');
  await expect(subjectOptions(page).first()).toContainText('3001 实收资本');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('voucher-debit-1')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('voucher-credit-1')).toBeFocused();
  await page.keyboard.press('=');
  await expect(page.getByTestId('voucher-credit-1')).toHaveValue('100000');
  await expect(page.getByTestId('voucher-total-debit')).toHaveAttribute('data-fen', '10000000');
  await expect(page.getByTestId('voucher-total-credit')).toHaveAttribute('data-fen', '10000000');
  await expect(page.getByTestId('voucher-total-capital')).toHaveText('壹拾万元整');
  await snap(page, 'h-05-voucher-keyed-in');

  await page.keyboard.press('Control+s');
  await expect(page.getByText('保存成功 记-1')).toBeVisible();
  await expect(page).toHaveURL(/\/bookkeeps\/addVoucher\?id=\d+/);
  const voucherId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByTestId('voucher-no')).toHaveText('1');
  await expect(page.getByTestId('voucher-total-capital')).toHaveText('壹拾万元整');
  await snap(page, 'h-06-voucher-saved');

  // ---- 凭证预览 of the saved voucher.
  await page.getByTestId('voucher-preview').click();
  const preview = dialog(page, '凭证预览');
  await expect(preview.getByTestId('voucher-preview-no')).toHaveText('记-1');
  await expect(preview.getByTestId('voucher-preview-bills')).toHaveText('0');
  await expect(preview.getByTestId('voucher-preview-line-0')).toContainText('收到投资款');
  await expect(preview.getByTestId('voucher-preview-line-0')).toContainText('银行存款');
  await expect(preview.getByTestId('voucher-preview-line-1')).toContainText('实收资本');
  await expect(preview.getByTestId('voucher-preview-capital')).toHaveText('壹拾万元整');
  await expect(preview.getByTestId('voucher-preview-total-debit')).toHaveAttribute('data-fen', '10000000');
  await expect(preview.getByTestId('voucher-preview-total-credit')).toHaveAttribute('data-fen', '10000000');
  await snap(page, 'h-07-voucher-preview');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // ---- 凭证列表.
  await page.goto('/bookkeeps/voucher');
  const card = page.locator(`[data-testid="voucher-card-${voucherId}"]`);
  await expect(card).toHaveAttribute('data-voucher-no', '记-1');
  await expect(card).toContainText('收到投资款');
  await expect(card).toContainText('1002 银行存款');
  await expect(card).toContainText('3001 实收资本');
  await expect(card).toContainText('100,000.00');
  await expect(page.getByTestId('voucher-list-sums')).toContainText('借方合计 100,000.00');
  await snap(page, 'h-08-voucher-list');

  // ---- 科目余额表.
  await page.goto('/bookkeeps/accountBook');
  await expect(page.getByTestId('balance-row-1002')).toContainText('100,000.00');
  await expect(page.getByTestId('balance-row-3001')).toContainText('100,000.00');
  await expect(page.getByTestId('balance-check')).toHaveText('试算平衡');
  await snap(page, 'h-09-subject-balance');

  // ---- 资产负债表.
  await page.goto('/report/finance');
  await expect(page.getByTestId('balance-sheet-check')).toHaveText('平衡');
  await expect(page.locator('[data-left="货币资金"]')).toContainText('100,000.00');
  await expect(page.locator('[data-right^="实收资本"]')).toContainText('100,000.00');
  await snap(page, 'h-10-balance-sheet');

  // ---- 结账.
  await page.goto('/bookkeeps/settleAccount');
  await expect(page.getByTestId('settle-page')).toBeVisible();
  await expect(page.getByTestId('settle-state')).toHaveText('未结账');
  await expect(page.getByTestId('settle-check').first()).toBeVisible();
  await snap(page, 'h-11-settle-checks');
  await page.getByTestId('settle-submit').click();
  await popconfirmOk(page).click();
  await expect(page.getByTestId('settle-state')).toHaveText('已结账');
  await snap(page, 'h-12-settled');

  // ---- An edit of the closed month: the server answers 409 and the page shows the message with its link.
  await page.goto(`/bookkeeps/addVoucher?id=${voucherId}`);
  await expect(page.getByTestId('voucher-debit-0')).toHaveValue('100000');
  await page.getByTestId('voucher-debit-0').fill('120000');
  await page.getByTestId('voucher-credit-1').focus();
  await page.keyboard.press('=');
  await expect(page.getByTestId('voucher-credit-1')).toHaveValue('120000');
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/v2/voucher/saveVoucher'));
  await page.keyboard.press('Control+s');
  expect((await refused).status()).toBe(409);
  await expect(page.getByTestId('settled-error')).toContainText(SETTLED_MSG);
  await expect(page.getByTestId('settled-error-link')).toBeVisible();
  await snap(page, 'h-13-edit-refused');
  const unchanged = await apiOk<{ info: { inSumAmount: string } }>(page, '/api/v2/voucher/voucherPreview', { id: voucherId }, { comId: company.id, period: company.period });
  expect(unchanged.info.inSumAmount).toBe('100000.00');

  // ---- 反结账 through the message's link: a reason is required.
  await page.getByTestId('settled-error-link').click();
  await expect(page).toHaveURL(/\/bookkeeps\/settleAccount$/);
  await page.getByTestId('settle-reverse').click();
  const reverse = page.getByRole('dialog', { name: /^反结账/ });
  await expect(reverse).toBeVisible();
  await page.getByTestId('reverse-settle-ok').click();
  await expect(reverse.getByText('请输入反结账原因')).toBeVisible();
  await expect(page.getByTestId('settle-state')).toHaveText('已结账');
  await snap(page, 'h-14-reverse-reason-required');
  await page.getByTestId('reverse-settle-reason').fill('投资款金额有误，修改凭证');
  await page.getByTestId('reverse-settle-ok').click();
  await expect(reverse).toBeHidden();
  await expect(page.getByTestId('settle-state')).toHaveText('未结账');
  await snap(page, 'h-15-reverse-settled');

  // ---- The edit now goes through, and the books follow.
  await page.goto(`/bookkeeps/addVoucher?id=${voucherId}`);
  await expect(page.getByTestId('voucher-debit-0')).toHaveValue('100000');
  await page.getByTestId('voucher-debit-0').fill('120000');
  await page.getByTestId('voucher-credit-1').focus();
  await page.keyboard.press('=');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('保存成功 记-1')).toBeVisible();
  await expect(page.getByTestId('voucher-total-capital')).toHaveText('壹拾贰万元整');
  await snap(page, 'h-16-edited-after-reverse');

  const saved = await apiOk<{ info: { bigwrite: string; inSumAmount: string } }>(page, '/api/v2/voucher/voucherPreview', { id: voucherId }, { comId: company.id, period: company.period });
  expect(saved.info.inSumAmount).toBe('120000.00');
  expect(saved.info.bigwrite).toBe('壹拾贰万元整');
  await page.goto('/bookkeeps/accountBook');
  await expect(page.getByTestId('balance-row-1002')).toContainText('120,000.00');
  await expect(page.getByTestId('balance-row-3001')).toContainText('120,000.00');
  await snap(page, 'h-17-balance-after-edit');
});

test('the add-subject dialog adds 工商银行 under 1002 and the voucher subject search finds it', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo');
  const company = await createClientCompany(page, '新增科目测试');
  await initAccountSetByApi(page, company.id);
  await openBooks(page, company);

  await page.goto('/bookkeeps/addVoucher');
  await expect(page.getByTestId('voucher-summary-0')).toBeFocused();
  await page.keyboard.type('存入开户资金');
  await page.keyboard.press('Enter');
  await page.keyboard.type('1002');
  await expect(subjectOptions(page).first()).toContainText('1002 银行存款');

  // 新增科目 under the subject list opens the dialog (after the settlement check).
  await page.locator('.ant-select-dropdown:visible').getByRole('button', { name: '新增科目' }).click();
  const dlg = dialog(page, '新增科目');
  await expect(dlg).toBeVisible();
  await expect(subjectOptions(page), 'the voucher line\'s subject list closes behind the dialog').toHaveCount(0);
  await dlg.getByTestId('add-subject-ok').click();
  await expect(dlg.locator('.ant-form-item-explain-error')).toHaveText(['请选择上级科目', '请输入科目名称']);
  await dlg.getByTestId('add-subject-parent').click();
  await page.keyboard.type('1002');
  await subjectOptions(page).filter({ hasText: '1002 银行存款' }).first().click();
  await dlg.getByTestId('add-subject-name').fill('工商银行');
  await snap(page, 'i-01-add-subject-dialog');
  await dlg.getByTestId('add-subject-ok').click();
  await expect(dlg).toBeHidden();
  await expect(page.getByText('新增成功')).toBeVisible();

  // The line that opened the dialog now posts to the new subject, and the caret is in its 借方.
  await expect(page.getByTestId('voucher-subject-0')).toContainText('100201 银行存款-工商银行');
  await expect(page.getByTestId('voucher-debit-0')).toBeFocused();
  await page.keyboard.type('5000');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');

  // The search finds it by name and by pinyin initials; 1002 itself is no longer a leaf to post to.
  await expect(page.getByTestId('voucher-subject-1').locator('input')).toBeFocused();
  await page.keyboard.type('工商');
  await expect(subjectOptions(page)).toHaveCount(1);
  await expect(subjectOptions(page).first()).toContainText('100201 银行存款-工商银行');
  await snap(page, 'i-02-subject-search-name');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('gsyh');
  await expect(subjectOptions(page).first()).toContainText('100201 银行存款-工商银行');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('1002');
  await expect(subjectOptions(page).first()).toContainText('100201');
  await expect(subjectOptions(page).filter({ hasText: /^1002 银行存款$/ })).toHaveCount(0);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('3001');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('=');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('保存成功 记-1')).toBeVisible();
  await snap(page, 'i-03-voucher-with-new-subject');

  await page.goto('/bookkeeps/accountBook');
  await expect(page.getByTestId('balance-row-100201')).toContainText('5,000.00');
  await expect(page.getByTestId('balance-row-1002')).toContainText('5,000.00');
  await snap(page, 'i-04-balance-with-new-subject');
});
