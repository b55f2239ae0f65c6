import { describe, expect, it } from 'vitest';
import {
  HEADER_FEATURES,
  RESTRICTED_HEADER_HIDDEN,
  accountSettingTabs,
  canDeleteSms,
  canLogout,
  canManageTaxTasks,
  canSeeAccountSettings,
  canUseTaxAuthorization,
  formatWindowName,
  hasBackAction,
  hasButton,
  headerFeatureVisible,
  isRestrictedUser,
  parseWindowName,
  pathAfterClosingActiveTab,
  redirectAfterLogin,
  tabHomePath,
} from './menu-filter';
import type { HeaderUser } from './menu-filter';
import { BUTTON_CODES } from './modules';
import type { ButtonCode } from './modules';

const ALL_BUTTONS = Object.keys(BUTTON_CODES) as ButtonCode[];

describe('redirectAfterLogin (§2.1)', () => {
  it('sends accountBook to /etaxHome whatever the indexPath or userType', () => {
    expect(redirectAfterLogin({ roleName: 'accountBook', userType: 1, indexPath: '/x/y' })).toBe('/etaxHome');
    expect(redirectAfterLogin({ roleName: 'accountBook', userType: 9, indexPath: '' })).toBe('/etaxHome');
  });

  it('sends etax userType 9 to /user/group2 (number or string)', () => {
    expect(redirectAfterLogin({ roleName: 'etax', userType: 9, indexPath: '/financial-acco/bookkeeping' })).toBe('/user/group2');
    expect(redirectAfterLogin({ roleName: 'etax', userType: '9', indexPath: '/financial-acco/bookkeeping' })).toBe('/user/group2');
  });

  it('sends other etax and automaticBook users to indexPath', () => {
    expect(redirectAfterLogin({ roleName: 'etax', userType: 1, indexPath: '/financial-acco/bookkeeping' })).toBe('/financial-acco/bookkeeping');
    expect(redirectAfterLogin({ roleName: 'automaticBook', userType: 9, indexPath: '/automaticData/automaticDataBoard' })).toBe(
      '/automaticData/automaticDataBoard',
    );
  });

  it('falls back to the mode home when indexPath is empty', () => {
    expect(redirectAfterLogin({ roleName: 'etax', userType: null, indexPath: '' })).toBe('/homeIndex');
    expect(redirectAfterLogin({ roleName: 'automaticBook', userType: undefined, indexPath: '' })).toBe('/automaticZw/automaticZwzx');
  });
});

describe('tabs and windows (§2.1, §2.2)', () => {
  it('tab home is the account-book home in 正常/历史 mode, else indexPath', () => {
    expect(tabHomePath({ model: '正常', indexPath: '/a/b' })).toBe('/etaxHome/etaxHomeIndex');
    expect(tabHomePath({ model: '历史', indexPath: '/a/b' })).toBe('/etaxHome/etaxHomeIndex');
    expect(tabHomePath({ model: '财务核算', indexPath: '/a/b' })).toBe('/a/b');
    expect(tabHomePath({ model: '财务核算', indexPath: '' })).toBe('/homeIndex');
  });

  it('closing the active tab goes to the last tab, else origin, else home', () => {
    expect(pathAfterClosingActiveTab({ remainingTabs: ['/a', '/b'], origin: '/o', home: '/h' })).toBe('/b');
    expect(pathAfterClosingActiveTab({ remainingTabs: [], origin: '/o', home: '/h' })).toBe('/o');
    expect(pathAfterClosingActiveTab({ remainingTabs: [], origin: '', home: '/h' })).toBe('/h');
    expect(pathAfterClosingActiveTab({ remainingTabs: [], home: '/h' })).toBe('/h');
  });

  it('parses and formats the comId##roleName window name', () => {
    expect(parseWindowName('123##accountBook')).toEqual({ comId: '123', roleName: 'accountBook' });
    expect(parseWindowName(formatWindowName(7, 'accountBook'))).toEqual({ comId: '7', roleName: 'accountBook' });
    expect(parseWindowName('automaticBook')).toBeUndefined();
    expect(parseWindowName('')).toBeUndefined();
    expect(parseWindowName('##accountBook')).toBeUndefined();
    expect(parseWindowName('1##2##3')).toBeUndefined();
  });

  it('a user fixed to a company (fromComId) has no back action', () => {
    expect(hasBackAction(undefined)).toBe(true);
    expect(hasBackAction(null)).toBe(true);
    expect(hasBackAction(0)).toBe(true);
    expect(hasBackAction('')).toBe(true);
    expect(hasBackAction(55)).toBe(false);
    expect(hasBackAction('55')).toBe(false);
  });
});

describe('header rules (§6)', () => {
  it('hasButton checks sysButton', () => {
    expect(hasButton(['jzkh_ssj', 'kjkm_xz'], 'kjkm_xz')).toBe(true);
    expect(hasButton(['jzkh_ssj'], 'sddl_dl')).toBe(false);
    expect(hasButton([], 'jzkh_ssj')).toBe(false);
  });

  it('isRestrictedUser is userType 9 only', () => {
    expect(isRestrictedUser(9)).toBe(true);
    expect(isRestrictedUser('9')).toBe(true);
    for (const t of [0, 1, 2, '1', '', null, undefined]) expect(isRestrictedUser(t)).toBe(false);
  });

  it('account settings hidden inside a company or for userType 9', () => {
    expect(canSeeAccountSettings({ inCompany: false, userType: 1 })).toBe(true);
    expect(canSeeAccountSettings({ inCompany: true, userType: 1 })).toBe(false);
    expect(canSeeAccountSettings({ inCompany: false, userType: 9 })).toBe(false);
  });

  it('logout hidden for group 3278', () => {
    expect(canLogout(3278)).toBe(false);
    expect(canLogout(1)).toBe(true);
    expect(canLogout(null)).toBe(true);
  });

  it('lists the restricted header features', () => {
    expect(RESTRICTED_HEADER_HIDDEN).toEqual(['随手记', '单据状态', '消息中心', '下载任务', '税局任务', '操作日志', '账号设置', '切换身份']);
  });

  it('headerFeatureVisible combines userType 9, button codes, account settings and logout', () => {
    const full: HeaderUser = { userType: 1, sysButton: ALL_BUTTONS, groupId: 1 };
    for (const f of HEADER_FEATURES) expect(headerFeatureVisible(f, full), f).toBe(true);

    const restricted: HeaderUser = { ...full, userType: 9 };
    for (const f of RESTRICTED_HEADER_HIDDEN) expect(headerFeatureVisible(f, restricted), f).toBe(false);
    expect(headerFeatureVisible('通用设置', restricted)).toBe(true);
    expect(headerFeatureVisible('退出登录', restricted)).toBe(true);

    const noButtons: HeaderUser = { ...full, sysButton: [] };
    expect(headerFeatureVisible('随手记', noButtons)).toBe(false);
    expect(headerFeatureVisible('单据状态', noButtons)).toBe(false);
    expect(headerFeatureVisible('通用设置', noButtons)).toBe(false);
    expect(headerFeatureVisible('任务列表', noButtons)).toBe(false);
    expect(headerFeatureVisible('消息中心', noButtons)).toBe(true);

    expect(headerFeatureVisible('账号设置', { ...full, inCompany: true })).toBe(false);
    expect(headerFeatureVisible('退出登录', { ...full, groupId: 3278 })).toBe(false);
  });

  it('account-settings tabs: profile for the main account only', () => {
    expect(accountSettingTabs(true)).toEqual(['profile', 'password']);
    expect(accountSettingTabs(false)).toEqual(['password']);
    expect(canDeleteSms(true)).toBe(true);
    expect(canDeleteSms(false)).toBe(false);
  });

  it('tax-bureau authorization icon needs 授权登录 or org 1', () => {
    expect(canUseTaxAuthorization({ primaryRouting: ['授权登录'], orgId: 5 })).toBe(true);
    expect(canUseTaxAuthorization({ primaryRouting: [], orgId: 1 })).toBe(true);
    expect(canUseTaxAuthorization({ primaryRouting: ['财务核算'], orgId: 5 })).toBe(false);
  });

  it('queued tax tasks are managed by admins and group-2921 leaders', () => {
    expect(canManageTaxTasks({ isAdmin: true, isLeader: false, groupId: 1 })).toBe(true);
    expect(canManageTaxTasks({ isAdmin: false, isLeader: true, groupId: 2921 })).toBe(true);
    expect(canManageTaxTasks({ isAdmin: false, isLeader: true, groupId: 1 })).toBe(false);
    expect(canManageTaxTasks({ isAdmin: false, isLeader: false, groupId: 2921 })).toBe(false);
  });
});
