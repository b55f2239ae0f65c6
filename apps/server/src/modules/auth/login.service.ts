import { sql } from 'drizzle-orm';
import { AUTH_MESSAGES as M } from '@dzy/domain/validation/messages';
import { DEFAULT_MODULE } from '@dzy/domain/routes/index';
import type { AppDeps } from '../../app';
import { withSystem, withTenant } from '../../db/tenant';
import { AppError, badRequest } from '../../http/envelope';
import { logOperation } from '../audit/operation-log.repo';
import { clearFailures, countFailures, findLoginAccount, recordFailure } from './auth.repo';
import { checkCaptcha } from './captcha.service';
import { ConcurrencyLimiter, LOGIN_LIMITS, type LoginLimits } from './login-limits';
import { dummyPasswordHash, verifyPassword } from './password';

export interface LoginInput {
  username: string;
  password: string;
  captchaId?: string;
  captchaValue?: string;
  /** Client address, for per-address throttling and the operation log. */
  ip: string;
}

export interface LoginResult {
  token: string;
  roleName: 'etax';
}

const refused = (msg: string, needCaptcha: boolean) => badRequest(msg, { needCaptcha });

/**
 * Password login (issue 2). Order matters: throttling and the captcha are checked before any argon2 work,
 * argon2 runs under a concurrency bound, and an unknown username costs the same as a wrong password.
 */
export function createLoginService(deps: Pick<AppDeps, 'database' | 'sessions' | 'now'>, limits: LoginLimits = LOGIN_LIMITS) {
  const db = deps.database.db;
  const verifier = new ConcurrencyLimiter(limits.verifyConcurrency, limits.verifyQueue, () => new AppError(429, M.loginBusy));

  /**
   * Counts recent failures and, when the attempt may go on, records it as a failure up front (withdrawn on
   * success): parallel guesses then count against each other instead of all passing the same check. The
   * per-username advisory lock makes check-and-record atomic for that username.
   */
  async function admit(input: LoginInput, now: Date): Promise<{ needCaptcha: boolean; failuresBefore: number }> {
    return withSystem(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${input.username}`}))`);
      const since = new Date(now.getTime() - limits.windowMs);
      const counts = await countFailures(tx, { username: input.username, ip: input.ip, since });
      if (counts.byUsername >= limits.maxPerUsername || counts.byIp >= limits.maxPerIp) throw new AppError(429, M.loginThrottled);
      const needCaptcha = counts.byUsername >= limits.captchaAfter;
      if (needCaptcha && (!input.captchaId || !input.captchaValue)) throw refused(M.captchaRequired, true);
      await recordFailure(tx, { username: input.username, ip: input.ip, at: now });
      return { needCaptcha, failuresBefore: counts.byUsername };
    });
  }

  async function login(input: LoginInput): Promise<LoginResult> {
    const now = deps.now();
    const { needCaptcha, failuresBefore } = await admit(input, now);
    if (needCaptcha && !(await checkCaptcha(db, now, input.captchaId ?? '', input.captchaValue ?? ''))) {
      throw refused(M.captchaWrong, true);
    }

    const account = await withSystem(db, (tx) => findLoginAccount(tx, { username: input.username }));
    const valid = await verifier.run(async () => verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), input.password));
    if (!account || !valid) throw refused(M.loginFailed, failuresBefore + 1 >= limits.captchaAfter);

    // The right password proves who it is: forget the failures (including this attempt's own record).
    await withSystem(db, (tx) => clearFailures(tx, { username: input.username }));
    if (account.status !== 1 || account.orgStatus !== 1) throw refused(M.accountDisabled, false);

    const token = await withTenant(db, account.orgId, async (tx) => {
      const t = await deps.sessions.startWithin(tx, {
        orgId: account.orgId,
        userId: account.userId,
        ip: input.ip,
        model: account.lastModule ?? DEFAULT_MODULE,
      });
      await logOperation(tx, {
        orgId: account.orgId,
        userId: account.userId,
        cnName: account.cnName,
        method: '登录',
        target: `user:${account.userId}`,
        content: `账号 ${input.username} 登录，IP ${input.ip}`,
      });
      return t;
    });
    return { token, roleName: 'etax' };
  }

  return { login, verifier };
}

export type LoginService = ReturnType<typeof createLoginService>;
