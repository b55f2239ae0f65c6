/**
 * Demo data for a first start (SEED_DEMO=1, the default): the platform org, a demo agency with staff,
 * departments, roles and 36 client companies with their periods, and a second agency to show isolation; then
 * every demo company's books (demo-ledger.ts: account set, opening balances, a year and more of vouchers closed
 * month by month through the real close, the current month open).
 * Idempotent: the first part does nothing once org 1 exists; the books are resumable per company and month.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { generateCreditCode, seededRandom } from '@dzy/domain/company/credit-code';
import { currentPeriod, periodRange, prevPeriod } from '@dzy/domain/period/period';
import type { Db, Tx } from '../db/client';
import { withSystem } from '../db/tenant';
import { companies, companyPeriods, companyUsers, departments, operationLogs, orgs, roles, userLogins, userRoles, users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import {
  DEMO_COMPANIES,
  DEMO_ORG_NAME,
  DEMO_ORG_USERS,
  DEMO_PASSWORD,
  DEPARTMENTS,
  OTHER_COMPANIES,
  OTHER_ORG_NAME,
  OTHER_ORG_USERS,
  PLATFORM_ORG_NAME,
  PLATFORM_USERS,
  ROLES,
  TAX_NO_SEED,
  roleRouteNames,
  type DemoCompany,
  type DemoUser,
} from './demo-data';
import { seedDemoLedgers } from './demo-ledger';
import { seedDemoProgress } from './demo-progress';
import { seedDemoNotesChat } from './demo-notes-chat';
import { seedDemoMessages } from './demo-messages';
import { seedDemoTaxAuth } from './demo-tax-auth';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoBank } from './demo-bank';
import { seedDemoTasks } from './demo-tasks';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-data';

/** Serialises seeding across instances starting at once against one PostgreSQL database. */
const SEED_LOCK = 724002;

export interface SeedOptions {
  /** The clock that decides the current period (tests pin it). */
  now?: Date;
  /** false: agencies, staff and companies only, without the year of books (DEMO_LEDGER=0; quick starts). */
  ledger?: boolean;
}

/** Seeds the demo data unless org 1 already exists. Returns true when it seeded. */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  const current = currentPeriod(opts.now ?? new Date());
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const seeded = await withSystem(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.id, 1)).limit(1);
    if (existing.length > 0) return false;
    // A database someone already filled by hand keeps its users: never fight over the demo usernames.
    const taken = await tx
      .select({ username: userLogins.username })
      .from(userLogins)
      .where(inArray(userLogins.username, [...PLATFORM_USERS, ...DEMO_ORG_USERS, ...OTHER_ORG_USERS].map((u) => u.username)))
      .limit(1);
    if (taken.length > 0) return false;

    await tx.insert(orgs).values({ id: 1, name: PLATFORM_ORG_NAME, contact: '平台管理员', tel: '13700137000', taxApp: true });
    // Org 1 was given its id explicitly; move the identity past it so later orgs do not collide.
    await tx.execute(sql`select setval(pg_get_serial_sequence('orgs', 'id'), (select max(id) from orgs))`);
    await insertUsers(tx, 1, PLATFORM_USERS, passwordHash, new Map(), new Map());

    const random = seededRandom(TAX_NO_SEED);
    const demoOrgId = await insertOrg(tx, { name: DEMO_ORG_NAME, contact: '王晓梅', tel: '13800138000', taxApp: true, factoryActive: true });
    const deptIds = await insertDepartments(tx, demoOrgId);
    const roleIds = await insertRoles(tx, demoOrgId);
    const demoUsers = await insertUsers(tx, demoOrgId, DEMO_ORG_USERS, passwordHash, deptIds, roleIds);
    const demoCompanies = await insertCompanies(tx, demoOrgId, DEMO_COMPANIES, demoUsers, random, current);

    const otherOrgId = await insertOrg(tx, { name: OTHER_ORG_NAME, contact: '何志远', tel: '13900139000' });
    const otherUsers = await insertUsers(tx, otherOrgId, OTHER_ORG_USERS, passwordHash, new Map(), new Map());
    await insertCompanies(tx, otherOrgId, OTHER_COMPANIES, otherUsers, random, current);

    await insertLogs(tx, demoOrgId, demoUsers, demoCompanies, current);
    return true;
  });
  // Then the books (account sets, opening balances, vouchers, closes) in resumable steps: a start that stopped
  // midway is finished by the next one, also when org 1 already exists (see demo-ledger.ts).
  await seedDemoProgress(db, { now: opts.now });
  await seedDemoNotesChat(db, { now: opts.now });
  await seedDemoMessages(db, { now: opts.now });
  await seedDemoTaxAuth(db, { now: opts.now });
  if (opts.ledger !== false) await seedDemoLedgers(db, { now: opts.now });
  await seedDemoInvoices(db, { now: opts.now });
  await seedDemoBank(db, { now: opts.now });
  // Last: its 报税手机号 come from the tax-bureau logins and its filing results from the books.
  await seedDemoTasks(db, { now: opts.now });
  return seeded;
}

async function insertOrg(tx: Tx, values: typeof orgs.$inferInsert): Promise<number> {
  const [row] = await tx.insert(orgs).values(values).returning({ id: orgs.id });
  if (!row) throw new Error('seed: org insert failed');
  return row.id;
}

async function insertDepartments(tx: Tx, orgId: number): Promise<Map<string, number>> {
  const rows = await tx
    .insert(departments)
    .values(DEPARTMENTS.map((name, i) => ({ orgId, name, sort: i + 1 })))
    .returning({ id: departments.id, name: departments.name });
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function insertRoles(tx: Tx, orgId: number): Promise<Map<string, number>> {
  const rows = await tx
    .insert(roles)
    .values(ROLES.map((r) => ({ orgId, name: r.name, remark: r.remark, routes: roleRouteNames(r), buttons: [...r.buttons], modules: [...r.modules] })))
    .returning({ id: roles.id, name: roles.name });
  return new Map(rows.map((r) => [r.name, r.id]));
}

interface SeededUser {
  id: number;
  cnName: string;
}

async function insertUsers(
  tx: Tx,
  orgId: number,
  list: readonly DemoUser[],
  passwordHash: string,
  deptIds: Map<string, number>,
  roleIds: Map<string, number>,
): Promise<Map<string, SeededUser>> {
  const out = new Map<string, SeededUser>();
  for (const u of list) {
    const [row] = await tx
      .insert(users)
      .values({
        orgId,
        username: u.username,
        passwordHash,
        cnName: u.cnName,
        tel: u.tel,
        isAdmin: u.isAdmin ?? false,
        isLeader: u.isLeader ?? false,
        userType: u.userType ?? 0,
        groupId: u.dept ? (deptIds.get(u.dept) ?? null) : null,
      })
      .returning({ id: users.id });
    if (!row) throw new Error(`seed: user ${u.username} insert failed`);
    await tx.insert(userLogins).values({ username: u.username, orgId, userId: row.id });
    const granted = (u.roles ?? []).map((name) => {
      const roleId = roleIds.get(name);
      if (roleId === undefined) throw new Error(`seed: unknown role ${name}`);
      return { orgId, userId: row.id, roleId };
    });
    if (granted.length > 0) await tx.insert(userRoles).values(granted);
    out.set(u.username, { id: row.id, cnName: u.cnName });
  }
  return out;
}

async function insertCompanies(
  tx: Tx,
  orgId: number,
  list: readonly DemoCompany[],
  staff: Map<string, SeededUser>,
  random: () => number,
  current: string,
): Promise<Map<string, { id: number; name: string }>> {
  const ids = new Map<string, { id: number; name: string }>();
  for (const [index, c] of list.entries()) {
    // A company starting after the clock (a pinned test clock) still gets its first period.
    const startPeriod = c.startPeriod <= current ? c.startPeriod : current;
    const mainComId = c.main === undefined ? null : (ids.get(c.main)?.id ?? null);
    if (c.main !== undefined && mainComId === null) throw new Error(`seed: main company ${c.main} must come first`);
    const [row] = await tx
      .insert(companies)
      .values({
        orgId,
        name: c.name,
        taxNo: generateCreditCode(random, { region: c.district }),
        type: c.type,
        district: c.district,
        automatic: c.automatic ?? 0,
        status: c.status ?? '2',
        accountingStandard: c.standard ?? 'small',
        startPeriod,
        lastStartPeriod: c.lastStartPeriod ?? null,
        mainComId,
        contact: c.contact,
        tel: c.tel,
        // Most agencies' 一般纳税人 clients file income tax on actual profit; a few small ones are assessed.
        qysds: c.type === '1' && index % 5 === 0 ? '2' : '1',
      })
      .returning({ id: companies.id });
    if (!row) throw new Error(`seed: company ${c.name} insert failed`);
    ids.set(c.key, { id: row.id, name: c.name });

    // Open periods only: the ledger seed closes each month through the real close once its vouchers are in
    // (the database refuses vouchers in a settled period). The old account set's periods stay closed.
    const periods = periodRange(startPeriod, current).map((period) => ({
      orgId,
      companyId: row.id,
      period,
      isOld: false,
      settleStatus: 0,
    }));
    if (c.lastStartPeriod !== undefined) {
      const oldPeriods = periodRange(c.lastStartPeriod, prevPeriod(startPeriod));
      periods.push(...oldPeriods.map((period) => ({ orgId, companyId: row.id, period, isOld: true, settleStatus: 4 })));
    }
    await tx.insert(companyPeriods).values(periods);

    const served = Object.entries(c.staff).map(([username, duty]) => {
      const user = staff.get(username);
      if (!user) throw new Error(`seed: unknown staff ${username}`);
      return { orgId, companyId: row.id, userId: user.id, duty };
    });
    if (served.length > 0) await tx.insert(companyUsers).values(served);
  }
  return ids;
}

async function insertLogs(
  tx: Tx,
  orgId: number,
  staff: Map<string, SeededUser>,
  seeded: Map<string, { id: number; name: string }>,
  current: string,
): Promise<void> {
  const entry = (username: string, key: string, method: string, content: string, period = '') => {
    const user = staff.get(username);
    const company = seeded.get(key);
    if (!user || !company) throw new Error(`seed: log for unknown ${username}/${key}`);
    return { orgId, userId: user.id, cnName: user.cnName, companyId: company.id, companyName: company.name, period, method, target: `company:${company.id}`, content };
  };
  const lastMonth = prevPeriod(current);
  // Vouchers and closes log themselves as the ledger seed writes them; these are the other kinds of entry.
  await tx.insert(operationLogs).values([
    entry('demo', 'yunqi', '新增客户', '演示数据：新建账套'),
    entry('demo', 'yunqi-bj', '修改客户', '设为杭州云栖数智科技有限公司的合并账套'),
    entry('leader', 'qinghe', '分配客户人员', '陈静(记账会计)、赵敏(报税员)'),
    entry('sunli', 'qianhai', '发票采集', `${company(seeded, 'qianhai')}；${lastMonth}；进项 12 张`, lastMonth),
  ]);
}

function company(seeded: Map<string, { id: number; name: string }>, key: string): string {
  return seeded.get(key)?.name ?? key;
}
