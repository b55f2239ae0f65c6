import { describe, expect, it } from 'vitest';
import {
  companyAssignUsersBody,
  companyListBody,
  companySaveBody,
  companyStatusBody,
  isSettled,
  setPeriodBody,
} from './companies.contract';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

const base = { name: '深圳市前海星澜科技有限公司', taxNo: '91440300708461136T', type: '2', district: '440305', startPeriod: '202601' };

describe('companies contract', () => {
  it('fills list defaults', () => {
    expect(companyListBody.parse({})).toEqual({ status: '2', name: '', page: 1, limit: 1000 });
    expect(companyListBody.parse({ status: 1, page: '2', limit: '20', name: ' 青禾 ' })).toEqual({ status: '1', name: '青禾', page: 2, limit: 20 });
  });

  it('normalises a save body', () => {
    const v = companySaveBody.parse({ ...base, id: '0', taxNo: ' 91440300708461136t ', type: 2, automatic: '1', mainComId: '' });
    expect(v).toMatchObject({ taxNo: '91440300708461136T', type: '2', automatic: 1, mainComId: null, accountingStandard: 'small', qysds: '1', jzsy: '1' });
    expect(v.id).toBeUndefined();
    expect(companySaveBody.parse({ ...base, id: 12, mainComId: '7' })).toMatchObject({ id: 12, mainComId: 7 });
  });

  it('gives the Chinese message of the first broken rule', () => {
    expect(firstMessage(companySaveBody.safeParse({ ...base, name: '' }))).toBe('请输入公司名称');
    expect(firstMessage(companySaveBody.safeParse({ ...base, taxNo: '91440300708461136X' }))).toBe('请输入正确的纳税人识别号');
    expect(firstMessage(companySaveBody.safeParse({ ...base, district: '810000' }))).toBe('请选择所属地区');
    expect(firstMessage(companySaveBody.safeParse({ ...base, type: '0' }))).toBe('请选择纳税人类型');
    expect(firstMessage(companySaveBody.safeParse({ ...base, startPeriod: '2026-01' }))).toBe('建账期间格式错误');
    expect(firstMessage(companySaveBody.safeParse({ ...base, id: -5 }))).toBe('客户参数错误');
    expect(firstMessage(companyStatusBody.safeParse({ id: 1, status: '4' }))).toBe('客户状态参数错误');
    expect(firstMessage(setPeriodBody.safeParse({}))).toBe('请选择会计期间');
    expect(firstMessage(companyAssignUsersBody.safeParse({ comId: 1, users: [{ userId: 3 }, { userId: '3' }] }))).toBe('员工不能重复选择');
  });

  it('defaults the duty of an assignment', () => {
    expect(companyAssignUsersBody.parse({ comId: '5', users: [{ userId: 3, duty: '' }, { userId: 4, duty: '报税员' }] })).toEqual({
      comId: 5,
      users: [
        { userId: 3, duty: '记账会计' },
        { userId: 4, duty: '报税员' },
      ],
    });
  });

  it('reads settlement', () => {
    expect(isSettled('4')).toBe(true);
    expect(isSettled(4)).toBe(true);
    expect(isSettled('0')).toBe(false);
    expect(isSettled(null)).toBe(false);
  });
});
