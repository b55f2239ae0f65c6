/**
 * Task queues (issue 5 item 6): as demo, export the company list, watch the 下载任务 turn 已生成 and download
 * the xlsx; start tax tasks for two companies, see them in the 税局任务 queue, prioritise one and pause one.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, snap } from '../support/session';

/** The antd confirm dialog's OK button (two-character labels are spaced: 确 定). */
async function confirmOk(page: Page, text: string): Promise<void> {
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: text });
  await expect(confirm).toBeVisible();
  await confirm.locator('.ant-btn-primary').click();
  await expect(confirm).toBeHidden();
}

test('demo exports the company list and downloads it; starts, prioritises and pauses tax-bureau tasks', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo');
  await page.goto('/financial-acco/bookkeeping');
  const list = page.getByTestId('bookkeeping-page');
  await expect(list.locator('.ant-table-tbody .ant-table-row').first()).toBeVisible();

  // ---- Export → 下载任务 → 已生成 → download.
  await page.getByTestId('company-export').click();
  await expect(page.getByText('已加入下载任务，请在下载任务中查看')).toBeVisible();
  await page.getByTestId('header-print-tasks').click();
  const tasks = page.getByTestId('print-tasks-dialog');
  const firstRow = tasks.locator('.ant-table-tbody .ant-table-row').first();
  await expect(firstRow).toContainText('客户列表_');
  await expect(firstRow.getByTestId('print-task-status')).toHaveText('已生成', { timeout: 30_000 });
  await snap(page, 'tq-01-print-tasks');
  const [download] = await Promise.all([page.waitForEvent('download'), firstRow.getByTestId('print-task-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^客户列表_\d{14}\.xlsx$/);
  // The server records the download; the list shows its time.
  await expect(firstRow.locator('td').nth(5)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, { timeout: 10_000 });
  await page.keyboard.press('Escape');
  await expect(tasks).toBeHidden();

  // ---- Start tax tasks for two companies.
  const rows = list.locator('.ant-table-tbody .ant-table-row');
  await rows.nth(0).locator('.ant-checkbox-input').check();
  await rows.nth(1).locator('.ant-checkbox-input').check();
  await page.getByTestId('company-start-tax-tasks').click();
  const start = page.getByTestId('start-tax-tasks-dialog');
  await expect(start).toContainText('已选2家');
  await start.locator('.ant-btn-primary').click();
  await expect(page.getByText(/已发起\d+个任务/)).toBeVisible();

  // ---- 税局任务: queued tasks, prioritise one, pause one.
  await page.getByTestId('header-tax-tasks').click();
  const drawer = page.getByTestId('tax-tasks-drawer');
  await drawer.getByRole('tab', { name: /排队中/ }).click();
  const queue = drawer.getByTestId('tax-task-queue');
  const queued = queue.locator('.ant-table-tbody .ant-table-row');
  await expect(queued.first()).toBeVisible();
  await expect(drawer.getByRole('tab', { name: /排队中（[1-9]\d*）/ })).toBeVisible();

  // Pause the last queued task first: a paused task is never submitted, so the server's 20-second processor
  // cannot take it away while the journey looks at it. Then give it priority.
  const key = await queued.last().getAttribute('data-row-key');
  const task = queue.locator(`tr[data-row-key="${key ?? ''}"]`);
  await task.getByTestId('tax-task-status').click();
  await confirmOk(page, '确定将此任务改为暂停吗？仅暂停一小时，之后自动修改为正常');
  await expect(task.getByTestId('tax-task-state')).toHaveText('暂停');
  await expect(task.getByTestId('tax-task-status')).toHaveText('改为正常');

  await task.getByTestId('tax-task-priority').click();
  await confirmOk(page, '确定优先处理此任务吗?');
  await expect(task.getByTestId('tax-task-seq')).toHaveText('优先');
  await expect(task.getByTestId('tax-task-priority')).toHaveText('取消优先');
  // Priority puts it ahead of every task without priority (the demo data may hold other prioritised tasks).
  await expect
    .poll(async () => {
      const rows = await queued.evaluateAll((trs) =>
        trs.map((tr) => [tr.getAttribute('data-row-key') ?? '', tr.querySelector('[data-testid=tax-task-seq]')?.textContent ?? '']),
      );
      const at = rows.findIndex(([k]) => k === key);
      const firstPlain = rows.findIndex(([, seq]) => seq !== '优先');
      return at >= 0 && (firstPlain === -1 || at < firstPlain);
    })
    .toBe(true);
  await snap(page, 'tq-02-tax-task-queue');

  await drawer.getByRole('tab', { name: /申报中/ }).click();
  await snap(page, 'tq-03-tax-task-running');
});
