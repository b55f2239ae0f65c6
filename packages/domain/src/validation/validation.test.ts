import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, isMobile, isStrongPassword, maskMobile, PASSWORD_MAX_LENGTH } from './index';

describe('mobile rule (spec 000 §5)', () => {
  it('accepts 11 digits starting 1 with a second digit 3–9', () => {
    for (const m of ['13800000000', '19912345678', '15000000000']) expect(isMobile(m)).toBe(true);
  });
  it('rejects other shapes', () => {
    for (const m of ['12800000000', '10800000000', '1380000000', '138000000000', '2380000000a', '', '138 0000000']) {
      expect(isMobile(m)).toBe(false);
    }
  });
  it('masks the middle four digits and leaves non-mobiles alone', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile('')).toBe('');
    expect(maskMobile('12345')).toBe('12345');
  });
});

describe('password strength', () => {
  it('needs 8+ characters with a letter and a digit', () => {
    expect(isStrongPassword('abcd1234')).toBe(true);
    expect(isStrongPassword('Demo#2026')).toBe(true);
    expect(isStrongPassword('abc123')).toBe(false);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
    expect(isStrongPassword('中文密码中文密码1')).toBe(false);
  });
  it('has a sane maximum', () => {
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(32);
  });
});

describe('message catalogue', () => {
  it('keeps the spec texts verbatim', () => {
    expect(AUTH_MESSAGES.passwordMismatch).toBe('两次输入密码不一致!');
    expect(AUTH_MESSAGES.noPermissionAskMain).toBe('无使用权限,请登录主账号分配权限');
    expect(AUTH_MESSAGES.oldPasswordRequired).toBe('原密码不能为空');
  });
  it('every message is Chinese', () => {
    for (const msg of Object.values(AUTH_MESSAGES)) expect(msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
