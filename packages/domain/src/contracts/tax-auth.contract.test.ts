import { describe, expect, it } from 'vitest';
import { taxAuthLinkBody, taxAuthorizeBody, taxLoginListBody, taxLoginPriorityBody, taxLoginSaveBody, taxLoginUnbindBody, taxSmsCodeBody } from './tax-auth.contract';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('tax-auth contract', () => {
  it('fills list defaults and normalises the method filter', () => {
    expect(taxLoginListBody.parse({ comId: '7' })).toEqual({ comId: 7, page: 1, limit: 20, zzridno: '', loginMethod: '', zzrmn: '', idNo: '', edit: false });
    expect(taxLoginListBody.parse({ comId: 7, loginMethod: 3, zzridno: ' 139 ' })).toMatchObject({ loginMethod: '3', zzridno: '139' });
    expect(firstMessage(taxLoginListBody.safeParse({ comId: 7, loginMethod: '5' }))).toBe('登录方式参数错误');
    expect(firstMessage(taxLoginListBody.safeParse({}))).toBe('请选择公司');
  });

  it('gives the spec’s messages', () => {
    expect(firstMessage(taxLoginUnbindBody.safeParse({ ids: [] }))).toBe('请选择要取消绑定的信息');
    expect(firstMessage(taxSmsCodeBody.safeParse({ comId: 1, loginUserId: 2, tel: '', code: '1' }))).toBe('请输入手机号');
    expect(firstMessage(taxSmsCodeBody.safeParse({ comId: 1, loginUserId: 2, tel: '12812345678', code: '1' }))).toBe('请输入正确手机号');
    expect(firstMessage(taxSmsCodeBody.safeParse({ comId: 1, loginUserId: 2, tel: '13812345678', code: ' ' }))).toBe('请输入验证码');
    expect(firstMessage(taxLoginPriorityBody.safeParse({ ids: [1], seq: 50 }))).toBe('优先级参数错误');
    expect(firstMessage(taxLoginSaveBody.safeParse({ comId: 1, methodName: '快速登录' }))).toBe('请选择登录方式');
    expect(firstMessage(taxAuthLinkBody.safeParse({ comId: 1, tel: '123' }))).toBe('请输入正确手机号');
  });

  it('defaults a save to manual SMS and an authorize to the stored password', () => {
    expect(taxLoginSaveBody.parse({ comId: 1, methodName: '新版登录' })).toMatchObject({ yzmType: 1, zzrmn: '', xzsf: '', idNo: '' });
    expect(taxLoginPriorityBody.parse({ ids: ['3'], seq: '99' })).toEqual({ ids: [3], seq: 99 });
    expect(taxAuthorizeBody.parse({ comId: 1, loginUserId: 2 })).toMatchObject({ zzrmn: '', zzridno: '', resend: false });
  });
});
