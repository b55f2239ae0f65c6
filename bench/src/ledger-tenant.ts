/**
 * The benchmark's tenant: an agency with its main account and a live session, one big company (24 periods) and
 * some small ones, every account set created through the real kjInit API.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PLATFORM_ORG_ID } from '@dzy/domain/routes/index';
import type { SubjectItem } from '@dzy/domain/contracts/subjects.contract';
import type { Database } from '../../apps/server/src/db/client';
import { withSystem } from '../../apps/server/src/db/tenant';
import { companies, companyPeriods, orgs, userLogins, users } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/password';
import { createSessionService } from '../../apps/server/src/modules/session/session.service';
import type { LeafSubject } from './ledger-generate';
import type { ApiClient } from './ledger-server';

export interface BenchTenant {
  orgId: number;
  token: string;
  bigCompanyId: number;
  smallCompanyIds: number[];
}

/** Org 1 is the platform operator: make sure it exists so the bench agency never takes id 1 on a fresh database. */
async function ensurePlatformOrg(database: Database): Promise<void> {
  await withSystem(database.db, async (tx) => {
    const created = await tx
      .insert(orgs)
      .values({ id: PLATFORM_ORG_ID, name: `平台运营方${randomUUID().slice(0, 8)}` })
      .onConflictDoNothing()
      .returning({ id: orgs.id });
    if (created.length > 0) {
      await tx.execute(sql`select setval(pg_get_serial_sequence('orgs', 'id'), greatest(1, (select last_value from orgs_id_seq)))`);
    }
  });
}

/**
 * The big company is a general taxpayer (the VAT detail accounts make its chart the larger one) whose books
 * start at bigPeriods[0] and span every period given; the small ones start in `smallPeriod`.
 */
export async function seedBenchTenant(
  database: Database,
  opts: { bigPeriods: string[]; smallPeriod: string; smallCompanies: number },
): Promise<BenchTenant> {
  await ensurePlatformOrg(database);
  const tag = randomUUID().slice(0, 8);
  const hash = await hashPassword(`Bench#${tag}`);
  const made = await withSystem(database.db, async (tx) => {
    const [org] = await tx.insert(orgs).values({ name: `基准测试代账${tag}` }).returning({ id: orgs.id });
    if (!org) throw new Error('org insert failed');
    const username = `bench_${tag}`;
    const [admin] = await tx
      .insert(users)
      .values({ orgId: org.id, username, passwordHash: hash, cnName: '主账号', isAdmin: true, tel: '13800000000' })
      .returning({ id: users.id });
    if (!admin) throw new Error('user insert failed');
    await tx.insert(userLogins).values({ username, orgId: org.id, userId: admin.id });
    const addCompany = async (i: number, type: '1' | '2', startPeriod: string, periods: string[]) => {
      const [c] = await tx
        .insert(companies)
        .values({
          orgId: org.id,
          name: `基准客户${tag}-${i}有限公司`,
          taxNo: `91110000MA${tag.slice(0, 6).toUpperCase()}${String(i).padStart(2, '0')}`,
          district: '110105',
          startPeriod,
          type,
        })
        .returning({ id: companies.id });
      if (!c) throw new Error('company insert failed');
      await tx.insert(companyPeriods).values(periods.map((period) => ({ orgId: org.id, companyId: c.id, period })));
      return c.id;
    };
    const first = opts.bigPeriods[0];
    if (!first) throw new Error('no periods');
    const big = await addCompany(0, '2', first, opts.bigPeriods);
    const small: number[] = [];
    for (let i = 1; i <= opts.smallCompanies; i++) small.push(await addCompany(i, i % 2 === 0 ? '2' : '1', opts.smallPeriod, [opts.smallPeriod]));
    return { orgId: org.id, adminId: admin.id, big, small };
  });
  const token = await createSessionService(database.db, { ttlHours: 24 }).start(made.orgId, made.adminId, '127.0.0.1');
  return { orgId: made.orgId, token, bigCompanyId: made.big, smallCompanyIds: made.small };
}

/** 建账 through the real API (default scheme 4-2-2-2, 小企业会计准则, the company's taxpayer type). */
export async function kjInit(api: ApiClient, comId: number): Promise<void> {
  await api.post('/api/v2/account/kjInit', { comId, body: {} });
}

/** Leaf subjects in use without auxiliary accounting or quantities: what a plain voucher line may post to. */
export async function leafSubjects(api: ApiClient, comId: number): Promise<LeafSubject[]> {
  const data = await api.post<{ list: SubjectItem[] }>('/api/v2/subject/findSubjects', { comId, body: {} });
  return data.list
    .filter((s) => s.isLeaf && s.status === 1 && s.fzhsId === null && !s.quantity)
    .map((s) => ({ id: s.id, code: s.code, name: s.name, category: s.category }));
}
