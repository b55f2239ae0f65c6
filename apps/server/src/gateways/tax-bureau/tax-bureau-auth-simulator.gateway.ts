import { createHash, randomBytes } from 'node:crypto';
import type { SmsGateway } from '../sms/sms-gateway';
import { SMS_SIGNATURE } from '../sms/sms-templates';
import type { BureauLogin, BureauRefusal, BureauStart, BureauState, TaxBureauAuthGateway } from './tax-bureau-auth.gateway';

/**
 * Tax-bureau authorization SIMULATOR (the default): no e-tax bureau is reachable from a self-hosted install, so
 * this plays the bureau with real state per login, deterministic rules and no sleeping (time comes from `now`):
 *
 * - The bureau account's password is SIMULATOR_BUREAU_PASSWORD for every account; anything else fails (2, 密码错误).
 * - A username ending in 0000 is an account whose authorization level has expired: success gives 10, not 1.
 * - A correct password starts authorization and "sends" a 6-digit code through the platform's SMS gateway (it
 *   shows up in the message centre's SMS list) to zzridno when that is a mobile number, else to the company's
 *   phone. Manual mode (yzmType 1) waits at 4 for the code; a wrong code is refused, the 5th wrong one or a code
 *   older than codeValidMinutes fails the authorization. Automatic mode waits at 8 and completes by itself
 *   autoSmsSeconds later (the SMS assistant read the code), seen on the next refresh.
 * - An authorized login drops offline (3) offlineAfterMinutes after it was authorized.
 * - Authorization links expire linkValidMinutes after they were made.
 * Pending codes and links live in this process; after a restart a login left at 4 or 8 reads failed (2).
 */
export const SIMULATOR_BUREAU_PASSWORD = 'Etax#2026';

export interface TaxBureauSimulatorOptions {
  sms: SmsGateway;
  offlineAfterMinutes?: number;
  codeValidMinutes?: number;
  autoSmsSeconds?: number;
  linkValidMinutes?: number;
}

interface Pending {
  code: string;
  tel: string;
  issuedAt: number;
  manual: boolean;
  wrongTries: number;
  levelExpired: boolean;
}

const MOBILE = /^1[3-9]\d{9}$/;
const MAX_WRONG_CODES = 5;

export const maskTel = (tel: string): string => (tel.length === 11 ? `${tel.slice(0, 3)}****${tel.slice(7)}` : tel);

export function createSimulatedTaxBureauAuthGateway(opts: TaxBureauSimulatorOptions): TaxBureauAuthGateway {
  const offlineMs = (opts.offlineAfterMinutes ?? 8 * 60) * 60_000;
  const codeMs = (opts.codeValidMinutes ?? 5) * 60_000;
  const autoMs = (opts.autoSmsSeconds ?? 5) * 1000;
  const linkMs = (opts.linkValidMinutes ?? 10) * 60_000;
  const pending = new Map<string, Pending>();
  const links = new Map<string, { taxNo: string; expiresAt: number }>();
  const key = (orgId: number, loginId: number) => `${orgId}:${loginId}`;
  const authorized = (levelExpired: boolean): BureauState => ({ keepStatus: levelExpired ? 10 : 1, keepErr: '' });

  return {
    name: 'tax-bureau-auth-simulator',

    async startAuthorization(login: BureauLogin, now: Date): Promise<BureauStart> {
      pending.delete(key(login.orgId, login.loginId));
      if (login.password !== SIMULATOR_BUREAU_PASSWORD) return { keepStatus: 2, keepErr: '密码错误，请核对后重新授权', smsTo: '' };
      const tel = MOBILE.test(login.zzridno) ? login.zzridno : login.fallbackTel;
      if (!MOBILE.test(tel)) return { keepStatus: 2, keepErr: '未找到办税人员绑定的手机号码', smsTo: '' };
      // Deterministic code: the same login asked at the same instant gets the same code.
      const digest = createHash('sha256').update(`${login.orgId}:${login.loginId}:${now.getTime()}`).digest();
      const code = String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
      const manual = login.yzmType === 1;
      pending.set(key(login.orgId, login.loginId), { code, tel, issuedAt: now.getTime(), manual, wrongTries: 0, levelExpired: login.zzridno.endsWith('0000') });
      await opts.sms.send({
        orgId: login.orgId,
        mobile: tel,
        content: `${SMS_SIGNATURE}您正在登录电子税务局（纳税人识别号${login.taxNo}），验证码${code}，${Math.round(codeMs / 60_000)}分钟内有效，请勿泄露。`,
      });
      return { keepStatus: manual ? 4 : 8, keepErr: '', smsTo: maskTel(tel) };
    },

    async submitSmsCode({ orgId, loginId, tel, code }, now): Promise<BureauState | BureauRefusal> {
      const p = pending.get(key(orgId, loginId));
      if (!p) return { keepStatus: 2, keepErr: '授权已中断，请重新授权' };
      if (now.getTime() - p.issuedAt > codeMs) {
        pending.delete(key(orgId, loginId));
        return { keepStatus: 2, keepErr: '验证码已过期，请重新授权' };
      }
      if (tel !== p.tel) return { refused: '手机号与接收验证码的手机号不一致' };
      if (code !== p.code) {
        p.wrongTries += 1;
        if (p.wrongTries >= MAX_WRONG_CODES) {
          pending.delete(key(orgId, loginId));
          return { keepStatus: 2, keepErr: '验证码错误次数过多，请重新授权' };
        }
        return { refused: '验证码错误，请重新输入' };
      }
      pending.delete(key(orgId, loginId));
      return authorized(p.levelExpired);
    },

    refresh({ orgId, loginId, keepStatus, statusAt }, now) {
      const t = now.getTime();
      if (keepStatus === 1 || keepStatus === 10) {
        return t - statusAt.getTime() >= offlineMs ? { keepStatus: 3, keepErr: '税局登录已超时掉线，请重新授权' } : null;
      }
      if (keepStatus !== 4 && keepStatus !== 8) return null;
      const p = pending.get(key(orgId, loginId));
      if (!p) return { keepStatus: 2, keepErr: '授权已中断，请重新授权' };
      if (!p.manual && t - p.issuedAt >= autoMs) {
        pending.delete(key(orgId, loginId));
        return authorized(p.levelExpired);
      }
      if (p.manual && t - p.issuedAt > codeMs) {
        pending.delete(key(orgId, loginId));
        return { keepStatus: 2, keepErr: '验证码已过期，请重新授权' };
      }
      return null;
    },

    createAuthLink({ taxNo }, now) {
      const token = randomBytes(16).toString('hex');
      const expiresAt = new Date(now.getTime() + linkMs);
      links.set(token, { taxNo, expiresAt: expiresAt.getTime() });
      return { token, path: `/api/public/taxLogin/authLink/${token}`, expiresAt };
    },

    checkAuthLink(token, now) {
      const link = links.get(token);
      if (!link) return { valid: false, reason: '授权链接不存在' };
      if (now.getTime() >= link.expiresAt) return { valid: false, reason: '授权链接已过期，请重新获取' };
      return { valid: true, taxNo: link.taxNo, expiresAt: new Date(link.expiresAt) };
    },
  };
}

export type { TaxBureauAuthGateway } from './tax-bureau-auth.gateway';
