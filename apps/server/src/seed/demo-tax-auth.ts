/**
 * Demo tax-bureau logins (issue 5 item 7): a few companies in every authorization state, so the company rows'
 * icons and the 授权 dialog look like a working agency. 北京禾木空间设计 stays unauthorized with a correct
 * password for the SMS journey. Passwords are sealed with the same key the server uses (DZY_SECRET_KEY or
 * DATA_DIR/secret.key); under vitest a throwaway key, so test runs write no key file. Skipped when the demo org
 * already has logins. The simulator's bureau password is Etax#2026 (see docs/features/tax-authorization.md).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { loginMethodCode, type LoginMethodName } from '@dzy/domain/tax-auth/login-methods';
import { loadConfig } from '../config';
import type { Db } from '../db/client';
import { companies, orgs, taxLoginCompanies, taxLogins } from '../db/schema';
import { withSystem } from '../db/tenant';
import { SIMULATOR_BUREAU_PASSWORD } from '../gateways/tax-bureau/tax-bureau-auth-simulator.gateway';
import { createSecretBox, resolveSecretKey } from '../modules/tax-auth/secret-box';
import { syncCompanyStatus } from '../modules/tax-auth/tax-auth.repo';
import { DEMO_ORG_NAME } from './demo-data';

interface DemoLogin {
  company: string;
  methodName: LoginMethodName;
  zzridno: string;
  password: string;
  idNo?: string;
  zzrxm?: string;
  yzmType?: number;
  keepStatus: number;
  keepErr?: string;
  seq: number;
  /** How long ago the state was reached. */
  minutesAgo: number;
}

const LOGINS: DemoLogin[] = [
  { company: '深圳市前海星澜科技有限公司', methodName: '新版登录', zzridno: '13902550101', password: SIMULATOR_BUREAU_PASSWORD, keepStatus: 1, seq: 99, minutesAgo: 30 },
  { company: '深圳市前海星澜科技有限公司', methodName: '代理登录', zzridno: '13800138000', password: 'Agent#2026', idNo: '91110105MA01DZY001', zzrxm: '王晓梅', keepStatus: 0, seq: 0, minutesAgo: 600 },
  { company: '深圳市宝安鹏程精密模具有限公司', methodName: '新版登录', zzridno: '13902550102', password: SIMULATOR_BUREAU_PASSWORD, keepStatus: 3, keepErr: '税局登录已超时掉线，请重新授权', seq: 99, minutesAgo: 200 },
  { company: '北京中关村智行软件有限公司', methodName: '新版登录', zzridno: '13901000101', password: 'Etax#2025', keepStatus: 2, keepErr: '密码错误，请核对后重新授权', seq: 99, minutesAgo: 1500 },
  { company: '北京禾木空间设计有限公司', methodName: '新版登录', zzridno: '13901000010', password: SIMULATOR_BUREAU_PASSWORD, keepStatus: 0, seq: 99, minutesAgo: 3000 },
  { company: '上海浦江之星供应链管理有限公司', methodName: '新版登录', zzridno: '13901210000', password: SIMULATOR_BUREAU_PASSWORD, keepStatus: 10, seq: 99, minutesAgo: 45 },
  { company: '苏州瑞丰精密机械有限公司', methodName: '新版登录', zzridno: '13905120101', password: SIMULATOR_BUREAU_PASSWORD, yzmType: 2, keepStatus: 1, seq: 99, minutesAgo: 10 },
  { company: '广州市天河区博雅教育咨询有限公司', methodName: '代理登录', zzridno: '13800138000', password: 'Agent#2026', idNo: '91110105MA01DZY001', zzrxm: '王晓梅', keepStatus: 0, seq: 99, minutesAgo: 900 },
  { company: '宁波甬新进出口贸易有限公司', methodName: '政务网登录', zzridno: '13906740101', password: 'Zwfw#2026', keepStatus: 0, seq: 99, minutesAgo: 900 },
];

export async function seedDemoTaxAuth(db: Db, opts: { now?: Date } = {}): Promise<void> {
  const now = (opts.now ?? new Date()).getTime();
  const config = loadConfig();
  const key = resolveSecretKey({ secretKey: config.secretKey, dataDir: process.env.VITEST ? undefined : config.dataDir });
  const box = createSecretBox(key);
  await withSystem(db, async (tx) => {
    const [org] = await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, DEMO_ORG_NAME)).limit(1);
    if (!org) return;
    const orgId = org.id;
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(taxLogins).where(eq(taxLogins.orgId, orgId));
    if ((existing?.n ?? 0) > 0) return;
    const names = [...new Set(LOGINS.map((l) => l.company))];
    const rows = await tx.select({ id: companies.id, name: companies.name }).from(companies).where(and(eq(companies.orgId, orgId), inArray(companies.name, names)));
    const idOf = new Map(rows.map((r) => [r.name, r.id]));
    const accounts = new Map<string, number>();
    for (const l of LOGINS) {
      const companyId = idOf.get(l.company);
      if (companyId === undefined) continue;
      const account = `${l.methodName}|${l.zzridno}|${l.idNo ?? ''}`;
      let loginId = accounts.get(account);
      if (loginId === undefined) {
        const at = new Date(now - l.minutesAgo * 60_000);
        const [row] = await tx
          .insert(taxLogins)
          .values({
            orgId,
            loginMethod: loginMethodCode(l.methodName),
            methodName: l.methodName,
            zzridno: l.zzridno,
            zzrmnEnc: box.seal(l.password),
            idNo: l.idNo ?? '',
            zzrxm: l.zzrxm ?? '',
            xzsf: l.methodName === '新版登录' ? '办税员' : '',
            yzmType: l.yzmType ?? 1,
            keepStatus: l.keepStatus,
            keepErr: l.keepErr ?? '',
            statusAt: at,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: taxLogins.id });
        if (!row) continue;
        loginId = row.id;
        accounts.set(account, loginId);
      }
      await tx.insert(taxLoginCompanies).values({ orgId, loginId, companyId, seq: l.seq });
    }
    await syncCompanyStatus(tx, { orgId, companyIds: [...idOf.values()] });
  });
}
