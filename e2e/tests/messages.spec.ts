/**
 * Message centre, operation logs and customer archives (issue 5 items 5 and 8): the platform publishes notices,
 * the agency sees the pop-up and the bell's badge, reads a notice; the operation log lists the login; a company's
 * archive drawer adds a record and refuses an export with nothing selected.
 */
import { expect, test, type Page } from '@playwright/test';
import { dialog, login, logout, runSuffix, snap } from '../support/session';

const COMPANY = '杭州云栖数智科技有限公司';

async function publish(page: Page, title: string, text: string, popup: boolean): Promise<void> {
  await page.getByTestId('notice-publish').click();
  const form = dialog(page, '发布系统通知');
  await form.getByTestId('notice-title').fill(title);
  await form.getByTestId('notice-text').fill(text);
  const box = form.getByRole('checkbox', { name: '登录后弹窗提醒' });
  if ((await box.isChecked()) !== popup) await box.click();
  await form.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByText('发布成功').last()).toBeVisible();
  await expect(form).toBeHidden();
}

const badgeCount = async (page: Page) => Number((await page.getByTestId('message-badge').locator('.ant-scroll-number').getAttribute('title')) ?? '0');

test('platform publishes notices; the agency gets the pop-up and the badge, reads a notice, and finds its login in the operation log', async ({ page }) => {
  const n = runSuffix();
  const plain = `账务系统维护通知${n}`;
  const popup = `征期提醒${n}`;

  await login(page, 'platform');
  await page.goto('/pt/org-manage');
  await expect(page.getByTestId('org-manage-page')).toBeVisible();
  await publish(page, plain, '本周六 22:00-24:00 系统维护，届时暂停服务。\n<script>alert(1)</script>', false);
  await publish(page, popup, '本月征期截止到15日，请尽快完成申报。', true);
  await snap(page, 'm-01-platform-published');
  await logout(page);

  // The pop-up notice shows once after login; 我知道了 marks it read.
  await login(page, 'demo', undefined, { keepNoticePopup: true });
  const pop = dialog(page, popup);
  await expect(pop).toBeVisible();
  await expect(pop).toContainText(popup);
  await snap(page, 'm-02-notice-popup');
  // Marking it read refreshes the notice list (and so the badge) once.
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v2/message/noticeList'));
  await pop.getByTestId('notice-popup-ok').click();
  await expect(pop).toBeHidden();
  await refreshed;

  // The badge counts unread notices and SMS; reading the new notice lowers it by one.
  await expect.poll(() => badgeCount(page)).toBeGreaterThan(0);
  const before = await badgeCount(page);
  await page.getByTestId('header-message-center').click();
  const center = dialog(page, '消息中心');
  await expect(center).toBeVisible();
  const item = center.getByTestId('notice-list').locator('.ant-list-item').filter({ hasText: plain });
  await expect(item).toBeVisible();
  await snap(page, 'm-03-message-center');
  await item.click();
  const detail = center.getByTestId('notice-detail');
  await expect(detail).toContainText(plain);
  await expect(detail.getByTestId('notice-content')).toContainText('系统维护');
  // Typed markup is shown as text, never run.
  await expect(detail.getByTestId('notice-content')).toContainText('<script>');
  await snap(page, 'm-04-notice-detail');
  await expect.poll(() => badgeCount(page)).toBe(before - 1);

  await center.getByRole('tab', { name: '短信列表' }).click();
  await expect(center.getByTestId('sms-table').locator('.ant-table-row').first()).toBeVisible();
  await expect(center.getByTestId('sms-delete')).toBeVisible();
  await snap(page, 'm-05-sms-list');
  await page.keyboard.press('Escape');
  await expect(center).toBeHidden();

  // The operation log (old) lists this login; the new one asks for a company first.
  await page.getByTestId('header-operation-logs').click();
  const logs = dialog(page, '操作日志');
  await expect(logs).toBeVisible();
  await expect(logs.getByTestId('oplog-old-table').locator('.ant-table-row').filter({ hasText: '登录' }).first()).toBeVisible();
  await expect(logs.getByTestId('oplog-old-table').locator('.ant-table-row').filter({ hasText: '王晓梅' }).first()).toBeVisible();
  await snap(page, 'm-06-operation-log-old');
  await logs.getByRole('tab', { name: '新版' }).click();
  await logs.getByTestId('oplog-v3-search').click();
  await expect(page.getByText('请选择公司').first()).toBeVisible();
  await logs.getByTestId('oplog-company').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: COMPANY }).first().click();
  await logs.getByTestId('oplog-v3-search').click();
  await expect(logs.getByTestId('oplog-v3-table').locator('.ant-table-row').first()).toBeVisible();
  await snap(page, 'm-07-operation-log-new');
});

test('customer archives: the drawer lists, adds a record and needs a selection to export', async ({ page }) => {
  const title = `税控盘交接${runSuffix()}`;
  await login(page, 'demo');
  // Dismiss the platform's pop-up notice if an earlier journey left one unread.
  const ok = page.getByTestId('notice-popup-ok');
  await ok
    .waitFor({ state: 'visible', timeout: 3000 })
    .then(() => ok.click())
    .catch(() => undefined);
  await page.goto('/financial-acco/bookkeeping');
  const list = page.getByTestId('bookkeeping-page');
  await list.getByTestId('company-search').locator('input').fill(COMPANY);
  await list.getByTestId('company-search').locator('input').press('Enter');
  const row = list.locator('.ant-table-tbody .ant-table-row').filter({ hasText: COMPANY }).first();
  await row.getByTestId('company-archives').click();

  const drawer = page.getByTestId('archive-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('archive-table')).toContainText('营业执照及公章交接');
  await drawer.getByTestId('archive-export').click();
  await expect(page.getByText('请至少选择一条档案')).toBeVisible();

  await drawer.getByTestId('archive-add').click();
  const add = dialog(page, '新增档案');
  await add.getByTestId('archive-title').fill(title);
  await add.getByTestId('archive-user-name').fill('陈静');
  await add.locator('[data-testid="archive-upload-archiveFile"] input[type=file], input[type=file]').last().setInputFiles({
    name: '交接,清单.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1'),
  });
  await expect(add.getByText('交接清单.pdf')).toBeVisible();
  await add.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByText('添加成功')).toBeVisible();
  const added = drawer.getByTestId('archive-table').locator('.ant-table-row').filter({ hasText: title });
  await expect(added).toBeVisible();
  await expect(added).toContainText('交接清单.pdf');
  await snap(page, 'm-08-archive-drawer');

  await added.locator('.ant-checkbox-input').check();
  const download = page.waitForEvent('download');
  await drawer.getByTestId('archive-export').click();
  expect((await download).suggestedFilename()).toMatch(/^客户档案\d{8}\.xlsx$/);
});
