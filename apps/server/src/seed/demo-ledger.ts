/**
 * Demo books, part 3: writes them through the real services. For every listed company of the two demo agencies:
 *   1. opening balances at the start period via the opening-balances service (save, then 试算平衡 → opening_checked);
 *   2. month by month from the start period to last month, each month ONE transaction: its vouchers
 *      (demo-ledger-month.ts) — only in the twelve months before the current one; an earlier start's first months
 *      stay empty. Plain ones through saveVoucherTx; sales, goods purchases, receipts and payments as documents
 *      (invoices, bank lines on the account 基本户) turned into vouchers by the one-click services; in the first of
 *      these months the asset cards behind the opening fixed assets (demo-ledger-docs.ts). Then the month's
 *      depreciation (jzAsset), its ticket status 全部到票, and the close through settleTx, which generates
 *      结转未交增值税, 计提附加税费, 结转损益 and in December 年末结转 exactly as a user's close would;
 *   3. the current month's vouchers and documents up to today (the month stays open, its depreciation not booked,
 *      its ticket status mixed) together with a marker entry in the operation log (method LEDGER_SEEDED), in one
 *      transaction.
 *
 * Resumable, never half-written: a start that stops midway leaves whole closed months behind, and the next start
 * goes on from the first open month of every company without the marker (each month is planned from the balances
 * at its start and a random stream seeded by company name and period, so the result equals an uninterrupted run).
 * A company with the marker is never touched again, so a user's later 反结账 or edits stay as they are. Two
 * instances starting at once on one PostgreSQL database serialise each month and the marker on a per-company
 * advisory lock and skip what the other finished; only the opening step is unguarded, so in that race one of
 * them may stop at startup with an error (nothing half-written) and finish on its next start.
 *
 * Size and time (2026-11 clock): 39 companies, 440 months with vouchers (about 9 written here plus 2–3 by the
 * close: 5,150 vouchers, 28,000 lines in all; 1,140 invoices, 900 bank lines, 130 asset cards, 440 depreciation
 * runs, 480 ticket statuses) and 187 earlier months closed empty. Before the documents (4,570 vouchers): 52–60 s
 * of CPU on PGlite, 58–99 s wall clock on a 2-core machine that other jobs kept busy; 39 s on PostgreSQL 15.
 * With them, measured side by side with the earlier seed in one run on that machine: 101 s of CPU against 66 s
 * (+52%; 380 s against 317 s wall clock under load 10–19); a first start of the e2e server seeded in about 2
 * minutes at load 2–5; 77 s in the seed test on PostgreSQL 15 (busy machine). The growth is the depreciation
 * voucher of every month, the receipt and the payment as separate bank vouchers, and the one-click services' own
 * reads (settings, chart, locks, logs). Most of it is the database's own per-voucher work. The knobs are BUSY_MONTHS here and the vouchers per month in
 * demo-ledger-month.ts (wages and taxes already share one voucher to make room for the documents).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { openingSaveBody } from '@dzy/domain/contracts/opening-balances.contract';
import { fenToYuan } from '@dzy/domain/ledger/money';
import { addPeriods, currentPeriod, formatPeriod, parsePeriod, periodRange, prevPeriod } from '@dzy/domain/period/period';
import type { Db, Tx } from '../db/client';
import { companies, companyUsers, operationLogs, orgs, userLogins, users } from '../db/schema';
import { withSystem, withTenant } from '../db/tenant';
import type { AuthContext } from '../http/request-context';
import { findAccountSet, type AccountSetRow } from '../modules/account-sets/account-sets.repo';
import { seedDemoAccountSets } from '../modules/account-sets/demo-account-sets';
import { logOperation } from '../modules/audit/operation-log.repo';
import { bucketedMovements, openingAmounts, periodMovements } from '../modules/books/balances.repo';
import type { CompanyRow } from '../modules/companies/company-visibility';
import { openingCheck, openingSave } from '../modules/opening-balances/opening-balances.service';
import { settleTx, type SettleActor } from '../modules/settle/settle.service';
import { SETTLED, periodRow } from '../modules/settle/settle.repo';
import { listSubjects, type SubjectRow } from '../modules/subjects/subjects.repo';
import { loadUserAccess } from '../modules/users/user-access';
import { saveVoucherTx } from '../modules/vouchers/voucher-write.service';
import { DEMO_COMPANIES, DEMO_ORG_NAME, OTHER_COMPANIES, OTHER_ORG_NAME } from './demo-data';
import { bookDepreciation, ensureBankAccount, ensureOpeningCards, seedTicketStatus, insertDoc, voucherDocs, type DocCtx, type MonthDocs } from './demo-ledger-docs';
import { daysIn, planMonth, type PlannedVoucher } from './demo-ledger-month';
import { SUBJECT_KEYS, openingOf, profileOf, subjectPath, type KeyAmounts, type LedgerProfile, type SubjectKey } from './demo-ledger-profile';

/** Operation-log method of the entry that marks a company's demo books as complete. */
export const LEDGER_SEEDED = '生成演示账务';
/** Months before the current one that get vouchers. */
const BUSY_MONTHS = 12;
/** Advisory lock (with the company id) serialising instances that seed the same company's books. */
const LEDGER_LOCK = 724003;

export interface LedgerSeedOptions {
  /** The clock that decides the current period and today's date (tests pin it). */
  now?: Date;
}

interface Target {
  company: CompanyRow;
  actor: SettleActor;
}

/** The demo agencies: the orgs of the seed's own main accounts (demo, other), when they still carry the seed's names. */
export async function demoOrgIds(db: Db): Promise<number[]> {
  const rows = await withSystem(db, (tx) =>
    tx
      .select({ id: orgs.id })
      .from(userLogins)
      .innerJoin(orgs, eq(orgs.id, userLogins.orgId))
      .where(and(inArray(userLogins.username, ['demo', 'other']), inArray(orgs.name, [DEMO_ORG_NAME, OTHER_ORG_NAME]))),
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Listed demo companies whose books are not complete yet, each with who keeps them (its 记账会计, else the main account). */
async function pendingTargets(db: Db, orgIds: number[]): Promise<Target[]> {
  if (orgIds.length === 0) return [];
  const names = [...DEMO_COMPANIES, ...OTHER_COMPANIES].map((c) => c.name);
  return withSystem(db, async (tx) => {
    const done = await tx
      .select({ companyId: operationLogs.companyId })
      .from(operationLogs)
      .where(and(inArray(operationLogs.orgId, orgIds), eq(operationLogs.method, LEDGER_SEEDED)));
    const finished = new Set(done.map((d) => d.companyId));
    const list = await tx
      .select()
      .from(companies)
      .where(and(inArray(companies.orgId, orgIds), inArray(companies.name, names)))
      .orderBy(asc(companies.orgId), asc(companies.id));
    const out: Target[] = [];
    for (const company of list.filter((c) => !finished.has(c.id))) out.push({ company, actor: await keeperOf(tx, company) });
    return out;
  });
}

async function keeperOf(tx: Tx, company: CompanyRow): Promise<SettleActor> {
  const [accountant] = await tx
    .select({ id: users.id, cnName: users.cnName })
    .from(companyUsers)
    .innerJoin(users, and(eq(users.orgId, companyUsers.orgId), eq(users.id, companyUsers.userId)))
    .where(and(eq(companyUsers.orgId, company.orgId), eq(companyUsers.companyId, company.id), eq(companyUsers.duty, '记账会计')))
    .orderBy(asc(users.id))
    .limit(1);
  const [admin] = await tx
    .select({ id: users.id, cnName: users.cnName })
    .from(users)
    .where(and(eq(users.orgId, company.orgId), eq(users.isAdmin, true)))
    .orderBy(asc(users.id))
    .limit(1);
  const who = accountant ?? admin;
  if (!who) throw new Error(`seed: nobody keeps the books of ${company.name}`);
  return { orgId: company.orgId, userId: who.id, cnName: who.cnName };
}

/**
 * Gives every demo company its account set (if missing) and its books; returns how many companies it completed.
 * Does nothing once every listed demo company carries the marker.
 */
export async function seedDemoLedgers(db: Db, opts: LedgerSeedOptions = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const current = currentPeriod(now);
  const orgIds = await demoOrgIds(db);
  if ((await pendingTargets(db, orgIds)).length === 0) return 0;
  // Account sets first (they also set the company's type and codes fields), then the targets read afresh.
  await seedDemoAccountSets(db, { orgIds });
  const targets = await pendingTargets(db, orgIds);
  for (const t of targets) {
    // PL/pgSQL triggers (the ledger guards) cache their plans; planned while the tables were small they keep
    // scanning whole tables as the seed fills them (PGlite has no autovacuum to invalidate them), which made
    // the commit checks grow to ~30 ms a voucher. Re-planning once per company keeps them on the indexes.
    await db.execute(sql`discard plans`);
    await seedCompanyBooks(db, t, current, beijingDay(now), now);
  }
  return targets.length;
}

/** Day of the month on the Beijing calendar (the same calendar currentPeriod uses). */
function beijingDay(now: Date): number {
  return new Date(now.getTime() + 8 * 3600_000).getUTCDate();
}

interface Books {
  target: Target;
  set: AccountSetRow;
  profile: LedgerProfile;
  ids: Map<SubjectKey, number>;
  /** Subject id → direction (1 debit, 2 credit). */
  directions: Map<number, number>;
  profitIds: number[];
  /** The first month with vouchers (the asset cards are entered then). */
  firstBusy: string;
  /** The keeper as the document services see a signed-in user. */
  doc: DocCtx;
  now: Date;
}

async function seedCompanyBooks(db: Db, target: Target, current: string, today: number, now: Date): Promise<void> {
  const { company } = target;
  const k = { orgId: company.orgId, companyId: company.id };
  const loaded = await withTenant(db, k.orgId, async (tx) => ({ set: await findAccountSet(tx, k), subjects: await listSubjects(tx, k) }));
  if (!loaded.set) throw new Error(`seed: ${company.name} has no account set`);
  const start = loaded.set.startPeriod;
  // Vouchers in the twelve months before the current one; earlier months of an early start are closed empty.
  const firstBusy = addPeriods(current, -BUSY_MONTHS);
  const input = { name: company.name, type: company.type, district: company.district, firstPeriod: start > firstBusy ? start : firstBusy };
  const profile = profileOf(input);
  const ids = subjectIds(loaded.subjects, profile.general);
  const books: Books = {
    target,
    set: loaded.set,
    profile,
    ids,
    directions: new Map(loaded.subjects.map((s) => [s.id, s.direction])),
    profitIds: loaded.subjects.filter((s) => s.category === '损益').map((s) => s.id),
    firstBusy: input.firstPeriod,
    doc: { auth: await keeperAuth(db, target, start), profile, ids },
    now,
  };
  if (!books.set.openingChecked && start <= current) await seedOpening(db, books, openingOf(input, profile), start);
  for (const period of periodRange(start, prevPeriod(current))) await closeMonth(db, books, period, period >= firstBusy);
  await openMonth(db, books, current, today);
}

/** Leaf subject ids by key, looked up by name path in this company's chart. */
function subjectIds(rows: readonly SubjectRow[], general: boolean): Map<SubjectKey, number> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (r: SubjectRow): string => {
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    return parent ? `${pathOf(parent)}/${r.name}` : r.name;
  };
  const byPath = new Map(rows.filter((r) => r.isLeaf && r.status === 1).map((r) => [pathOf(r), r.id]));
  const ids = new Map<SubjectKey, number>();
  for (const key of SUBJECT_KEYS) {
    const id = byPath.get(subjectPath(key, general).join('/'));
    if (id !== undefined) ids.set(key, id);
  }
  return ids;
}

function idOf(books: Books, key: SubjectKey): number {
  const id = books.ids.get(key);
  if (id === undefined) throw new Error(`seed: ${books.target.company.name} lacks the leaf subject ${subjectPath(key, books.profile.general).join('-')}`);
  return id;
}

/**
 * The keeper as a signed-in user for the services that take one. The seed has no HTTP session, so they get the
 * accountant's real access record with an empty session.
 */
async function keeperAuth(db: Db, target: Target, period: string): Promise<AuthContext> {
  const { company, actor } = target;
  const user = await withTenant(db, actor.orgId, (tx) => loadUserAccess(tx, { orgId: actor.orgId, userId: actor.userId }));
  if (!user) throw new Error(`seed: user ${actor.userId} missing`);
  return {
    session: { orgId: actor.orgId, userId: actor.userId, originUserId: null, tokenHash: '', roleName: 'etax', model: '' },
    orgId: actor.orgId,
    userId: actor.userId,
    user,
    viewer: { orgId: actor.orgId, userId: actor.userId, isAdmin: user.isAdmin, isLeader: user.isLeader, groupId: user.groupId },
    company,
    period,
  };
}

/** The opening balances through the opening-balances service as the company's accountant would enter them. */
async function seedOpening(db: Db, books: Books, opening: KeyAmounts, start: string): Promise<void> {
  const { company } = books.target;
  const a: AuthContext = { ...books.doc.auth, period: start };
  const items = Object.entries(opening)
    .filter(([, amount]) => amount !== 0)
    .map(([key, amount]) => {
      const subjectId = idOf(books, key as SubjectKey);
      // The service takes amounts on the subject's own side.
      return { subjectId, fzhsId: 0, amount: fenToYuan(books.directions.get(subjectId) === 2 ? -amount : amount), yearDebit: '0', yearCredit: '0' };
    });
  await openingSave(db, a, company, openingSaveBody.parse({ items }));
  const check = await openingCheck(db, a, company);
  if (!check.checked) throw new Error(`seed: opening balances of ${company.name} do not balance`);
}

/** One month to be closed: its vouchers (if busy), then the real close — one transaction; a closed month is skipped. */
async function closeMonth(db: Db, books: Books, period: string, busy: boolean): Promise<void> {
  const { company, actor } = books.target;
  const k = { orgId: company.orgId, companyId: company.id };
  await withTenant(db, k.orgId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK}, ${company.id})`);
    const row = await periodRow(tx, { ...k, period });
    if (!row) throw new Error(`seed: ${company.name} has no period ${period}`);
    if (row.settleStatus === SETTLED) return;
    if (busy) {
      await writeMonth(tx, books, period, daysIn(period));
      // Depreciation before the close: the close refuses while some is due (decision 0011).
      await bookDepreciation(tx, books.doc, period);
      await seedTicketStatus(tx, books.doc, period, true, books.now);
    }
    await settleTx(tx, actor, company, period);
  });
}

/** The current month: vouchers up to today, left open, with the marker; skipped when the marker is there. */
async function openMonth(db: Db, books: Books, current: string, today: number): Promise<void> {
  const { company, actor } = books.target;
  const k = { orgId: company.orgId, companyId: company.id };
  await withTenant(db, k.orgId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK}, ${company.id})`);
    const [marked] = await tx
      .select({ id: operationLogs.id })
      .from(operationLogs)
      .where(and(eq(operationLogs.orgId, k.orgId), eq(operationLogs.companyId, company.id), eq(operationLogs.method, LEDGER_SEEDED)))
      .limit(1);
    if (marked) return;
    const row = await periodRow(tx, { ...k, period: current });
    const start = books.set.startPeriod;
    if (row && row.settleStatus !== SETTLED && start <= current) {
      // The month's depreciation is left to the user's 计提折旧 (the close asks for it).
      await writeMonth(tx, books, current, Math.min(today, daysIn(current)));
      await seedTicketStatus(tx, books.doc, current, false, books.now);
    }
    const closed = start < current ? `${start}至${prevPeriod(current)}的凭证并结账，` : '';
    await logOperation(tx, {
      orgId: actor.orgId,
      userId: actor.userId,
      cnName: actor.cnName,
      companyId: company.id,
      companyName: company.name,
      period: current,
      method: LEDGER_SEEDED,
      target: `company:${company.id}`,
      content: `演示数据：期初余额（${start}），${closed}${current}的凭证`,
    });
  });
}

/** A month's vouchers up to untilDay: planned from the balances at its start, written with their documents. */
async function writeMonth(tx: Tx, books: Books, period: string, untilDay: number): Promise<void> {
  const { company } = books.target;
  const balances = await balancesAt(tx, books, period);
  if (period === books.firstBusy) await ensureOpeningCards(tx, books.doc, period, balances);
  const vouchers = planMonth({
    name: company.name,
    profile: books.profile,
    period,
    balances,
    quarterProfit: await quarterProfitBefore(tx, books, period),
    untilDay,
  });
  await writeVouchers(tx, books, period, vouchers, balances.bank ?? 0, untilDay >= daysIn(period));
}

/** Balances per key at the start of the period: the opening plus every earlier month's movements. */
async function balancesAt(tx: Tx, books: Books, period: string): Promise<KeyAmounts> {
  const k = { orgId: books.target.company.orgId, companyId: books.target.company.id };
  const byId = new Map<number, number>();
  const add = (id: number, amount: number) => byId.set(id, (byId.get(id) ?? 0) + amount);
  for (const o of await openingAmounts(tx, k)) add(o.subjectId, o.amount);
  if (period > books.set.startPeriod) {
    // One bucket per leaf (a cut at the first period; an empty cut list is not a valid GROUP BY there).
    for (const m of await bucketedMovements(tx, { ...k, fromPeriod: books.set.startPeriod, toPeriod: prevPeriod(period), cuts: [books.set.startPeriod] })) {
      add(m.subjectId, m.debit - m.credit);
    }
  }
  const out: KeyAmounts = {};
  for (const [key, id] of books.ids) out[key] = byId.get(id) ?? 0;
  return out;
}

/** Profit of the quarter's months before this one, as the income statement counts it (carry-forwards left out). */
async function quarterProfitBefore(tx: Tx, books: Books, period: string): Promise<number> {
  const { year, month } = parsePeriod(period);
  const quarterStart = formatPeriod(year, month - ((month - 1) % 3));
  const from = quarterStart > books.set.startPeriod ? quarterStart : books.set.startPeriod;
  if (from >= period) return 0;
  const k = { orgId: books.target.company.orgId, companyId: books.target.company.id };
  const rows = await periodMovements(tx, { ...k, fromPeriod: from, toPeriod: prevPeriod(period), subjectIds: books.profitIds });
  return rows.reduce((s, r) => s + (r.credit - r.cfCredit) - (r.debit - r.cfDebit), 0);
}

/**
 * The month's vouchers: the plain ones as keyed in, in date order; those with a document (demo-ledger-docs.ts)
 * enter the document at its place and get their voucher from the one-click services afterwards. `bankAtStart` is
 * 银行存款 at the month start; a statement line carries the balance after its planned voucher.
 */
async function writeVouchers(tx: Tx, books: Books, period: string, vouchers: readonly PlannedVoucher[], bankAtStart: number, closing: boolean): Promise<void> {
  const { company, actor } = books.target;
  const { year, month } = parsePeriod(period);
  const ctx = { orgId: actor.orgId, userId: actor.userId, cnName: actor.cnName, companyId: company.id, companyName: company.name, period };
  const bankAccountId = vouchers.some((v) => v.doc?.kind === 'bank') ? await ensureBankAccount(tx, books.doc) : 0;
  const docs: MonthDocs = { invoiceIds: [], lineIds: [] };
  let bank = bankAtStart;
  for (const v of vouchers) {
    for (const l of v.lines) if (l.key === 'bank') bank += l.debit - l.credit;
    if (v.doc) {
      await insertDoc(tx, books.doc, docs, { period, day: v.day, doc: v.doc, seq: docs.invoiceIds.length + docs.lineIds.length + 1, bankAfter: bank, bankAccountId });
      continue;
    }
    await saveVoucherTx(tx, ctx, {
      voucherWord: '记',
      voucherDate: `${year}-${String(month).padStart(2, '0')}-${String(v.day).padStart(2, '0')}`,
      billCount: v.billCount,
      lines: v.lines.map((l) => ({
        summary: l.summary,
        subjectId: idOf(books, l.key),
        fzhsId: null,
        inAmount: l.debit === 0 ? '' : fenToYuan(l.debit),
        outAmount: l.credit === 0 ? '' : fenToYuan(l.credit),
      })),
    });
  }
  // The open month keeps one voucher per invoice, dated as the invoice (a merged one would be dated the month end).
  await voucherDocs(tx, books.doc, period, docs, closing);
}
