/**
 * Home dashboard (issue 5 items 1, 2, 12): as demo, the dashboard numbers match the records (the API's counts,
 * and independently the company list's total), a count opens the companies behind it, and changing one
 * company's 单据 status on the 记账客户 page moves the counts by one.
 */
import { expect, test, type Page } from '@playwright/test';
import type { DashboardStats } from '@dzy/domain/progress/dashboard-fields';
import type { CompanyProgressItem } from '@dzy/domain/contracts/progress.contract';
import type { CompanyListResult } from '@dzy/domain/contracts/companies.contract';
import { confirmedPercent } from '@dzy/domain/progress/confirmed-percent';
import { apiOk, currentPeriod } from '../support/bookkeeping';
import { login } from '../support/session';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

const STEP_LABELS = ['未开始', '进行中', '已完成'] as const;
const DJ_FIELDS = ['countDjWks', 'countDjJxz', 'countDjYwc'] as const;

async function cardValue(page: Page, field: string): Promise<number> {
  const text = await page.getByTestId(`card-${field}`).locator('.ant-statistic-content-value').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

async function expectDashboardMatches(page: Page, s: DashboardStats): Promise<void> {
  for (const f of ['countTotal', 'countEmpower', 'countEmpower3', 'curentStart', 'shebaoCurentStart'] as const) {
    await expect.poll(() => cardValue(page, f), { message: f }).toBe(s[f]);
  }
  for (const f of DJ_FIELDS) await expect(page.getByTestId(`panel-dj-${f}`)).toHaveText(String(s[f]));
  for (const f of ['countSkYwc', 'countSbYwc'] as const) await expect(page.getByTestId(`panel-${f.slice(5, 7).toLowerCase()}-${f}`)).toHaveText(String(s[f]));
  for (const f of ['taxWsb', 'taxYsb', 'taxSbFail2', 'taxYkk'] as const) await expect(page.getByTestId(`panel-etax-${f}`)).toHaveText(String(s[f]));
  for (const f of ['gsYhd', 'gsYsb', 'gdYsb'] as const) await expect(page.getByTestId(`panel-gs-${f}`)).toHaveText(String(s[f]));
  for (const f of ['socialYsb', 'socialYkk'] as const) await expect(page.getByTestId(`panel-social-${f}`)).toHaveText(String(s[f]));
  const pct = confirmedPercent({ notStarted: s.countDjWks, inProgress: s.countDjJxz, completed: s.countDjYwc });
  await expect(page.getByTestId('panel-dj-percent')).toHaveText(`确认率 ${pct}%`);
}

test('demo sees real dashboard counts, opens the companies behind one, changes a 单据 status and sees the count move', async ({ page }) => {
  test.setTimeout(120_000);
  const period = currentPeriod();
  await login(page, 'demo');
  await expect(page).toHaveURL(/\/homeIndex$/);
  await expect(page.getByTestId('home-dashboard')).toBeVisible();
  await expect(page.getByTestId('home-greeting')).toContainText('王晓梅');
  await expect(page.getByTestId('home-deadline-day')).toHaveText(/^\d{2}$/);

  const before = await apiOk<DashboardStats>(page, '/api/v2/home/indexEtax2', { period });
  // Independently of the dashboard call: the companies in service the company list counts.
  const inService = await apiOk<CompanyListResult>(page, '/api/v2/company/companyList', { status: '2', page: 1, limit: 1 });
  expect(before.countTotal).toBe(inService.total);
  expect(before.countTotal).toBeGreaterThan(20);
  expect(before.countDjWks + before.countDjJxz + before.countDjYwc).toBe(before.countTotal);
  expect(before.countEmpower + before.countEmpower3).toBe(before.countTotal);
  await expectDashboardMatches(page, before);
  await page.locator('canvas').first().waitFor();
  await shot(page, 'dashboard-01-home');

  // A count opens the companies behind it.
  await page.getByTestId('panel-dj-countDjYwc').click();
  const drawer = page.getByTestId('home-companies-drawer');
  await expect(drawer).toBeVisible();
  await expect(page.locator('.ant-drawer-title')).toContainText('单据已完成');
  await expect(page.locator('.ant-drawer .ant-pagination-total-text')).toHaveText(`共 ${before.countDjYwc} 家`);
  await expect(page.locator('.ant-drawer .ant-table-row').first()).toContainText('已完成');
  await shot(page, 'dashboard-02-drawer');
  await page.locator('.ant-drawer-close').click();

  // Pick a company on the first page of 记账客户 whose 单据 is not completed yet, and complete it there.
  const firstPage = await apiOk<CompanyListResult>(page, '/api/v2/company/companyList', { status: '2', page: 1, limit: 20 });
  const progress = await apiOk<CompanyProgressItem[]>(page, '/api/v2/progress/progressList', { period, comIds: firstPage.list.map((c) => c.id) });
  const target = progress.find((p) => p.dj !== 2);
  if (!target) throw new Error('every company on the first page has 单据 completed');
  await page.goto('/financial-acco/bookkeeping');
  await expect(page.getByTestId('bookkeeping-page')).toBeVisible();
  const cell = page.getByTestId(`progress-dj-${target.comId}`);
  await expect(cell).toContainText(STEP_LABELS[target.dj]);
  await cell.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '已完成' }).click();
  await expect(cell).toContainText('已完成');
  await shot(page, 'dashboard-03-bookkeeping');

  await page.goto('/homeIndex');
  const after = { ...before, countDjYwc: before.countDjYwc + 1, [DJ_FIELDS[target.dj]]: before[DJ_FIELDS[target.dj]] - 1 };
  await expectDashboardMatches(page, after);
  expect(await apiOk<DashboardStats>(page, '/api/v2/home/indexEtax2', { period })).toEqual(after);
  await shot(page, 'dashboard-04-after');
});
