import { describe, expect, it } from 'vitest';
import {
  authorizeBlocker,
  canEditLogin,
  canEnterSmsCode,
  companyKeepStatusKind,
  keepStatusKind,
  keepStatusTip,
  mayUseTaxAuthorization,
  needsNoAuthorization,
} from './keep-status';

describe('keepStatus', () => {
  it('maps every spec value and reads anything else as unauthorized', () => {
    expect([1, 10, 2, 3, 4, 8].map(keepStatusKind)).toEqual(['online', 'levelExpired', 'failed', 'offline', 'authorizing', 'verifying']);
    expect([0, 5, 7, 99, null, undefined, '1'].map(keepStatusKind)).toEqual(['unauthorized', 'unauthorized', 'unauthorized', 'unauthorized', 'unauthorized', 'unauthorized', 'online']);
  });

  it('needs no authorization in 浙江 and 湖北 and for methods other than 新版登录', () => {
    expect(needsNoAuthorization({ district: '330106', loginMethod: null })).toBe(true);
    expect(needsNoAuthorization({ district: '330203', loginMethod: '1' })).toBe(true); // 宁波 is in 浙江
    expect(needsNoAuthorization({ district: '420106', loginMethod: '1' })).toBe(true);
    expect(needsNoAuthorization({ district: '110105', loginMethod: '3' })).toBe(true);
    expect(needsNoAuthorization({ district: '110105', loginMethod: '0' })).toBe(true);
    expect(needsNoAuthorization({ district: '110105', loginMethod: '1' })).toBe(false);
    expect(needsNoAuthorization({ district: '440305', loginMethod: null })).toBe(false);
    expect(needsNoAuthorization({ district: '440305', loginMethod: '' })).toBe(false);
    expect(companyKeepStatusKind({ district: '420106', loginMethod: '1', keepStatus: 3 })).toBe('noNeed');
    expect(companyKeepStatusKind({ district: '440305', loginMethod: '1', keepStatus: 3 })).toBe('offline');
  });

  it('shows keepErr only for failed and offline', () => {
    expect(keepStatusTip('failed', '密码错误')).toBe('授权失败：密码错误');
    expect(keepStatusTip('offline', '登录超时')).toBe('税局登录已掉线：登录超时');
    expect(keepStatusTip('online', '密码错误')).toBe('税局已授权，在线');
    expect(keepStatusTip('failed', '')).toBe('授权失败');
  });

  it('gates authorize, edit and the SMS code entry', () => {
    const ok = { zzridno: '13800001111', hasPassword: true, loginMethod: '1', keepStatus: 0, hasButton: true };
    expect(authorizeBlocker(ok)).toBeNull();
    expect(authorizeBlocker({ ...ok, keepStatus: 3 })).toBeNull();
    expect(authorizeBlocker({ ...ok, hasButton: false })).not.toBeNull();
    expect(authorizeBlocker({ ...ok, loginMethod: '3' })).not.toBeNull();
    expect(authorizeBlocker({ ...ok, zzridno: ' ' })).not.toBeNull();
    expect(authorizeBlocker({ ...ok, hasPassword: false })).not.toBeNull();
    expect(authorizeBlocker({ ...ok, keepStatus: 4 })).not.toBeNull();
    expect(canEditLogin(4)).toBe(false);
    expect(canEditLogin(8)).toBe(true);
    expect(canEnterSmsCode({ keepStatus: 4, yzmType: 1 })).toBe(true);
    expect(canEnterSmsCode({ keepStatus: 4, yzmType: 2 })).toBe(false);
    expect(canEnterSmsCode({ keepStatus: 8, yzmType: 1 })).toBe(false);
  });

  it('opens the dialog with 授权登录, for org 1, or for the main account', () => {
    expect(mayUseTaxAuthorization({ isAdmin: false, primaryRouting: ['授权登录'], orgId: 5 })).toBe(true);
    expect(mayUseTaxAuthorization({ isAdmin: false, primaryRouting: ['财务核算'], orgId: 1 })).toBe(true);
    expect(mayUseTaxAuthorization({ isAdmin: true, primaryRouting: ['财务核算'], orgId: 5 })).toBe(true);
    expect(mayUseTaxAuthorization({ isAdmin: false, primaryRouting: ['财务核算'], orgId: 5 })).toBe(false);
  });
});
