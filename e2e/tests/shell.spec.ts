/**
 * The signed-in shell (spec 000 §2.1, §2.2, §6): landing, company and period switching, tabs, logout,
 * the restricted header, login failure, 404 and the 建设中 page.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, logout, openMenuPage, openUserMenu, snap, submitLogin } from '../support/session';

/** Types into the header company selector and picks the company with that exact name. */
async function pickCompany(page: Page, name: string): Promise<void> {
  await page.getByTestId('company-select').click();
  await page.keyboard.type(name.slice(0, 6));
  await page.getByTestId('company-option').filter({ hasText: name }).first().click();
}

test('demo lands on the home page, switches company and period, works with tabs and logs out', async ({ page, context }) => {
  await login(page, 'demo');
  await expect(page).toHaveURL(/\/homeIndex$/);
  await expect(page.getByTestId('module-switcher')).toBeVisible();
  await expect(page.getByTestId('header-message-center')).toBeVisible();
  await openUserMenu(page);
  await expect(page.getByTestId('account-settings')).toBeVisible();
  await page.keyboard.press('Escape');
  await snap(page, 'a-01-home');

  // Picking a company in the agency window opens its books in a window of its own.
  const [books] = await Promise.all([context.waitForEvent('page'), pickCompany(page, '青岛海澜湾海洋食品有限公司')]);
  await expect(books).toHaveURL(/\/etaxHome.*roleName=accountBook/);
  await expect(books.getByTestId('shell-header')).toBeVisible();
  await expect(books.getByTestId('company-select')).toContainText('青岛海澜湾海洋食品有限公司');
  const picker = books.getByTestId('period-picker');
  await expect(picker).toBeVisible();
  await expect(books.getByTestId('settle-badge')).toHaveText(/已结账|未结账/);
  const before = (await picker.innerText()).trim();

  // Another period of the same company: the picker shows it and the window keeps the company.
  await picker.click();
  const options = books.getByTestId('period-option');
  await expect(options.nth(1)).toBeVisible();
  const target = (await options.nth(1).innerText()).trim();
  expect(target).not.toBe(before);
  await options.nth(1).click();
  await expect(picker).toContainText(target);
  await expect(books.getByTestId('settle-badge')).toHaveText(/已结账|未结账/);
  await snap(books, 'a-02-books-period');

  // The selector inside a books window switches this window to the other company.
  await pickCompany(books, '济南泉城优选商贸有限公司');
  await expect(books.getByTestId('company-select')).toContainText('济南泉城优选商贸有限公司');
  await expect(books.getByTestId('period-picker')).toBeVisible();
  await snap(books, 'a-03-books-other-company');
  await books.close();

  // Three menu pages become three tabs next to the home tab.
  await openMenuPage(page, '财务核算', '记账客户');
  await expect(page).toHaveURL(/\/financial-acco\/bookkeeping$/);
  await expect(page.getByTestId('bookkeeping-page')).toBeVisible();
  await openMenuPage(page, '财务核算', '批量结账');
  await expect(page).toHaveURL(/\/financial-acco\/batch-settle$/);
  await openMenuPage(page, '财务核算', '电子账簿');
  await expect(page).toHaveURL(/\/financial-acco\/eletric-book$/);
  const tabs = page.getByTestId('tab-item');
  for (const path of ['/financial-acco/bookkeeping', '/financial-acco/batch-settle', '/financial-acco/eletric-book']) {
    await expect(page.locator(`[data-testid="tab-item"][data-path="${path}"]`)).toHaveCount(1);
  }
  expect(await tabs.count()).toBeGreaterThanOrEqual(3);
  await snap(page, 'a-04-three-tabs');

  // 关闭其他 from the context menu of a tab keeps only that tab and shows it.
  await page.locator('[data-testid="tab-item"][data-path="/financial-acco/batch-settle"]').click({ button: 'right' });
  await page.getByTestId('tab-menu-close-others').click();
  await expect(tabs).toHaveCount(1);
  await expect(tabs.first()).toHaveAttribute('data-path', '/financial-acco/batch-settle');
  await expect(page).toHaveURL(/\/financial-acco\/batch-settle$/);
  await snap(page, 'a-05-close-others');

  await logout(page);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('dzy.token'))).toBeNull();
});

test('a restricted user (userType 9) gets the restricted header', async ({ page }) => {
  await login(page, 'viewer');
  await expect(page).toHaveURL(/\/user\/group2$/);
  for (const id of ['header-quick-note', 'header-invoice-status', 'header-message-center', 'header-print-tasks', 'header-tax-tasks', 'header-operation-logs', 'identity-switch']) {
    await expect(page.getByTestId(id), id).toHaveCount(0);
  }
  await openUserMenu(page);
  await expect(page.getByTestId('logout')).toBeVisible();
  await expect(page.getByTestId('account-settings')).toHaveCount(0);
  await snap(page, 'b-01-restricted-header');
});

test('a wrong password shows the Chinese message and stays on the login page', async ({ page }) => {
  await submitLogin(page, 'demo', 'wrong-password-1');
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('dzy.token'))).toBeNull();
  await snap(page, 'c-01-wrong-password');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await login(page, 'demo');
  await page.goto('/no-such-module/no-such-page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
  await snap(page, 'd-01-not-found');
  await page.getByTestId('not-found-home').click();
  await expect(page).toHaveURL(/\/homeIndex$/);
});

test('a route without its page yet shows the 建设中 page naming the feature', async ({ page }) => {
  await login(page, 'demo');
  await page.goto('/financial-acco/eletric-book');
  const placeholder = page.getByTestId('under-construction');
  await expect(placeholder).toContainText('电子账簿 · 建设中');
  await expect(placeholder).toContainText('/financial-acco/eletric-book');
  await expect(page.getByTestId('shell-header')).toBeVisible();
  await snap(page, 'e-01-under-construction');
});
