/**
 * Demo books, part 4: the business documents behind the demo vouchers, written inside the month's transaction of
 * demo-ledger.ts through the same services a user's clicks reach:
 *   - a planned voucher with an invoice (PlannedDoc 'invoice') becomes an invoice row, then the invoice one-click
 *     service (generateInvoiceVouchers) writes its voucher and links both ways;
 *   - one with a bank line becomes a statement line on the company's account 基本户 (bound to its 银行存款 leaf,
 *     balance column = the book balance after the line), then the bank one-click service (createBankVouchers);
 *   - asset cards: at the first month with vouchers, cards that make up the opening 固定资产 and 累计折旧 (a
 *     computer, office furniture, a car for larger companies), a laptop bought later on an invoice with the
 *     固定资产 business type; every closed month runs jzAsset before its close;
 *   - ticket statuses: 全部到票 for closed months, a mix for the open month.
 * Everything is derived from the plan (company name and period), so a resumed seed writes the same documents.
 */
import { and, eq } from 'drizzle-orm';
import { createBankVoucherBody } from '@dzy/domain/contracts/bank.contract';
import { ASSET_API_MESSAGES, saveAssetBody } from '@dzy/domain/contracts/assets.contract';
import { lineFingerprints } from '@dzy/domain/bank/index';
import { residualValue, suggestedMonthlyAmount } from '@dzy/domain/assets/depreciation';
import { taxOf } from '@dzy/domain/invoices/index';
import { TICKET_ITEMS, TICKET_STATUS, type TicketItem, type TicketStatus } from '@dzy/domain/invoices/ticket-status';
import { applyRate, fenToYuan } from '@dzy/domain/ledger/money';
import { parsePeriod } from '@dzy/domain/period/period';
import type { Db, Tx } from '../db/client';
import { bankAccounts, bankLines, invoiceLines, invoices } from '../db/schema';
import { AppError } from '../http/envelope';
import type { AuthContext } from '../http/request-context';
import { jzAsset } from '../modules/assets/asset-run.service';
import { listAssets } from '../modules/assets/assets.repo';
import { saveAsset, type AssetCtx } from '../modules/assets/assets.service';
import { createBankVouchers } from '../modules/bank/bank-voucher.service';
import { generateInvoiceVouchers } from '../modules/invoices/invoice-voucher.service';
import { upsertTicketStatus } from '../modules/ticket-status/ticket-status.repo';
import type { PlannedDoc } from './demo-ledger-month';
import { nameHash, type KeyAmounts, type LedgerProfile, type SubjectKey } from './demo-ledger-profile';

/** The demo statement account's name (demo-bank.ts adds the current month's open lines to the same account). */
export const DEMO_BANK_ACCOUNT = '基本户';
/** Business type 固定资产 of incoming invoice lines. */
export const FIXED_ASSET_TYPE_ID = 104;

export interface DocCtx {
  /** The company's keeper as the one-click services see a signed-in user. */
  auth: AuthContext;
  profile: LedgerProfile;
  ids: ReadonlyMap<SubjectKey, number>;
}

const dateOf = (period: string, day: number) => `${period.slice(0, 4)}-${period.slice(4)}-${String(day).padStart(2, '0')}`;

function actorOf(d: DocCtx, period: string): AssetCtx {
  const c = d.auth.company;
  if (!c) throw new Error('seed: document context without company');
  return { orgId: c.orgId, userId: d.auth.userId, cnName: d.auth.user.cnName, companyId: c.id, companyName: c.name, period };
}

/** A plausible 18-character credit code for a counterparty, from its name (the same on every machine). */
function taxNoOf(name: string): string {
  return `91330000${String(nameHash(name)).padStart(10, '0').slice(-10)}`;
}

/** The company's 基本户, bound to its 银行存款 leaf, created when missing. */
export async function ensureBankAccount(tx: Tx, d: DocCtx): Promise<number> {
  const c = actorOf(d, '');
  const k = { orgId: c.orgId, companyId: c.companyId };
  const [found] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.orgId, k.orgId), eq(bankAccounts.companyId, k.companyId), eq(bankAccounts.name, DEMO_BANK_ACCOUNT)))
    .limit(1);
  if (found) return found.id;
  const subjectId = d.ids.get('bank');
  if (subjectId === undefined) throw new Error(`seed: ${c.companyName} has no 银行存款 leaf`);
  const accountNo = `6222${String(nameHash(c.companyName)).padStart(12, '0').slice(-12)}`;
  const [row] = await tx.insert(bankAccounts).values({ ...k, name: DEMO_BANK_ACCOUNT, accountNo, subjectId }).returning({ id: bankAccounts.id });
  if (!row) throw new Error('seed: bank account insert failed');
  return row.id;
}

/** What a month's documents left to voucher: the invoices and the statement lines. */
export interface MonthDocs {
  invoiceIds: number[];
  lineIds: number[];
}

/**
 * Enters one document (no voucher yet). `seq` numbers the month's documents (part of the invoice number);
 * `bankAfter` is the book balance of 银行存款 after the planned voucher (the statement line's balance column).
 */
export async function insertDoc(
  tx: Tx,
  d: DocCtx,
  docs: MonthDocs,
  x: { period: string; day: number; doc: PlannedDoc; seq: number; bankAfter: number; bankAccountId: number },
): Promise<void> {
  const c = actorOf(d, x.period);
  const k = { orgId: c.orgId, companyId: c.companyId };
  if (x.doc.kind === 'invoice') {
    const doc = x.doc;
    const taxFen = taxOf(doc.amount, doc.rateBp);
    const { year, month } = parsePeriod(x.period);
    const invoiceNumber = `${String(year).slice(2)}${String(month).padStart(2, '0')}9${doc.direction}${String(nameHash(c.companyName) % 1_000_000).padStart(6, '0')}${String(x.seq).padStart(8, '0')}`;
    const [row] = await tx
      .insert(invoices)
      .values({
        ...k, period: x.period, direction: doc.direction, typeCode: doc.special ? '81' : '82', invoiceCode: '', invoiceNumber, invoiceDate: dateOf(x.period, x.day),
        counterpartyName: doc.counterparty, counterpartyTaxNo: taxNoOf(doc.counterparty), amount: fenToYuan(doc.amount), tax: fenToYuan(taxFen),
        total: fenToYuan(doc.amount + taxFen), certStatus: doc.direction === 1 && doc.special ? 1 : 0,
      })
      .returning({ id: invoices.id });
    if (!row) throw new Error('seed: invoice insert failed');
    const price = fenToYuan(doc.amount);
    await tx.insert(invoiceLines).values({
      orgId: k.orgId, invoiceId: row.id, lineNo: 1, companyId: k.companyId, goodsName: doc.goods, unit: doc.businessTypeId === FIXED_ASSET_TYPE_ID ? '台' : '批', count: '1', price,
      amount: price, rateBp: doc.rateBp, tax: fenToYuan(taxFen), businessTypeId: doc.businessTypeId,
    });
    docs.invoiceIds.push(row.id);
    if (doc.businessTypeId === FIXED_ASSET_TYPE_ID) {
      // A non-deductible invoice's tax is part of the asset's cost, as the invoice voucher books it.
      await enterCard(tx, d, c, { name: doc.goods.replace(/^\*[^*]+\*/, ''), assetType: 105, periods: 36, originalFen: doc.amount + (doc.special ? 0 : taxFen), accumulatedFen: 0, transDate: dateOf(x.period, x.day) });
    }
    return;
  }
  const doc = x.doc;
  const line = { transDate: dateOf(x.period, x.day), amount: doc.amount, type: doc.type, otherName: doc.otherName, summary: doc.summary, bankAmount: x.bankAfter };
  const [fingerprint] = lineFingerprints([line]);
  const [row] = await tx
    .insert(bankLines)
    .values({
      ...k, bankAccountId: x.bankAccountId, period: x.period, transDate: line.transDate, type: doc.type, amount: fenToYuan(doc.amount), summary: doc.summary,
      otherName: doc.otherName, bankAmount: fenToYuan(x.bankAfter), fingerprint: fingerprint ?? '', businessType: doc.businessType, source: 'import',
    })
    .returning({ id: bankLines.id });
  if (!row) throw new Error('seed: bank line insert failed');
  docs.lineIds.push(row.id);
}

/**
 * The month's documents into vouchers, one click each as an accountant does it: invoices first (in a closed month
 * merged, one voucher per direction — the setting most agencies use, and fewer vouchers for the seed to write),
 * then the statement lines, one voucher each. The services open their own transaction; inside the month's one
 * that is a savepoint, so the month stays ONE transaction.
 */
export async function voucherDocs(tx: Tx, d: DocCtx, period: string, docs: MonthDocs, merge: boolean): Promise<void> {
  const c = actorOf(d, period);
  const company = d.auth.company;
  if (!company) throw new Error('seed: document context without company');
  const db: Db = tx;
  if (docs.invoiceIds.length > 0) await generateInvoiceVouchers(db, c, { ids: docs.invoiceIds, merge });
  if (docs.lineIds.length > 0) {
    await createBankVouchers(db, { ...d.auth, period }, company, createBankVoucherBody.parse({ comId: company.id, period, ids: docs.lineIds }));
  }
}

interface Card {
  name: string;
  assetType: number;
  periods: number;
  originalFen: number;
  accumulatedFen: number;
  transDate: string;
}

/** One fixed-asset card through the asset service (the dialog's save), with the suggested monthly amount. */
async function enterCard(tx: Tx, d: DocCtx, c: AssetCtx, card: Card): Promise<void> {
  const id = (key: SubjectKey) => {
    const v = d.ids.get(key);
    if (v === undefined) throw new Error(`seed: ${c.companyName} lacks the subject for ${key}`);
    return v;
  };
  const residualFen = residualValue(1, card.originalFen, 500);
  const monthly = suggestedMonthlyAmount({ originalFen: card.originalFen, residualFen, periods: card.periods, accumulatedFen: card.accumulatedFen });
  const body = saveAssetBody.parse({
    type: 1, name: card.name, unit: card.assetType === 104 ? '辆' : '台', spec: '', assetType: card.assetType, count: '1', transDate: card.transDate,
    depreciationMethod: 1, depreciationPeriods: card.periods, thisNext: 0, originalValue: fenToYuan(card.originalFen),
    initLjDepreciation: fenToYuan(card.accumulatedFen), amortizeAmount: fenToYuan(monthly), rmValueRate: '0.05', status: 1, remark: '',
    yzSubjectId: id('fixedAssets'), fySubjectId: id('depreciationExpense'), subjectId: id('depreciation'), comId: c.companyId, period: c.period,
  });
  await saveAsset(tx, c, body);
}

/**
 * The cards behind the opening 固定资产 / 累计折旧 balances (`balances` at the month start), entered in the first
 * month with vouchers; nothing when the company already has cards.
 */
export async function ensureOpeningCards(tx: Tx, d: DocCtx, period: string, balances: KeyAmounts): Promise<void> {
  const c = actorOf(d, period);
  if ((await listAssets(tx, { orgId: c.orgId, companyId: c.companyId })).length > 0) return;
  const original = balances.fixedAssets ?? 0;
  const accumulated = -(balances.depreciation ?? 0);
  if (original <= 0) return;
  const big = original >= 150_000 * 100;
  // Shares of the original value: a car for the larger companies, then computers and furniture.
  const parts: [string, number, number, number][] = big
    ? [['办公电脑及打印设备', 105, 36, 2500], ['办公家具', 103, 60, 2500], ['商务轿车', 104, 48, 5000]]
    : [['办公电脑及打印设备', 105, 36, 5500], ['办公家具', 103, 60, 4500]];
  const { year } = parsePeriod(period);
  let leftOriginal = original;
  let leftAccumulated = accumulated;
  for (const [i, [name, assetType, periods, share]] of parts.entries()) {
    const last = i === parts.length - 1;
    const originalFen = last ? leftOriginal : Math.round(applyRate(original, share) / 100) * 100;
    const accumulatedFen = last ? leftAccumulated : Math.round((accumulated * originalFen) / original);
    leftOriginal -= originalFen;
    leftAccumulated -= accumulatedFen;
    await enterCard(tx, d, c, { name, assetType, periods, originalFen, accumulatedFen, transDate: `${year - 2}-${String(3 + i * 2).padStart(2, '0')}-15` });
  }
}

/** Books the month's depreciation (jzAsset); a month with nothing due (no cards yet) is fine. */
export async function bookDepreciation(tx: Tx, d: DocCtx, period: string): Promise<void> {
  try {
    await jzAsset(tx, actorOf(d, period));
  } catch (e) {
    // Refused before it wrote anything, so the month's transaction goes on.
    if (!(e instanceof AppError && e.message === ASSET_API_MESSAGES.nothingToRun)) throw e;
  }
}

/** 全部到票 for a closed month; the open month gets 未到票 or 部分到票 with some items, by company. */
export async function seedTicketStatus(tx: Tx, d: DocCtx, period: string, closed: boolean, now: Date): Promise<void> {
  const c = actorOf(d, period);
  let status: TicketStatus = TICKET_STATUS.all;
  let items: TicketItem[] = [...TICKET_ITEMS];
  if (!closed) {
    const pick = nameHash(c.companyName) % 3;
    status = pick === 0 ? TICKET_STATUS.none : TICKET_STATUS.partial;
    items = pick === 0 ? [] : pick === 1 ? ['销项发票', '银行对账单'] : ['进项发票', '销项发票', '费用发票'];
  }
  await upsertTicketStatus(tx, { orgId: c.orgId, companyId: c.companyId, period, status, items, updatedBy: c.userId, now });
}
