import { describe, expect, it } from 'vitest';
import { loginBody, sendCodeBody, switchUserBody, updatePasswordBody, updateProfileBody, userInfoBody } from './auth.contract';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message;

describe('auth contract', () => {
  it('login trims the username and requires both fields', () => {
    expect(loginBody.parse({ username: '  demo ', password: 'x' }).username).toBe('demo');
    expect(firstMessage(loginBody.safeParse({ username: '   ', password: 'x' }))).toBe('请输入用户名');
    expect(firstMessage(loginBody.safeParse({ username: 'demo', password: '' }))).toBe('请输入密码');
    expect(firstMessage(loginBody.safeParse({ password: 'x' }))).toBe('请输入用户名');
  });

  it('updatePassword answers in the form order', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, '请输入密码'],
      [{ password: 'short1', confirmPassword: 'short1', code: '123456' }, '密码至少8位，且包含字母和数字'],
      [{ password: 'abcdefgh', confirmPassword: 'abcdefgh', code: '123456' }, '密码至少8位，且包含字母和数字'],
      [{ password: 'abcd1234', code: '123456' }, '请再次输入密码'],
      [{ password: 'abcd1234', confirmPassword: 'abcd1235' }, '两次输入密码不一致!'],
      [{ password: 'abcd1234', confirmPassword: 'abcd1234', code: ' ' }, '请输入验证码'],
    ];
    for (const [body, msg] of cases) expect(firstMessage(updatePasswordBody.safeParse(body))).toBe(msg);
    expect(updatePasswordBody.parse({ password: 'abcd1234', confirmPassword: 'abcd1234', code: ' 123456 ' })).toEqual({
      password: 'abcd1234',
      confirmPassword: 'abcd1234',
      code: '123456',
    });
  });

  it('sendCode checks the mobile rule', () => {
    expect(firstMessage(sendCodeBody.safeParse({ mobile: '12345678901' }))).toBe('请输入正确手机号');
    expect(firstMessage(sendCodeBody.safeParse({}))).toBe('请输入正确手机号');
    expect(sendCodeBody.parse({ mobile: ' 13800000000 ' }).mobile).toBe('13800000000');
  });

  it('updateProfile requires a name of at most 50 characters', () => {
    expect(firstMessage(updateProfileBody.safeParse({ cnName: '  ' }))).toBe('请输入用户名');
    expect(firstMessage(updateProfileBody.safeParse({ cnName: '名'.repeat(51) }))).toBe('用户名不能超过50个字');
    expect(updateProfileBody.parse({ cnName: ' 张三 ' }).cnName).toBe('张三');
  });

  it('userInfo accepts a numeric-string comId and rejects unknown roles', () => {
    expect(userInfoBody.parse({ comId: '12', roleName: 'accountBook' }).comId).toBe('12');
    expect(firstMessage(userInfoBody.safeParse({ roleName: 'boss' }))).toBe('角色参数错误');
  });

  it('switchUser needs a positive id', () => {
    expect(switchUserBody.parse({ id: '7' }).id).toBe(7);
    expect(firstMessage(switchUserBody.safeParse({}))).toBe('请选择要切换的用户');
    expect(firstMessage(switchUserBody.safeParse({ id: 0 }))).toBe('请选择要切换的用户');
  });
});
