/**
 * Shared steps of the journeys: signing in through the real login page (demo accounts: demo, leader, staff,
 * viewer, other, platform — apps/server/src/seed/demo-data.ts), and screenshots
 * kept under e2e/artifacts/screens (the run's visual record, next to Playwright's own per-test shots).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/** Password of every seeded demo account (see apps/server/src/seed). */
export const DEMO_PASSWORD = 'Demo#2026';

const screensDir = fileURLToPath(new URL('../artifacts/screens', import.meta.url));

/** Saves a full-page screenshot as e2e/artifacts/screens/<name>.png. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: resolve(screensDir, `${name}.png`), fullPage: true });
}

/** Fills and submits the login form (does not wait for where it leads). */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

const popupHandled = new WeakSet<Page>();

/**
 * Signs in and waits until the shell has left /login and shows its header. A platform notice published by an
 * earlier journey pops up after login; unless `keepNoticePopup` is set, a locator handler closes it whenever it
 * would block an action, so journeys do not depend on the order they run in.
 */
export async function login(
  page: Page,
  username: string,
  password: string = DEMO_PASSWORD,
  opts: { keepNoticePopup?: boolean } = {},
): Promise<void> {
  // The modal root carrying the test id has no box of its own; its 我知道了 button is what becomes visible.
  const ok = page.getByTestId('notice-popup-ok');
  if (opts.keepNoticePopup) {
    await page.removeLocatorHandler(ok);
    popupHandled.delete(page);
  } else if (!popupHandled.has(page)) {
    await page.addLocatorHandler(ok, async () => {
      await ok.click();
    });
    popupHandled.add(page);
  }
  await submitLogin(page, username, password);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  await expect(page.getByTestId('shell-header')).toBeVisible();
}

/** The path part of the page's current address. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Opens a page from the left menu: hovers the group's fly-out (when it has one) and clicks the item. */
export async function openMenuPage(page: Page, groupTitle: string, itemTitle: string): Promise<void> {
  const menu = page.getByTestId('side-menu');
  await menu.getByText(groupTitle, { exact: true }).first().hover();
  await page.getByRole('menuitem', { name: itemTitle, exact: true }).click();
}

/** Opens the signed-in user's dropdown in the header. */
export async function openUserMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
}

/** Logs out through the header and waits for /login. */
export async function logout(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A short suffix that keeps names made by one run apart from those of another on a reused database. */
export function runSuffix(): string {
  return String(Date.now() % 1_000_000).padStart(6, '0');
}

/** The open antd dialog with that title. */
export function dialog(page: Page, title: string) {
  return page.getByRole('dialog', { name: title });
}

/** Clicks the primary button of a dialog (antd spaces two-character labels: 保 存). */
export async function confirmDialog(page: Page, title: string): Promise<void> {
  await dialog(page, title).locator('.ant-modal-footer .ant-btn-primary').click();
}
