/**
 * One-click vouchers for bank lines not yet vouchered (issue 4 item 4): income lines debit the account's bound
 * 银行存款 subject, expense lines credit it; the other side comes from the line's bank business type (a book
 * setting or a subject found by name). Mode 1 (default) writes one voucher per line, mode 2 one per account and
 * business type. Each line keeps the voucher id; it stays locked while that voucher is live.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { BANK_MESSAGES, type CreateBankVoucherResult, type createBankVoucherBody } from '@dzy/domain/contracts/bank.contract';
import { periodOfDate } from '@dzy/domain/bank/index';
import { fenToYuan, numericToFen } from '@dzy/domain/ledger/index';
import type { Db, Tx } from '../../db/client';
import { fzhsItems } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { badRequest } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation, logOperations, type OperationEntry } from '../audit/operation-log.repo';
import { getBookSettings, requireSettings } from '../book-settings/book-settings.repo';
import { resolveBusinessTypes, subjectOfBusinessType, type ResolvedBusinessType } from '../business-types/business-types.repo';
import type { CompanyRow } from '../companies/company-visibility';
import { lastDayOf } from '../settle/settle.service';
import { listSubjects, type SubjectRow } from '../subjects/subjects.repo';
import { saveVoucherTx, type VoucherWriteLine } from '../vouchers/voucher-write.service';
import { listAccounts, listLines, lockLines, setLinesVouchers, type BankLineView } from './bank.repo';
import { isVouchered } from './bank-lines.service';

interface Plan {
  accountId: number;
  type: ResolvedBusinessType;
  lines: BankLineView[];
}

function summaryOf(prefix: string, l: BankLineView, bt: ResolvedBusinessType): string {
  const text = `${prefix}${l.summary !== '' ? l.summary : bt.name}${l.otherName !== '' ? ` ${l.otherName}` : ''}`;
  return text.slice(0, 200);
}

/** The other side's subject of a business type; a missing book setting answers the spec §8 message. */
function otherSubject(bt: ResolvedBusinessType, chart: readonly SubjectRow[], settings: Awaited<ReturnType<typeof getBookSettings>>): SubjectRow {
  const hit = subjectOfBusinessType(bt, chart, settings);
  if (hit.ok) return hit.subject;
  if (hit.missingSetting) requireSettings(settings, [hit.missingSetting]);
  if (bt.subjectId !== null || bt.setting) throw badRequest(`业务类型“${bt.name}”的科目不存在或不是启用的末级科目`);
  throw badRequest(`业务类型“${bt.name}”需要末级科目${(bt.path ?? []).join('-')}，请先在科目中设置`);
}

/** The counterparty as the auxiliary item of a subject that requires one (matched by name). */
async function fzhsFor(tx: Tx, k: { orgId: number; companyId: number }, s: SubjectRow, otherName: string): Promise<number | null> {
  if (s.fzhsCategoryId === null) return null;
  const rows = await tx
    .select({ id: fzhsItems.id })
    .from(fzhsItems)
    .where(and(eq(fzhsItems.orgId, k.orgId), eq(fzhsItems.companyId, k.companyId), eq(fzhsItems.categoryId, s.fzhsCategoryId), eq(fzhsItems.name, otherName), eq(fzhsItems.status, 1)))
    .limit(1);
  const hit = rows[0];
  if (!hit) throw badRequest(`科目${s.name}启用了辅助核算，请先添加往来单位“${otherName || '（空）'}”`);
  return hit.id;
}

export async function createBankVouchers(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof createBankVoucherBody>): Promise<CreateBankVoucherResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const candidates = v.ids ? await lockLines(tx, { ...k, ids: [...new Set(v.ids)] }) : await listLines(tx, { ...k, period: v.period });
    if (v.ids && candidates.length !== new Set(v.ids).size) throw badRequest(BANK_MESSAGES.lineNotFound);
    if (v.ids && candidates.some(isVouchered)) throw badRequest(BANK_MESSAGES.lineVouchered);
    const open = candidates.filter((l) => !isVouchered(l) && l.period === v.period && (v.ids !== undefined || l.businessType !== ''));
    if (open.length === 0) throw badRequest(BANK_MESSAGES.noUncovered);
    // Lock the chosen lines so two clicks cannot voucher one line twice.
    const locked = v.ids ? open : (await lockLines(tx, { ...k, ids: open.map((l) => l.id) })).filter((l) => !isVouchered(l));
    const [settings, chart, accounts] = await Promise.all([getBookSettings(tx, k), listSubjects(tx, k), listAccounts(tx, k)]);
    const merge = settings.values.bankVoucherMode === '2';
    const prefix = settings.values.bankSummaryPrefix;

    const types = await resolveBusinessTypes(tx, { ...k, groups: ['bank'] });
    const plans: Plan[] = [];
    for (const l of locked) {
      const bt = l.businessType === '' ? undefined : types.byRef(l.businessType);
      if (!bt) throw badRequest(BANK_MESSAGES.businessTypeRequired(`${l.transDate} ${fenToYuan(numericToFen(l.amount))}`));
      if (bt.direction !== l.type) throw badRequest(BANK_MESSAGES.businessTypeWrong);
      const same = merge ? plans.find((p) => p.accountId === l.bankAccountId && p.type.key === bt.key) : undefined;
      if (same) same.lines.push(l);
      else plans.push({ accountId: l.bankAccountId, type: bt, lines: [l] });
    }

    // The same counterparty recurs across thousands of lines: look its auxiliary item up once.
    const fzhsCache = new Map<string, number | null>();
    const fzhsOf = async (s: SubjectRow, otherName: string): Promise<number | null> => {
      const key = `${s.id}\u001f${otherName}`;
      const hit = fzhsCache.get(key);
      if (hit !== undefined) return hit;
      const found = await fzhsFor(tx, k, s, otherName);
      fzhsCache.set(key, found);
      return found;
    };
    const result: CreateBankVoucherResult = { vouchers: [] };
    // One '新增凭证' entry per voucher as before, written in one INSERT after the loop (same order, same tx).
    const voucherLogs: OperationEntry[] = [];
    for (const p of plans) {
      const account = accounts.find((x) => x.id === p.accountId);
      if (!account) throw badRequest(BANK_MESSAGES.accountNotFound);
      const other = otherSubject(p.type, chart, settings);
      const income = p.type.direction === 1;
      const lines: VoucherWriteLine[] = [];
      let total = 0;
      for (const l of p.lines) {
        const fen = numericToFen(l.amount);
        total += fen;
        const amount = fenToYuan(fen);
        lines.push({ summary: summaryOf(prefix, l, p.type), subjectId: other.id, fzhsId: await fzhsOf(other, l.otherName), inAmount: income ? '' : amount, outAmount: income ? amount : '' });
      }
      const first = p.lines[0];
      if (!first) continue;
      const bankLine: VoucherWriteLine = { summary: summaryOf(prefix, first, p.type), subjectId: account.subjectId, inAmount: income ? fenToYuan(total) : '', outAmount: income ? '' : fenToYuan(total) };
      // Bank side first for receipts, last for payments: the usual reading order of a bank voucher.
      const voucherLines = income ? [bankLine, ...lines] : [...lines, bankLine];
      const inPeriod = p.lines.map((l) => l.transDate).filter((d) => periodOfDate(d) === v.period).sort();
      const voucherDate = inPeriod[inPeriod.length - 1] ?? lastDayOf(v.period);
      const saved = await saveVoucherTx(
        tx,
        { ...k, userId: a.userId, cnName: a.user.cnName, companyName: company.name, period: v.period },
        { voucherWord: '记', voucherDate, billCount: p.lines.length, source: 'bank', lines: voucherLines },
        { logs: voucherLogs },
      );
      result.vouchers.push({ id: saved.id, voucherNo: saved.voucherNo, lineIds: p.lines.map((l) => l.id) });
    }
    await logOperations(tx, voucherLogs);
    await setLinesVouchers(tx, { ...k, assignments: result.vouchers.map((x) => ({ ids: x.lineIds, voucherId: x.id })) });
    await logOperation(tx, {
      orgId: a.orgId,
      userId: a.userId,
      cnName: a.user.cnName,
      companyId: company.id,
      companyName: company.name,
      period: v.period,
      method: '银行流水生成凭证',
      target: `bank-vouchers:${v.period}`,
      content: `生成凭证${result.vouchers.length}张，流水${locked.length}条`,
    });
    return result;
  });
}
