/**
 * Month-end and year-end carry-forward lines (结转损益, 年末结转本年利润, 结转未交增值税). Each function returns the
 * lines of one normal voucher (empty when there is nothing to carry) or a Chinese message. Amounts are never
 * negative: the database refuses negative lines, so a balance on the unusual side is cleared from the other side.
 */
import type { LeafBalance } from './statements';
import {
  clearingLine,
  closing,
  postingLine,
  resolver,
  type ClosingContext,
  type ClosingLine,
  type ClosingResult,
  type Resolver,
} from './closing-subjects';

export interface CarryForwardInput extends ClosingContext {
  /** Leaf balances (signed D−C) at the end of the period, before this carry-forward. */
  balances: readonly LeafBalance[];
  summary?: string;
}

function rowsUnder(r: Resolver, balances: readonly LeafBalance[], referenceCode: string) {
  const code = r.code(referenceCode);
  return balances
    .map((b) => ({ ...b, subject: r.byId.get(b.subjectId) }))
    .filter((b) => b.subject !== undefined && b.subject.code.startsWith(code) && b.amount !== 0);
}

/**
 * 结转损益: every 损益 leaf (and auxiliary item) with a balance is cleared into 本年利润 — income accounts are
 * debited, expense accounts credited — with one 本年利润 line for the income total and one for the expense total.
 * 以前年度损益调整 (企业会计准则) is cleared into 利润分配—未分配利润 instead, as the enterprise guide requires.
 */
export function profitAndLossCarryForward(input: CarryForwardInput): ClosingResult {
  const summary = input.summary ?? '结转本期损益';
  return closing(() => {
    const r = resolver(input);
    const priorCode = r.keys.priorYearAdjustment === null ? null : r.code(r.keys.priorYearAdjustment);
    const pl = input.balances
      .map((b) => ({ ...b, subject: r.byId.get(b.subjectId) }))
      .filter((b) => b.subject?.category === '损益' && b.amount !== 0)
      .sort((a, b) => (a.subject?.code ?? '').localeCompare(b.subject?.code ?? ''));
    if (pl.length === 0) return [];
    const regular = pl.filter((b) => priorCode === null || !(b.subject?.code ?? '').startsWith(priorCode));
    const prior = pl.filter((b) => !regular.includes(b));
    const lines: ClosingLine[] = [];
    if (regular.length > 0) {
      const profit = r.subject(r.keys.profitThisYear, '本年利润');
      const clear = regular.map((b) => clearingLine(summary, b.subjectId, b.fzhsItemId ?? 0, b.amount));
      const incomeSide = clear.filter((l) => l.debitFen > 0);
      const expenseSide = clear.filter((l) => l.creditFen > 0);
      const incomeTotal = incomeSide.reduce((s, l) => s + l.debitFen, 0);
      const expenseTotal = expenseSide.reduce((s, l) => s + l.creditFen, 0);
      lines.push(...incomeSide);
      if (incomeTotal > 0) lines.push(postingLine(summary, profit.id, -incomeTotal));
      if (expenseTotal > 0) lines.push(postingLine(summary, profit.id, expenseTotal));
      lines.push(...expenseSide);
    }
    if (prior.length > 0) {
      const target = r.subject(r.keys.undistributedProfit, '利润分配-未分配利润');
      for (const b of prior) {
        lines.push(clearingLine(summary, b.subjectId, b.fzhsItemId ?? 0, b.amount));
        lines.push(postingLine(summary, target.id, b.amount));
      }
    }
    return lines;
  });
}

/**
 * 年末结转: 本年利润 into 利润分配—未分配利润, then every other 利润分配 detail (提取盈余公积, 应付利润, …) into
 * 未分配利润, so that at year-end only 未分配利润 keeps a balance. Run after December's 结转损益.
 */
export function yearEndCarryForward(input: CarryForwardInput): ClosingResult {
  const summary = input.summary ?? '结转本年利润';
  return closing(() => {
    const r = resolver(input);
    const lines: ClosingLine[] = [];
    const profitRows = rowsUnder(r, input.balances, r.keys.profitThisYear);
    const distributionRows = rowsUnder(r, input.balances, r.keys.profitDistribution);
    const undistributedCode = r.code(r.keys.undistributedProfit);
    const details = distributionRows.filter((b) => !(b.subject?.code ?? '').startsWith(undistributedCode));
    if (profitRows.length === 0 && details.length === 0) return [];
    const target = r.subject(r.keys.undistributedProfit, '利润分配-未分配利润');
    for (const b of profitRows) {
      lines.push(clearingLine(summary, b.subjectId, b.fzhsItemId ?? 0, b.amount));
      lines.push(postingLine(summary, target.id, b.amount));
    }
    for (const b of details) {
      lines.push(clearingLine('结转利润分配明细', b.subjectId, b.fzhsItemId ?? 0, b.amount));
      lines.push(postingLine('结转利润分配明细', target.id, b.amount));
    }
    return lines;
  });
}

export type VatCarryForwardResult =
  | { ok: true; lines: ClosingLine[]; payableFen: number; creditCarriedFen: number }
  | { ok: false; msg: string };

/**
 * 结转未交增值税 (general taxpayer, 财会〔2016〕22号): the balance of 应交税费—应交增值税 and its columns (销项税额 −
 * 进项税额 + 进项税额转出 − 已交税金 − 减免税款 …) is the month's VAT still owed once it lies on the credit side;
 * it moves by 借 应交增值税（转出未交增值税） / 贷 未交增值税. A debit balance is input VAT carried forward (留抵) and
 * stays. A small-scale taxpayer's 应交增值税 is a leaf without columns: nothing to move.
 */
export function vatCarryForward(input: CarryForwardInput): VatCarryForwardResult {
  const summary = input.summary ?? '结转本月未交增值税';
  let payableFen = 0;
  let creditCarriedFen = 0;
  const result = closing(() => {
    const r = resolver(input);
    const vat = r.subject(r.keys.vat, '应交税费-应交增值税', false);
    if (vat.isLeaf) return [];
    const balance = rowsUnder(r, input.balances, r.keys.vat).reduce((s, b) => s + b.amount, 0);
    if (balance >= 0) {
      creditCarriedFen = balance;
      return [];
    }
    payableFen = -balance;
    const transferOut = r.subject(r.keys.vatTransferOutUnpaid, '应交增值税-转出未交增值税');
    const unpaid = r.subject(r.keys.vatUnpaid, '应交税费-未交增值税');
    return [postingLine(summary, transferOut.id, payableFen), postingLine(summary, unpaid.id, -payableFen)];
  });
  return result.ok ? { ...result, payableFen, creditCarriedFen } : result;
}
