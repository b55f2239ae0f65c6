/**
 * Onboarding by the main account (issue 2): a department, a role, a staff member holding the role, two
 * client companies assigned; the new staff member then sees exactly those two companies.
 */
import { expect, test } from '@playwright/test';
import { confirmDialog, dialog, login, runSuffix, snap } from '../support/session';

const COMPANIES = ['青岛海澜湾海洋食品有限公司', '济南泉城优选商贸有限公司'];

test('demo creates a department, a role and a staff member with two companies; the new member sees only those', async ({ page, browser }) => {
  const n = runSuffix();
  const depName = `外勤部${n}`;
  const roleName = `外勤会计${n}`;
  const username = `waiqin${n}`;
  const cnName = `测试员${n}`;
  const password = 'Welcome2026a';

  await login(page, 'demo');

  // Department.
  await page.goto('/user/user-dep');
  await page.getByTestId('dep-add').click();
  await dialog(page, '新增部门').getByTestId('dep-name').fill(depName);
  await confirmDialog(page, '新增部门');
  await expect(dialog(page, '新增部门')).toBeHidden();
  await expect(page.getByTestId('user-dep-page').getByRole('cell', { name: depName, exact: true })).toBeVisible();
  await snap(page, 'f-01-department');

  // Role granting the 财务核算 pages and module.
  await page.goto('/user/user-role');
  await page.getByTestId('role-add').click();
  const roleDialog = dialog(page, '新增角色');
  await roleDialog.getByTestId('role-name').fill(roleName);
  await roleDialog.locator('.ant-tree-treenode').filter({ hasText: /^财务核算$/ }).locator('.ant-tree-checkbox').click();
  await roleDialog.getByTestId('role-modules').getByRole('checkbox', { name: '财务核算', exact: true }).check();
  await roleDialog.getByTestId('role-buttons').getByRole('checkbox', { name: '随手记', exact: true }).check();
  await snap(page, 'f-02-role-dialog');
  await confirmDialog(page, '新增角色');
  await expect(roleDialog).toBeHidden();
  const roleRow = page.getByRole('row').filter({ hasText: roleName });
  await expect(roleRow).toContainText('4 个页面');
  await expect(roleRow).toContainText('财务核算');

  // Staff member in that department with that role.
  await page.goto('/user/user-user');
  await page.getByTestId('user-add').click();
  const userDialog = dialog(page, '新增员工');
  await userDialog.getByTestId('user-username').fill(username);
  await userDialog.getByTestId('user-cnname').fill(cnName);
  await userDialog.getByTestId('user-tel').fill(`139${n.padStart(8, '0')}`);
  await userDialog.getByTestId('user-password').fill(password);
  await userDialog.getByTestId('user-group').click();
  await page.locator('.ant-select-tree').getByTitle(depName, { exact: true }).click();
  await userDialog.getByTestId('user-roles').click();
  await page.locator('.ant-select-item-option').filter({ hasText: roleName }).click();
  await page.keyboard.press('Escape');
  await snap(page, 'f-03-user-dialog');
  await confirmDialog(page, '新增员工');
  await expect(userDialog).toBeHidden();
  const userRow = page.getByRole('row').filter({ hasText: username });
  await expect(userRow).toContainText(depName);
  await expect(userRow).toContainText(roleName);

  // Two client companies.
  await userRow.getByRole('button', { name: '分配客户' }).click();
  const assignDialog = dialog(page, `分配客户 · ${cnName}`);
  await expect(assignDialog.getByTestId('assign-companies-count')).toHaveText('已选 0 家');
  for (const company of COMPANIES) {
    await assignDialog.getByTestId('assign-companies-search').locator('input').fill(company.slice(0, 6));
    await assignDialog.getByRole('row').filter({ hasText: company }).getByRole('checkbox').check();
  }
  await expect(assignDialog.getByTestId('assign-companies-count')).toHaveText('已选 2 家');
  await snap(page, 'f-04-assign-companies');
  await confirmDialog(page, `分配客户 · ${cnName}`);
  await expect(assignDialog).toBeHidden();
  await expect(userRow.getByRole('cell', { name: '2', exact: true })).toBeVisible();

  // The new member, in a browser of their own, sees exactly the two companies.
  const context = await browser.newContext();
  const member = await context.newPage();
  await login(member, username, password);
  await member.getByTestId('company-select').click();
  const options = member.getByTestId('company-option');
  await expect(options).toHaveCount(2);
  for (const company of COMPANIES) await expect(options.filter({ hasText: company })).toHaveCount(1);
  await snap(member, 'f-05-new-member-companies');
  await context.close();
});
