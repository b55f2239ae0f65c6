/** The platform operator (org 1) creates an agency with its main account, who can then sign in (issue 2). */
import { expect, test } from '@playwright/test';
import { confirmDialog, dialog, login, logout, openUserMenu, runSuffix, snap } from '../support/session';

test('platform creates an agency on /pt/org-manage and its main account signs in', async ({ page }) => {
  const n = runSuffix();
  const orgName = `新星代账${n}有限公司`;
  const adminUsername = `xinxing${n}`;
  const adminCnName = `刘新星`;
  const password = 'Xinxing2026';

  await login(page, 'platform');
  await page.goto('/pt/org-manage');
  await expect(page.getByTestId('org-manage-page')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '示例代账有限公司' })).toBeVisible();

  await page.getByTestId('org-add').click();
  const form = dialog(page, '新增机构');
  await form.getByTestId('org-name').fill(orgName);
  await form.getByTestId('org-contact').fill('刘新星');
  await form.getByTestId('org-tel').fill(`138${n.padStart(8, '0')}`);
  await form.getByTestId('org-admin-username').fill(adminUsername);
  await form.getByTestId('org-admin-cnname').fill(adminCnName);

  // The server's password rule is shown in the dialog and nothing is created.
  await form.getByTestId('org-admin-password').fill('short');
  await confirmDialog(page, '新增机构');
  await expect(form.getByTestId('form-error')).toContainText('密码至少8位，且包含字母和数字');
  await snap(page, 'g-01-org-password-rule');

  await form.getByTestId('org-admin-password').fill(password);
  await confirmDialog(page, '新增机构');
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: orgName });
  await expect(row).toContainText(adminUsername);
  await expect(row).toContainText('启用');
  await snap(page, 'g-02-org-created');

  await logout(page);
  await login(page, adminUsername, password);
  await openUserMenu(page);
  const userMenu = page.getByRole('menu').filter({ has: page.getByTestId('logout') });
  await expect(userMenu).toContainText(adminCnName);
  await expect(userMenu).toContainText(orgName);
  await snap(page, 'g-03-new-agency-signed-in');
});
