import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenant';
import { operationLogs, sessions, smsMessages, users, verificationCodes } from '../../db/schema';
import { call, createTestApp, seedTenant, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { hashToken } from '../session/session-token';
import { addUser, login, uniqueIp } from './auth.test-support';

let ctx: TestContext;
let clock = Date.now();
beforeAll(async () => {
  ctx = await createTestApp({ now: () => new Date(clock) });
});
afterAll(async () => {
  await ctx.close();
});

const post = (path: string, token: string, body: unknown = {}) => call(ctx.app, `/api/v2/sys/${path}`, { token, body });
const info = async (token: string) => (await post('userInfo', token)).json().data;

async function loginToken(username: string, password = TEST_PASSWORD): Promise<string> {
  const res = await login(ctx.app, { username, password }, uniqueIp());
  expect(res.json().msg).toBe('success');
  return String(res.headers.token);
}

const logs = (orgId: number, method: string) =>
  withSystem(ctx.database.db, (tx) => tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, orgId), eq(operationLogs.method, method))));

/** The code the simulator delivered last to a mobile of an org (what the user reads on the phone). */
async function lastSmsCode(orgId: number, mobile: string): Promise<string> {
  const [row] = await withSystem(ctx.database.db, (tx) =>
    tx
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.orgId, orgId), eq(smsMessages.mobileReceive, mobile)))
      .orderBy(desc(smsMessages.id))
      .limit(1),
  );
  const code = /验证码为(\d{6})/.exec(row?.content ?? '')?.[1];
  if (!code) throw new Error('no code delivered');
  return code;
}

describe('setModule', () => {
  it('stores a granted module and answers its index path; the next login starts there', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const res = await post('setModule', t.admin.token, { module: 'CRM' });
    expect(res.json()).toEqual({ msg: 'success', data: { indexPath: '/clue/clueMine' } });
    expect(await info(t.admin.token)).toMatchObject({ model: 'CRM', indexPath: '/clue/clueMine' });
    const [row] = await withSystem(ctx.database.db, (tx) => tx.select().from(users).where(and(eq(users.orgId, t.orgId), eq(users.id, t.admin.id))));
    expect(row?.lastModule).toBe('CRM');
    const fresh = await loginToken(t.admin.username);
    expect(await info(fresh)).toMatchObject({ model: 'CRM', indexPath: '/clue/clueMine' });
  });

  it('refuses a module outside primaryRouting with 403', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const staff = await addUser(ctx, t.orgId, { role: { routes: ['user-user'], modules: ['管理设置'] } });
    const token = await loginToken(staff.username);
    const res = await post('setModule', token, { module: 'CRM' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('无使用权限');
    expect((await post('setModule', token, { module: '' })).json().msg).toBe('请选择模块');
  });
});

describe('switchUser', () => {
  it('lets the main account act as a user of its org and switch back on the same session', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const staff = await addUser(ctx, t.orgId, { cnName: '李四', role: { routes: ['user-user'], modules: ['管理设置'] } });
    const res = await post('switchUser', t.admin.token, { id: staff.id });
    expect(res.json()).toEqual({ msg: 'success', data: null });

    const as = await info(t.admin.token);
    expect(as.user).toMatchObject({ userId: staff.id, cnName: '李四', isAdmin: false });
    expect(as.roles).toEqual(['user-user']);
    // Switched from a main account: the candidates include the main account, to switch back.
    expect(as.users.map((u: { id: number }) => u.id)).toContain(t.admin.id);
    const [row] = await withSystem(ctx.database.db, (tx) => tx.select().from(sessions).where(eq(sessions.tokenHash, hashToken(t.admin.token))));
    expect(row).toMatchObject({ userId: staff.id, originUserId: t.admin.id });

    expect((await post('switchUser', t.admin.token, { id: t.admin.id })).json().msg).toBe('success');
    expect((await info(t.admin.token)).user.userId).toBe(t.admin.id);
    const [back] = await withSystem(ctx.database.db, (tx) => tx.select().from(sessions).where(eq(sessions.tokenHash, hashToken(t.admin.token))));
    expect(back).toMatchObject({ userId: t.admin.id, originUserId: null });
    const entries = await logs(t.orgId, '切换身份');
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.userId === t.admin.id)).toBe(true);
  });

  it('refuses staff, other orgs and disabled users', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const other = await seedTenant(ctx, { companies: 0 });
    const staff = await addUser(ctx, t.orgId, { role: { routes: ['user-user'], modules: ['管理设置'] } });
    const off = await addUser(ctx, t.orgId, { status: 0 });
    const staffToken = await loginToken(staff.username);
    const byStaff = await post('switchUser', staffToken, { id: t.admin.id });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().msg).toBe('仅主账号可切换身份');

    const cross = await post('switchUser', t.admin.token, { id: other.admin.id });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().msg).toBe('该用户不存在或已停用');
    expect((await post('switchUser', t.admin.token, { id: off.id })).json().msg).toBe('该用户不存在或已停用');
    expect((await post('switchUser', t.admin.token, {})).json().msg).toBe('请选择要切换的用户');
    expect((await info(t.admin.token)).user.userId).toBe(t.admin.id);
  });
});

describe('myMobile and sendCode', () => {
  it('masks the bound mobile', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    expect((await post('myMobile', t.admin.token)).json()).toEqual({ msg: 'success', data: { mobile: '138****0000' } });
  });

  it('sends a code through the SMS gateway, stores only its hash and guards resending for 60 seconds', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const bad = await post('sendCode', t.admin.token, { mobile: '12345678901' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('请输入正确手机号');
    const mismatch = await post('sendCode', t.admin.token, { mobile: '13900000000' });
    expect(mismatch.json().msg).toBe('手机号与账号绑定手机号不一致');

    expect((await post('sendCode', t.admin.token, { mobile: '13800000000' })).json()).toEqual({ msg: 'success', data: null });
    const sms = await withSystem(ctx.database.db, (tx) => tx.select().from(smsMessages).where(eq(smsMessages.orgId, t.orgId)));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.mobileReceive).toBe('13800000000');
    expect(sms[0]?.content).toMatch(/^【代账云】您的验证码为\d{6}，5分钟内有效。$/);
    const code = await lastSmsCode(t.orgId, '13800000000');
    const stored = await withSystem(ctx.database.db, (tx) => tx.select().from(verificationCodes).where(eq(verificationCodes.orgId, t.orgId)));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.codeHash).not.toContain(code);

    const again = await post('sendCode', t.admin.token, { mobile: '13800000000' });
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toBe('验证码发送过于频繁，请稍后再试');
    clock += 61_000;
    expect((await post('sendCode', t.admin.token, { mobile: '13800000000' })).json().msg).toBe('success');
    const newer = await lastSmsCode(t.orgId, '13800000000');
    // Only the newest code counts: sending spends the previous one.
    const rows = await withSystem(ctx.database.db, (tx) => tx.select().from(verificationCodes).where(eq(verificationCodes.orgId, t.orgId)));
    expect(rows.map((r) => r.usedAt === null).sort()).toEqual([false, true]);
    if (newer !== code) {
      const old = await post('updatePassword', t.admin.token, { password: 'NewPass2026', confirmPassword: 'NewPass2026', code });
      expect(old.json().msg).toBe('验证码错误或已过期');
    }
  });

  it('needs a bound mobile', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const staff = await addUser(ctx, t.orgId, { role: { routes: ['user-user'], modules: ['管理设置'] } });
    const token = await loginToken(staff.username);
    expect((await post('myMobile', token)).json().data.mobile).toBe('');
    expect((await post('sendCode', token, { mobile: '13800000000' })).json().msg).toBe('账号未绑定手机号，请联系主账号');
  });
});

describe('updatePassword', () => {
  it('answers each rule in Chinese', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const cases: Array<[Record<string, string>, string]> = [
      [{}, '请输入密码'],
      [{ password: 'abc123', confirmPassword: 'abc123', code: '123456' }, '密码至少8位，且包含字母和数字'],
      [{ password: 'abcd1234', code: '123456' }, '请再次输入密码'],
      [{ password: 'abcd1234', confirmPassword: 'abcd12345', code: '123456' }, '两次输入密码不一致!'],
      [{ password: 'abcd1234', confirmPassword: 'abcd1234' }, '请输入验证码'],
      [{ password: 'abcd1234', confirmPassword: 'abcd1234', code: '123456' }, '验证码错误或已过期'],
    ];
    for (const [body, msg] of cases) {
      const res = await post('updatePassword', t.admin.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('changes the password with the code, ends the other sessions and keeps this one', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const elsewhere = await loginToken(t.admin.username);
    await post('sendCode', t.admin.token, { mobile: '13800000000' });
    const code = await lastSmsCode(t.orgId, '13800000000');
    const res = await post('updatePassword', t.admin.token, { password: 'Fresh2026pw', confirmPassword: 'Fresh2026pw', code });
    expect(res.json()).toEqual({ msg: 'success', data: null });

    expect((await post('userInfo', t.admin.token)).statusCode).toBe(200);
    expect((await post('userInfo', elsewhere)).statusCode).toBe(401);
    const oldLogin = await login(ctx.app, { username: t.admin.username, password: TEST_PASSWORD }, uniqueIp());
    expect(oldLogin.json().msg).toBe('用户名或密码错误');
    await loginToken(t.admin.username, 'Fresh2026pw');
    expect(await logs(t.orgId, '修改密码')).toHaveLength(1);
    // The code is spent.
    const reuse = await post('updatePassword', t.admin.token, { password: 'Other2026pw', confirmPassword: 'Other2026pw', code });
    expect(reuse.json().msg).toBe('验证码错误或已过期');
  });

  it('kills a code after 5 wrong guesses and after 5 minutes', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    await post('sendCode', t.admin.token, { mobile: '13800000000' });
    const code = await lastSmsCode(t.orgId, '13800000000');
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { password: 'Fresh2026pw', confirmPassword: 'Fresh2026pw' };
    for (let i = 0; i < 5; i++) expect((await post('updatePassword', t.admin.token, { ...body, code: wrong })).json().msg).toBe('验证码错误或已过期');
    expect((await post('updatePassword', t.admin.token, { ...body, code })).json().msg).toBe('验证码错误或已过期');

    clock += 61_000;
    await post('sendCode', t.admin.token, { mobile: '13800000000' });
    const late = await lastSmsCode(t.orgId, '13800000000');
    clock += 5 * 60_000 + 1000;
    expect((await post('updatePassword', t.admin.token, { ...body, code: late })).json().msg).toBe('验证码错误或已过期');
    // Nothing changed: the old password still works.
    await loginToken(t.admin.username);
  });
});

describe('updateProfile', () => {
  it('is for the main account only and needs a name', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const staff = await addUser(ctx, t.orgId, { role: { routes: ['user-user'], modules: ['管理设置'] } });
    const staffRes = await post('updateProfile', await loginToken(staff.username), { cnName: '改名' });
    expect(staffRes.statusCode).toBe(403);
    expect(staffRes.json().msg).toBe('请使用主账号操作');

    expect((await post('updateProfile', t.admin.token, { cnName: '  ' })).json().msg).toBe('请输入用户名');
    expect((await post('updateProfile', t.admin.token, { cnName: '名'.repeat(51) })).json().msg).toBe('用户名不能超过50个字');

    const ok = await post('updateProfile', t.admin.token, { cnName: ' 王老板 ', img: '/files/avatar.png' });
    expect(ok.json()).toEqual({ msg: 'success', data: null });
    expect((await info(t.admin.token)).user).toMatchObject({ cnName: '王老板', img: '/files/avatar.png' });
    expect(await logs(t.orgId, '修改资料')).toHaveLength(1);
  });
});
