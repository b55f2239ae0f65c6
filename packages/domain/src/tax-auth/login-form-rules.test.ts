import { describe, expect, it } from 'vitest';
import { PLAN_CITIES, PROVINCES } from '../regions/regions';
import { loginFormFor, methodFormFor, missingLoginField, REGION_LOGIN_RULES, regionRuleKey } from './login-form-rules';

describe('login form by region', () => {
  it('has a rule for all 31 provinces and the 5 计划单列市, and nothing else', () => {
    const expected = [...PROVINCES.map((p) => p.code), ...PLAN_CITIES.map((c) => c.code)].sort();
    expect(Object.keys(REGION_LOGIN_RULES).sort()).toEqual(expected);
    expect(expected).toHaveLength(36);
  });

  it('picks the 计划单列市 by 4 digits, else the province by 2', () => {
    expect(regionRuleKey('440305')).toBe('4403');
    expect(regionRuleKey('440106')).toBe('44');
    expect(regionRuleKey('330203')).toBe('3302');
    expect(regionRuleKey('990000')).toBeUndefined();
    expect(loginFormFor('440305').regionName).toBe('深圳市');
    expect(loginFormFor('110105').regionName).toBe('北京市');
  });

  it('offers 新版登录 first and by default everywhere, with codes 1 / 3 / 0', () => {
    for (const code of Object.keys(REGION_LOGIN_RULES)) {
      const form = loginFormFor(code.padEnd(6, '0'));
      expect(form.defaultMethod).toBe('新版登录');
      expect(form.methods[0]?.name).toBe('新版登录');
      expect(form.methods[0]?.code).toBe('1');
      expect(form.methods[1]?.code).toBe('3');
      for (const m of form.methods.slice(2)) expect(m.code).toBe('0');
    }
    expect(loginFormFor('330106').methods.map((m) => m.name)).toEqual(['新版登录', '代理登录', '政务网登录']);
    expect(loginFormFor('990000').methods.map((m) => m.name)).toEqual(['新版登录', '代理登录']);
  });

  it('shows fields per method with regional labels', () => {
    const fresh = methodFormFor('110105', '新版登录');
    expect(Object.keys(fresh?.fields ?? {}).sort()).toEqual(['taxNo', 'xzsf', 'zzridno', 'zzrmn']);
    expect(fresh?.fields.idNo).toBeUndefined();
    expect(methodFormFor('110105', '代理登录')?.fields.idNo).toEqual({ label: '代理机构统一社会信用代码', required: true });
    expect(methodFormFor('440305', '新版登录')?.fields.zzridno?.label).toBe('手机号码/居民身份证号码');
    expect(methodFormFor('330106', '政务网登录')?.fields.zzrmn?.label).toBe('浙江政务服务网密码');
    expect(methodFormFor('110105', '政务网登录')).toBeUndefined();
  });

  it('names the first missing required field', () => {
    const agent = methodFormFor('110105', '代理登录');
    if (!agent) throw new Error('no agent form');
    const all = { taxNo: '91110000MA00000000', idNo: '91110000MA11111111', zzrxm: '张三', zzridno: '13800001111', zzrmn: 'x' };
    expect(missingLoginField(agent, all)).toBeNull();
    expect(missingLoginField(agent, { ...all, idNo: ' ' })).toBe('请输入代理机构统一社会信用代码');
    expect(missingLoginField(agent, { ...all, zzrmn: '' })).toBe('请输入个人用户密码');
    expect(missingLoginField(agent, { ...all, zzrmn: '' }, { passwordKept: true })).toBeNull();
    const fresh = methodFormFor('110105', '新版登录');
    if (!fresh) throw new Error('no form');
    expect(missingLoginField(fresh, { taxNo: 'x', zzridno: 'y', zzrmn: 'z' })).toBe('请选择登录身份');
  });
});
