/**
 * Demo task queues (issue 5 item 10): 税局任务 of the current period and 下载任务, so the header's task drawers look
 * like a working agency. Everything goes through the real code paths: tasks are started, paused and prioritised by
 * the tax-task service as 王晓梅 (demo), moved on by the real processor with the filing simulator at times in the
 * recent past (so some are finished, some at the bureau, the rest queued — the server's timer carries on from
 * there), and the exports run as real jobs on a persisted JobRunner, writing their .xlsx into DATA_DIR/exports.
 * Needs the demo companies and tax-bureau logins (seedDemoTaxAuth) first, for the 报税手机号. Each part is skipped
 * when the demo org already has tax tasks / print tasks.
 */
import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import { exportCompanyListBody, exportOperationLogBody } from '@dzy/domain/contracts/print-tasks.contract';
import { taxTaskChangeStatusBody, taxTaskPriorityBody, taxTaskStartBody, type TaxTaskGroup } from '@dzy/domain/contracts/tax-tasks.contract';
import { currentPeriod } from '@dzy/domain/period/period';
import { loadConfig } from '../config';
import type { Database, Db } from '../db/client';
import { companies, orgs, printTasks, taxTasks, userLogins } from '../db/schema';
import { withSystem, withTenant } from '../db/tenant';
import { createTaxFilingSimulator } from '../gateways/tax-bureau/tax-filing-simulator.gateway';
import type { AuthContext } from '../http/request-context';
import { createPersistedJobRunner } from '../jobs/job-runner';
import { visibleCompanies } from '../modules/companies/company-visibility';
import { exportCompanyList, exportOperationLog, exportsDirectory, registerPrintTaskJobs } from '../modules/print-tasks/print-tasks.service';
import { processOrgTaxTasks } from '../modules/tax-tasks/tax-task-processor';
import { changeTaxTaskPriority, changeTaxTaskStatus, startTaxTasks } from '../modules/tax-tasks/tax-tasks.service';
import { loadUserAccess } from '../modules/users/user-access';
import { DEMO_ORG_NAME } from './demo-data';

const MIN = 60_000;

/** Companies with seeded tax-bureau logins (demo-tax-auth.ts), so their tasks carry a 报税手机号. */
const BATCHES: { minutesAgo: number; group: TaxTaskGroup; companies: string[] }[] = [
  { minutesAgo: 12, group: 'tax', companies: ['深圳市前海星澜科技有限公司', '苏州瑞丰精密机械有限公司', '宁波甬新进出口贸易有限公司', '上海浦江之星供应链管理有限公司'] },
  { minutesAgo: 5, group: 'tax', companies: ['深圳市宝安鹏程精密模具有限公司', '北京中关村智行软件有限公司'] },
  { minutesAgo: 5, group: 'social', companies: ['深圳市前海星澜科技有限公司', '广州市天河区博雅教育咨询有限公司'] },
];
/** Processor passes (minutes ago): the simulated bureau needs 1–3 minutes a task. */
const PASSES = [10, 6, 3];
/** After the last pass a manager moves one queued task ahead and pauses another (for an hour). */
const PRIORITY = { company: '深圳市前海星澜科技有限公司', kind: 'social' };
const PAUSE = { company: '深圳市宝安鹏程精密模具有限公司', kind: 'gs' };
/** The client whose operation log 王晓梅 exported. */
const LOG_COMPANY = '深圳市前海星澜科技有限公司';

export interface DemoTasksResult {
  taxTasks: number;
  printTasks: number;
}

/** The session-less context of a demo user, as the services expect from a request. */
async function actingAs(db: Db, orgId: number, username: string): Promise<AuthContext | null> {
  const userId = await withSystem(db, async (tx) => {
    const [row] = await tx
      .select({ userId: userLogins.userId })
      .from(userLogins)
      .where(and(eq(userLogins.username, username), eq(userLogins.orgId, orgId)))
      .limit(1);
    return row?.userId;
  });
  if (userId === undefined) return null;
  const user = await withTenant(db, orgId, (tx) => loadUserAccess(tx, { orgId, userId }));
  if (!user) return null;
  return {
    session: { orgId, userId, originUserId: null, tokenHash: '', roleName: '', model: '' },
    orgId,
    userId,
    user,
    viewer: { orgId, userId, isAdmin: user.isAdmin, isLeader: user.isLeader, groupId: user.groupId },
    company: null,
    period: null,
  };
}

async function countOf(db: Db, orgId: number, table: typeof taxTasks | typeof printTasks): Promise<number> {
  const [row] = await withSystem(db, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.orgId, orgId)));
  return row?.n ?? 0;
}

async function seedTaxTasks(db: Db, a: AuthContext, now: number): Promise<number> {
  const orgId = a.orgId;
  const period = currentPeriod(new Date(now));
  const names = [...new Set(BATCHES.flatMap((b) => b.companies))];
  const rows = await withTenant(db, orgId, (tx) => tx.select({ id: companies.id, name: companies.name }).from(companies).where(and(eq(companies.orgId, orgId), inArray(companies.name, names))));
  const idOf = new Map(rows.map((r) => [r.name, r.id]));
  const gateway = createTaxFilingSimulator();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MIN);
  const steps = [...BATCHES.map((b) => ({ m: b.minutesAgo, batch: b })), ...PASSES.map((m) => ({ m, batch: null }))].sort((x, y) => y.m - x.m || (x.batch ? -1 : 1));
  let created = 0;
  for (const { m, batch } of steps) {
    if (!batch) {
      await processOrgTaxTasks(db, gateway, orgId, at(m));
      continue;
    }
    const comIds = batch.companies.flatMap((n) => idOf.get(n) ?? []);
    if (comIds.length === 0) continue;
    created += (await startTaxTasks(db, a, taxTaskStartBody.parse({ comIds, period, group: batch.group }), at(m))).created;
  }
  const queued = async (company: string, kind: string) => {
    const companyId = idOf.get(company);
    if (companyId === undefined) return undefined;
    const [row] = await withTenant(db, orgId, (tx) =>
      tx
        .select({ reqNo: taxTasks.reqNo })
        .from(taxTasks)
        .where(and(eq(taxTasks.orgId, orgId), eq(taxTasks.companyId, companyId), eq(taxTasks.kind, kind), eq(taxTasks.period, period), eq(taxTasks.stage, 'queuing')))
        .limit(1),
    );
    return row?.reqNo;
  };
  const first = await queued(PRIORITY.company, PRIORITY.kind);
  if (first) await changeTaxTaskPriority(db, a, taxTaskPriorityBody.parse({ reqNo: first, status: 1 }));
  const paused = await queued(PAUSE.company, PAUSE.kind);
  if (paused) await changeTaxTaskStatus(db, a, taxTaskChangeStatusBody.parse({ reqNo: [paused], status: 1 }), at(1));
  return created;
}

/** A company of the org the user cannot see, and up to `n` she can (her own clients), by id. */
async function staffCompanies(db: Db, a: AuthContext, n: number): Promise<{ own: number[]; other: number | undefined }> {
  return withTenant(db, a.orgId, async (tx) => {
    const own = await tx.select({ id: companies.id }).from(companies).where(visibleCompanies(a.viewer)).orderBy(asc(companies.id)).limit(n);
    const [other] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.orgId, a.orgId), eq(companies.status, '2'), not(visibleCompanies(a.viewer))))
      .orderBy(asc(companies.id))
      .limit(1);
    return { own: own.map((r) => r.id), other: other?.id };
  });
}

/**
 * 王晓梅's client list and one client's operation log (both 已生成); 陈静's log of two of her clients plus one
 * client she does not serve (a stale pick): the job's own visibility check refuses that sheet (无权访问该公司) and
 * writes the rest, so the task is 部分成功 with a real error log.
 */
async function seedPrintTasks(db: Db, admin: AuthContext, staff: AuthContext | null, now: number, exportsDir: string): Promise<number> {
  const runner = createPersistedJobRunner(
    // The runner only uses the Db; it is never start()ed, so the driver kind plays no part.
    { db, kind: 'postgres', close: () => Promise.resolve() } satisfies Database,
    { alone: false, onError: (e) => console.error('demo-tasks export', e) },
  );
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MIN);
  registerPrintTaskJobs(runner, db, exportsDir, () => new Date(now), (e) => console.error('demo-tasks export', e));
  let n = 0;
  try {
    await exportCompanyList(db, runner, admin, exportCompanyListBody.parse({}), at(40));
    await runner.idle();
    n++;
    // One client's log (bounded: the whole org's log holds a year of seeded vouchers).
    const [client] = await withTenant(db, admin.orgId, (tx) =>
      tx.select({ id: companies.id }).from(companies).where(and(eq(companies.orgId, admin.orgId), eq(companies.name, LOG_COMPANY))).limit(1),
    );
    if (client) {
      await exportOperationLog(db, runner, admin, exportOperationLogBody.parse({ comIds: [client.id] }), at(25));
      await runner.idle();
      n++;
    }
    if (staff) {
      const { own, other } = await staffCompanies(db, staff, 2);
      if (own.length > 0 && other !== undefined) {
        await exportOperationLog(db, runner, staff, exportOperationLogBody.parse({ comIds: [...own, other] }), at(15));
        await runner.idle();
        n++;
      }
    }
  } finally {
    await runner.stop();
  }
  return n;
}

export async function seedDemoTasks(db: Db, opts: { now?: Date; exportsDir?: string } = {}): Promise<DemoTasksResult> {
  const now = (opts.now ?? new Date()).getTime();
  const out: DemoTasksResult = { taxTasks: 0, printTasks: 0 };
  const [org] = await withSystem(db, (tx) => tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, DEMO_ORG_NAME)).limit(1));
  if (!org) return out;
  const admin = await actingAs(db, org.id, 'demo');
  if (!admin) return out;
  if ((await countOf(db, org.id, taxTasks)) === 0) out.taxTasks = await seedTaxTasks(db, admin, now);
  if ((await countOf(db, org.id, printTasks)) === 0) {
    // Where the server keeps exports; under vitest without an explicit DATA_DIR a throwaway directory, so test
    // runs write nothing into the repository's data/.
    const dataDir = process.env.VITEST && !process.env.DATA_DIR ? undefined : loadConfig().dataDir;
    out.printTasks = await seedPrintTasks(db, admin, await actingAs(db, org.id, 'staff'), now, opts.exportsDir ?? exportsDirectory(dataDir));
  }
  return out;
}
