import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { UpdatePasswordBody } from '@dzy/domain/contracts/auth.contract';
import { AUTH_MESSAGES as M } from '@dzy/domain/validation/messages';
import type { AppDeps } from '../../app';
import type { Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { AppError, badRequest } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { verificationCodeSms } from '../../gateways/sms/sms-templates';
import { logOperation } from '../audit/operation-log.repo';
import { deleteOtherUserSessions } from '../session/session.repo';
import { setPasswordHash } from './account.repo';
import { hashPassword } from './password';
import { countAttempt, latestCode, liveCode, markUsed, replaceCode } from './verification-code.repo';

export const CODE_LIMITS = {
  ttlMs: 5 * 60_000,
  resendAfterMs: 60_000,
  maxAttempts: 5,
} as const;

const PURPOSE = 'password';

function codeHash(orgId: number, mobile: string, code: string): string {
  return createHash('sha256').update(`${orgId}:${mobile}:${code}`).digest('hex');
}

/** Serialises code work per mobile so the resend guard and the attempt counter hold under parallel calls. */
async function lockMobile(tx: Tx, orgId: number, mobile: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${orgId}:${mobile}`}))`);
}

/** The mobile codes go to: the caller's own bound mobile. */
function boundMobile(a: AuthContext): string {
  if (!a.user.tel) throw badRequest(M.mobileNotBound);
  return a.user.tel;
}

/** Sends a 6-digit code for changing the password to the caller's own mobile (60-second resend guard). */
export async function sendCode(deps: Pick<AppDeps, 'database' | 'sms' | 'now'>, a: AuthContext, mobile: string): Promise<void> {
  const bound = boundMobile(a);
  if (mobile !== bound) throw badRequest(M.mobileMismatch);
  const now = deps.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await withTenant(deps.database.db, a.orgId, async (tx) => {
    await lockMobile(tx, a.orgId, mobile);
    const last = await latestCode(tx, { orgId: a.orgId, mobile, purpose: PURPOSE });
    if (last && now.getTime() - last.createdAt.getTime() < CODE_LIMITS.resendAfterMs) throw new AppError(429, M.codeTooFrequent);
    await replaceCode(tx, {
      orgId: a.orgId,
      mobile,
      purpose: PURPOSE,
      codeHash: codeHash(a.orgId, mobile, code),
      expiresAt: new Date(now.getTime() + CODE_LIMITS.ttlMs),
      now,
    });
    await logOperation(tx, { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, method: '发送验证码', target: `user:${a.userId}`, content: '修改密码' });
  });
  // After the commit: the gateway writes in its own transaction, and a code is only useful once stored.
  await deps.sms.send({ orgId: a.orgId, mobile, content: verificationCodeSms(code, CODE_LIMITS.ttlMs / 60_000) });
}

/**
 * Checks and spends the code. A wrong guess is counted in its own committed transaction; after 5 wrong
 * guesses the code is dead.
 */
async function consumeCode(deps: Pick<AppDeps, 'database' | 'now'>, a: AuthContext, mobile: string, code: string): Promise<boolean> {
  const now = deps.now();
  return withTenant(deps.database.db, a.orgId, async (tx) => {
    await lockMobile(tx, a.orgId, mobile);
    const live = await liveCode(tx, { orgId: a.orgId, mobile, purpose: PURPOSE, now });
    if (!live || live.attempts >= CODE_LIMITS.maxAttempts) return false;
    const given = Buffer.from(codeHash(a.orgId, mobile, code), 'hex');
    if (!timingSafeEqual(given, Buffer.from(live.codeHash, 'hex'))) {
      await countAttempt(tx, { orgId: a.orgId, id: live.id }, live.attempts + 1);
      return false;
    }
    await markUsed(tx, { orgId: a.orgId, id: live.id, now });
    return true;
  });
}

/** Changes the caller's own password with a code sent to their mobile; their other sessions end. */
export async function updatePassword(deps: Pick<AppDeps, 'database' | 'now'>, a: AuthContext, body: UpdatePasswordBody): Promise<void> {
  const mobile = boundMobile(a);
  if (!(await consumeCode(deps, a, mobile, body.code))) throw badRequest(M.codeInvalid);
  const passwordHash = await hashPassword(body.password);
  await withTenant(deps.database.db, a.orgId, async (tx) => {
    await setPasswordHash(tx, { orgId: a.orgId, userId: a.userId, passwordHash });
    await deleteOtherUserSessions(tx, { orgId: a.orgId, userId: a.userId, keepTokenHash: a.session.tokenHash });
    await logOperation(tx, { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, method: '修改密码', target: `user:${a.userId}` });
  });
}
