/**
 * Quick notes and collaboration chat (issue 5 items 3 and 4): as demo, write a quick note with an image and turn
 * on 'repeat every period'; in the chat, send a message with an image, see it arrive in a second browser context
 * (staff) at once without reload (server-sent events), mark it as a to-do for staff and find it under 'only my
 * to-dos' as staff.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, snap } from '../support/session';

/** A valid 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const COMPANY = '杭州钱塘江畔文化传媒有限公司';

async function openChatWith(page: Page, company: string): Promise<void> {
  await page.getByTestId('header-chat').click();
  const drawer = page.getByTestId('chat-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('chat-empty')).toBeVisible();
  await drawer.getByTestId('chat-company-search').locator('input').fill(company.slice(0, 6));
  await drawer.getByTestId('chat-company-search').locator('input').press('Enter');
  await drawer.getByTestId('chat-company').filter({ hasText: company }).click();
  await expect(drawer.getByTestId('chat-company-name')).toHaveText(company);
}

test('quick note: write a note with an image, see it in the company row, repeat every period', async ({ page }) => {
  await login(page, 'demo');
  await page.goto('/financial-acco/bookkeeping');
  const list = page.getByTestId('bookkeeping-page');
  await list.getByTestId('company-search').locator('input').fill(COMPANY);
  await list.getByTestId('company-search').locator('input').press('Enter');
  const row = list.locator('.ant-table-tbody .ant-table-row').filter({ hasText: COMPANY });
  await expect(row).toHaveCount(1);
  await row.getByTestId('company-jot-down').click();

  const dialog = page.getByTestId('quick-note-dialog');
  await expect(dialog.getByText(`${COMPANY} — 随手记`)).toBeVisible();
  const current = dialog.locator('[data-testid^="note-entry-"]').first();
  await expect(current.getByText('当前期间')).toBeVisible();
  await current.getByTestId('note-edit').click();
  await current.getByTestId('note-text').fill('客户每月25日寄发票，注意催收。');
  await current.locator('input[type=file]').setInputFiles({ name: '发票,照片.png', mimeType: 'image/png', buffer: PNG });
  await expect(current.locator('img[alt="随手记图片"]')).toHaveCount(1);
  await current.getByTestId('note-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(current.getByTestId('note-edited')).toContainText('王晓梅 编辑于');
  await expect(current.locator('img[alt="随手记图片"]')).toHaveCount(1);

  await dialog.getByTestId('note-repeat').click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定设置为每期默认重复吗' });
  await confirm.locator('.ant-btn-primary').click();
  await expect(page.getByText('设置成功')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: '每期默认重复' })).toBeChecked();
  await snap(page, 'notes-01-dialog');

  await page.keyboard.press('Escape');
  await expect(row.getByTestId('company-jot-down-text')).toHaveText('客户每月25日寄发票，注意催收。');
  await snap(page, 'notes-02-row');
});

test('chat: a message with an image reaches a second user at once; to-do for that user', async ({ browser }) => {
  test.setTimeout(120_000);
  const demoCtx = await browser.newContext();
  const staffCtx = await browser.newContext();
  const demo = await demoCtx.newPage();
  const staff = await staffCtx.newPage();
  await login(demo, 'demo');
  await login(staff, 'staff');

  // staff keeps the company open: the new message must appear there without reload.
  await openChatWith(staff, COMPANY);
  const staffMessages = staff.getByTestId('chat-messages');
  await snap(staff, 'chat-01-staff-open');

  await openChatWith(demo, COMPANY);
  const drawer = demo.getByTestId('chat-drawer');
  const area = drawer.getByTestId('chat-editor-area');
  await area.click();
  await demo.keyboard.type('请把本月的银行回单发一下，样例如图：');
  await drawer.locator('.ant-upload input[type=file]').setInputFiles({ name: '样例.png', mimeType: 'image/png', buffer: PNG });
  await expect(area.locator('img')).toHaveCount(1);
  await drawer.getByTestId('chat-send').click();
  await expect(demo.getByText('发送成功')).toBeVisible();
  const sent = drawer.getByTestId('chat-message').filter({ hasText: '请把本月的银行回单发一下' });
  await expect(sent).toBeVisible();
  await expect(sent.locator('img')).toHaveCount(1);

  // Arrives in the other context at once (event stream), no reload.
  const arrived = staffMessages.getByTestId('chat-message').filter({ hasText: '请把本月的银行回单发一下' });
  await expect(arrived).toBeVisible({ timeout: 5_000 });
  await expect(arrived.locator('img')).toHaveCount(1);
  // Open in front of staff, so it is read at once: no unread badge stays on the company.
  await expect(staff.getByTestId('chat-company').filter({ hasText: COMPANY }).locator('.ant-badge-count')).toHaveCount(0);
  await snap(staff, 'chat-02-staff-received');

  // Zoom viewer for the image.
  await sent.locator('[data-testid=chat-message-content] img').click();
  await expect(demo.locator('.ant-image-preview')).toBeVisible();
  // Escape closes the viewer once it has focus (it may still be opening on a busy machine): retry until gone.
  await expect(async () => {
    await demo.keyboard.press('Escape');
    await expect(demo.locator('.ant-image-preview-mask')).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });

  // Mark as to-do: an executor is required.
  await sent.hover();
  await sent.getByTestId('chat-todo-mark').click();
  const todoDialog = demo.getByTestId('chat-todo-dialog');
  await todoDialog.locator('.ant-btn-primary').click();
  await expect(todoDialog.getByText('请选择待办执行人').last()).toBeVisible();
  await todoDialog.getByTestId('chat-todo-executor').click();
  await demo.locator('.ant-select-dropdown').getByText('陈静', { exact: true }).click();
  await todoDialog.locator('.ant-btn-primary').click();
  await expect(sent.getByTestId('chat-message-todo')).toHaveText('待办：陈静');
  await snap(demo, 'chat-03-demo-todo');

  // staff: only my to-dos shows it (updated by the stream too).
  await staff.getByTestId('chat-only-mine').click();
  await expect(staffMessages.getByTestId('chat-message')).toHaveCount(1);
  await expect(staffMessages.getByTestId('chat-message-todo')).toHaveText('待办：陈静');
  await snap(staff, 'chat-04-staff-my-todos');

  await demoCtx.close();
  await staffCtx.close();
});
