import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenant';
import { authFailures, captchas, operationLogs, orgs, sessions, users } from '../../db/schema';
import { call, createTestApp, seedTenant, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { hashToken } from '../session/session-token';
import { addUser, login, uniqueIp } from './auth.test-support';
import { checkCaptcha, issueCaptcha } from './captcha.service';

let ctx: TestContext;
let clock = Date.now();
const now = () => new Date(clock);

beforeAll(async () => {
  ctx = await createTestApp({ now });
});
afterAll(async () => {
  await ctx.close();
});

const userInfo = (token: string) => call(ctx.app, '/api/v2/sys/userInfo', { token, body: {} });

describe('login', () => {
  it('answers a Token header that opens a session', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const res = await login(ctx.app, { username: t.admin.username, password: TEST_PASSWORD }, uniqueIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'success', data: { roleName: 'etax' } });
    const token = res.headers.token;
    expect(typeof token).toBe('string');
    expect(res.headers['access-control-expose-headers']).toBe('Token');
    const info = await userInfo(String(token));
    expect(info.statusCode).toBe(200);
    expect(info.json().data.user.userId).toBe(t.admin.id);
  });

  it('gives no token and the same Chinese message for a wrong password and an unknown user', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const ip = uniqueIp();
    const wrong = await login(ctx.app, { username: t.admin.username, password: 'Wrong#2026' }, ip);
    const unknown = await login(ctx.app, { username: `nobody_${t.orgId}`, password: TEST_PASSWORD }, ip);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.headers.token).toBeUndefined();
      expect(res.json()).toEqual({ msg: '用户名或密码错误', data: { needCaptcha: false } });
    }
    const failures = await withSystem(ctx.database.db, (tx) => tx.select().from(authFailures).where(eq(authFailures.ip, ip)));
    expect(failures.map((f) => f.username).sort()).toEqual([t.admin.username, `nobody_${t.orgId}`].sort());
  });

  it('trims the username', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const res = await login(ctx.app, { username: `  ${t.admin.username}  `, password: TEST_PASSWORD }, uniqueIp());
    expect(res.json().msg).toBe('success');
    expect(res.headers.token).toBeTruthy();
  });

  it('asks for the fields in Chinese', async () => {
    const res = await login(ctx.app, { username: '  ', password: 'x' }, uniqueIp());
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请输入用户名');
    const res2 = await login(ctx.app, { username: 'demo', password: '' }, uniqueIp());
    expect(res2.json().msg).toBe('请输入密码');
  });

  it('refuses disabled users and disabled orgs, but only after the right password', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const off = await addUser(ctx, t.orgId, { status: 0 });
    const ip = uniqueIp();
    const wrong = await login(ctx.app, { username: off.username, password: 'Wrong#2026' }, ip);
    expect(wrong.json().msg).toBe('用户名或密码错误');
    const right = await login(ctx.app, { username: off.username, password: TEST_PASSWORD }, ip);
    expect(right.statusCode).toBe(400);
    expect(right.headers.token).toBeUndefined();
    expect(right.json().msg).toBe('账号已停用，请联系管理员');

    await withSystem(ctx.database.db, (tx) => tx.update(orgs).set({ status: 0 }).where(eq(orgs.id, t.orgId)));
    const orgOff = await login(ctx.app, { username: t.admin.username, password: TEST_PASSWORD }, ip);
    expect(orgOff.json().msg).toBe('账号已停用，请联系管理员');
    // Live sessions of a disabled org stop working too.
    expect((await userInfo(t.admin.token)).statusCode).toBe(401);
  });

  it('records 登录 in the operation log', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    await login(ctx.app, { username: t.admin.username, password: TEST_PASSWORD }, uniqueIp());
    const logs = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.method, '登录'))),
    );
    expect(logs).toHaveLength(1);
    expect(logs[0]?.userId).toBe(t.admin.id);
    expect(logs[0]?.content).not.toContain(TEST_PASSWORD);
  });
});

describe('captcha', () => {
  it('serves an SVG image and stores only a hash of the answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/captcha?username=x', remoteAddress: uniqueIp() });
    expect(res.statusCode).toBe(200);
    const { msg, data } = res.json();
    expect(msg).toBe('success');
    expect(Object.keys(data).sort()).toEqual(['captchaId', 'image']);
    expect(data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(data.image.split(',')[1], 'base64').toString()).toContain('<svg');
    const [row] = await withSystem(ctx.database.db, (tx) => tx.select().from(captchas).where(eq(captchas.id, data.captchaId)));
    expect(row?.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.used).toBe(false);
  });

  it('is single use, case-insensitive and expires after 5 minutes', async () => {
    const a = await issueCaptcha(ctx.database.db, now());
    expect(await checkCaptcha(ctx.database.db, now(), a.captchaId, a.text.toUpperCase())).toBe(true);
    expect(await checkCaptcha(ctx.database.db, now(), a.captchaId, a.text)).toBe(false);
    const b = await issueCaptcha(ctx.database.db, now());
    expect(await checkCaptcha(ctx.database.db, now(), b.captchaId, `${b.text}x`)).toBe(false);
    expect(await checkCaptcha(ctx.database.db, now(), b.captchaId, b.text)).toBe(false);
    const c = await issueCaptcha(ctx.database.db, now());
    expect(await checkCaptcha(ctx.database.db, new Date(clock + 5 * 60_000 + 1000), c.captchaId, c.text)).toBe(false);
  });

  it('is required after 5 failures of a username and then checked by the server', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const ip = uniqueIp();
    const creds = { username: t.admin.username, password: 'Wrong#2026' };
    for (let i = 1; i <= 5; i++) {
      const res = await login(ctx.app, creds, ip);
      expect(res.json()).toEqual({ msg: '用户名或密码错误', data: { needCaptcha: i >= 5 } });
    }
    const right = { username: t.admin.username, password: TEST_PASSWORD };
    const noCaptcha = await login(ctx.app, right, ip);
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.headers.token).toBeUndefined();
    expect(noCaptcha.json()).toEqual({ msg: '请输入验证码', data: { needCaptcha: true } });

    const bad = await issueCaptcha(ctx.database.db, now());
    const wrongCaptcha = await login(ctx.app, { ...right, captchaId: bad.captchaId, captchaValue: `${bad.text}zz` }, ip);
    expect(wrongCaptcha.json()).toEqual({ msg: '验证码错误', data: { needCaptcha: true } });
    expect(wrongCaptcha.headers.token).toBeUndefined();

    const good = await issueCaptcha(ctx.database.db, now());
    const ok = await login(ctx.app, { ...right, captchaId: good.captchaId, captchaValue: good.text.toLowerCase() }, ip);
    expect(ok.json().msg).toBe('success');
    expect(ok.headers.token).toBeTruthy();
    // A successful login forgets the failures: the next one needs no captcha.
    expect((await login(ctx.app, right, ip)).json().msg).toBe('success');
  });

  it('is no longer required once the failures are older than 15 minutes', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) await login(ctx.app, { username: t.admin.username, password: 'Wrong#2026' }, ip);
    const right = { username: t.admin.username, password: TEST_PASSWORD };
    expect((await login(ctx.app, right, ip)).json().msg).toBe('请输入验证码');
    clock += 15 * 60_000 + 1000;
    expect((await login(ctx.app, right, ip)).json().msg).toBe('success');
  });
});

describe('throttling', () => {
  it('refuses a username with 10 recent failures with 429, whatever the password, without starving others', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const other = await addUser(ctx, t.orgId);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) await login(ctx.app, { username: t.admin.username, password: 'Wrong#2026' }, ip);
    for (let i = 0; i < 5; i++) {
      const res = await login(ctx.app, { username: t.admin.username, password: 'Wrong#2026', captchaId: 'nope', captchaValue: 'abcd' }, ip);
      expect(res.json().msg).toBe('验证码错误');
    }
    const good = await issueCaptcha(ctx.database.db, now());
    const res = await login(ctx.app, { username: t.admin.username, password: TEST_PASSWORD, captchaId: good.captchaId, captchaValue: good.text }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe('登录尝试过于频繁，请稍后再试');
    expect(res.headers.token).toBeUndefined();
    // The captcha was not even looked at: throttling comes first.
    const [row] = await withSystem(ctx.database.db, (tx) => tx.select().from(captchas).where(eq(captchas.id, good.captchaId)));
    expect(row?.used).toBe(false);

    const fromAnother = await login(ctx.app, { username: t.admin.username, password: TEST_PASSWORD }, uniqueIp());
    expect(fromAnother.statusCode).toBe(429);
    const otherUser = await login(ctx.app, { username: other.username, password: TEST_PASSWORD }, ip);
    expect(otherUser.json().msg).toBe('success');
  });

  it('refuses a client address with 20 recent failures with 429, other addresses unaffected', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) {
      const res = await login(ctx.app, { username: `ghost_${t.orgId}_${i}`, password: 'Wrong#2026' }, ip);
      expect(res.json().msg).toBe('用户名或密码错误');
    }
    const res = await login(ctx.app, { username: t.admin.username, password: TEST_PASSWORD }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe('登录尝试过于频繁，请稍后再试');
    expect((await login(ctx.app, { username: t.admin.username, password: TEST_PASSWORD }, uniqueIp())).json().msg).toBe('success');
  });

  it('takes the client address from X-Forwarded-For behind the proxy', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const ip = uniqueIp();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { username: t.admin.username, password: 'Wrong#2026' },
      headers: { 'x-forwarded-for': ip },
    });
    const rows = await withSystem(ctx.database.db, (tx) => tx.select().from(authFailures).where(eq(authFailures.ip, ip)));
    expect(rows).toHaveLength(1);
  });
});

describe('sessions', () => {
  it('gives a new random token at every login and stores only its hash', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const ip = uniqueIp();
    const a = String((await login(ctx.app, { username: t.admin.username, password: TEST_PASSWORD }, ip)).headers.token);
    const b = String((await login(ctx.app, { username: t.admin.username, password: TEST_PASSWORD }, ip)).headers.token);
    expect(a).not.toBe(b);
    // ≥ 128 bits: base64url of 32 random bytes.
    expect(a.length).toBeGreaterThanOrEqual(43);
    const rows = await withSystem(ctx.database.db, (tx) => tx.select().from(sessions).where(eq(sessions.orgId, t.orgId)));
    const stored = rows.map((r) => r.tokenHash);
    expect(stored).toContain(hashToken(a));
    expect(stored).toContain(hashToken(b));
    expect(stored).not.toContain(a);
    expect(JSON.stringify(rows)).not.toContain(a);
    expect((await userInfo(a)).statusCode).toBe(200);
    expect((await userInfo(b)).statusCode).toBe(200);
  });

  it('logout ends the session on the server', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const token = String((await login(ctx.app, { username: t.admin.username, password: TEST_PASSWORD }, uniqueIp())).headers.token);
    const res = await call(ctx.app, '/api/v2/logout', { token, method: 'GET' });
    expect(res.json()).toEqual({ msg: 'success', data: null });
    const after = await userInfo(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toMatch(/登录/);
    // Other sessions of the same user are untouched.
    expect((await userInfo(t.admin.token)).statusCode).toBe(200);
  });

  it('answers 401 with a message without a token or with an unknown one', async () => {
    const none = await call(ctx.app, '/api/v2/sys/userInfo', { body: {} });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ msg: '请先登录', data: null });
    const bogus = await userInfo('not-a-real-token');
    expect(bogus.statusCode).toBe(401);
    expect(bogus.json().msg).toBe('登录已过期，请重新登录');
    const logoutNone = await call(ctx.app, '/api/v2/logout', { method: 'GET' });
    expect(logoutNone.statusCode).toBe(401);
  });

  it('a disabled user loses the session', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const u = await addUser(ctx, t.orgId, { role: { routes: ['user-user'], modules: ['管理设置'] } });
    const token = String((await login(ctx.app, { username: u.username, password: TEST_PASSWORD }, uniqueIp())).headers.token);
    expect((await userInfo(token)).statusCode).toBe(200);
    await withSystem(ctx.database.db, (tx) => tx.update(users).set({ status: 0 }).where(and(eq(users.orgId, t.orgId), eq(users.id, u.id))));
    expect((await userInfo(token)).statusCode).toBe(401);
  });
});

describe('captcha issuance', () => {
  it('is limited per client address', async () => {
    const ip = uniqueIp();
    const get = () => ctx.app.inject({ method: 'GET', url: '/api/public/captcha', remoteAddress: ip });
    for (let i = 0; i < 30; i++) expect((await get()).statusCode).toBe(200);
    const res = await get();
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe('请求过于频繁，请稍后再试');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/public/captcha', remoteAddress: uniqueIp() })).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents every session route with tags, a summary and a description', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const routes: Array<[string, string]> = [
      ['/api/public/captcha', 'get'],
      ['/api/public/login', 'post'],
      ['/api/v2/logout', 'get'],
      ...['userInfo', 'setModule', 'switchUser', 'myMobile', 'sendCode', 'updateProfile', 'updatePassword'].map(
        (n): [string, string] => [`/api/v2/sys/${n}`, 'post'],
      ),
    ];
    for (const [path, method] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, path).toBeDefined();
      expect(op.tags.length, path).toBeGreaterThan(0);
      expect(op.summary, path).toMatch(/[\u4e00-\u9fa5]/);
      expect(op.description, path).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
