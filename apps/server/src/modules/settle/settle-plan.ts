/**
 * The carry-forward vouchers a month-end close generates, computed in closing order on an in-memory copy of the
 * period-end balances, each step seeing the vouchers of the steps before it (the 附加税 base includes this
 * month's 结转未交增值税; 结转损益 includes the 附加税 just accrued; December's 年末结转 follows 结转损益).
 * The status page shows this plan and the close writes exactly it, so the preview never differs from the result.
 */
import { CLOSE_SOURCE_NAMES, type CloseSource } from '@dzy/domain/contracts/settle.contract';
import {
  profitAndLossCarryForward,
  surtaxAccrual,
  surtaxBase,
  surtaxVoucherLines,
  vatCarryForward,
  yearEndCarryForward,
  movementKey,
  fenToYuan,
  type ClosingLine,
  type LedgerStandard,
  type LedgerSubject,
  type TaxpayerType,
} from '@dzy/domain/ledger/index';
import { parsePeriod } from '@dzy/domain/period/period';

export interface LeafAmount {
  subjectId: number;
  fzhsItemId: number;
  amount: number;
}

export interface LeafMonthMovement {
  subjectId: number;
  fzhsItemId: number;
  debit: number;
  credit: number;
}

export interface ClosePlanInput {
  standard: LedgerStandard;
  codeLevels: readonly number[];
  subjects: readonly LedgerSubject[];
  taxpayerType: TaxpayerType;
  period: string;
  /** The company's district code (城建税 tier; see surtaxAccrual). */
  district: string;
  /** jzsy '2' (损益按年结转): 结转损益 only in December. */
  yearlyProfitCarry: boolean;
  /** Signed D−C per leaf and item at the period end, without any carry-forward voucher of this period. */
  balances: readonly LeafAmount[];
  /** The period's movements per leaf and item, without any carry-forward voucher of this period. */
  movements: readonly LeafMonthMovement[];
}

export interface PlannedVoucher {
  source: CloseSource;
  name: string;
  ok: boolean;
  /** Why it cannot be generated (ok false). */
  msg: string;
  lines: ClosingLine[];
  totalFen: number;
  notes: string[];
}

const REVENUE_ACCOUNTS = ['主营业务收入', '其他业务收入'];

/** The month's sales (revenue credits less debits), for the 财税〔2016〕12号 two-fee exemption. */
function monthSales(subjects: readonly LedgerSubject[], movements: readonly LeafMonthMovement[]): number {
  const roots = subjects.filter((s) => s.level === 1 && REVENUE_ACCOUNTS.includes(s.name)).map((s) => s.code);
  const byId = new Map(subjects.map((s) => [s.id, s]));
  return movements.reduce((sum, m) => {
    const code = byId.get(m.subjectId)?.code ?? '';
    return roots.some((r) => code.startsWith(r)) ? sum + m.credit - m.debit : sum;
  }, 0);
}

class LedgerState {
  readonly balances = new Map<string, LeafAmount>();
  readonly movements = new Map<string, LeafMonthMovement>();

  constructor(balances: readonly LeafAmount[], movements: readonly LeafMonthMovement[]) {
    for (const b of balances) this.balances.set(movementKey(b.subjectId, b.fzhsItemId), { ...b });
    for (const m of movements) this.movements.set(movementKey(m.subjectId, m.fzhsItemId), { ...m });
  }

  apply(lines: readonly ClosingLine[]): void {
    for (const l of lines) {
      const key = movementKey(l.subjectId, l.fzhsItemId);
      const b = this.balances.get(key) ?? { subjectId: l.subjectId, fzhsItemId: l.fzhsItemId, amount: 0 };
      b.amount += l.debitFen - l.creditFen;
      this.balances.set(key, b);
      const m = this.movements.get(key) ?? { subjectId: l.subjectId, fzhsItemId: l.fzhsItemId, debit: 0, credit: 0 };
      m.debit += l.debitFen;
      m.credit += l.creditFen;
      this.movements.set(key, m);
    }
  }

  balanceList(): LeafAmount[] {
    return [...this.balances.values()].filter((b) => b.amount !== 0);
  }

  movementList(): LeafMonthMovement[] {
    return [...this.movements.values()];
  }
}

function planned(source: CloseSource, r: { ok: true; lines: ClosingLine[] } | { ok: false; msg: string }, notes: string[] = []): PlannedVoucher {
  if (!r.ok) return { source, name: CLOSE_SOURCE_NAMES[source], ok: false, msg: r.msg, lines: [], totalFen: 0, notes };
  const totalFen = r.lines.reduce((s, l) => s + l.debitFen, 0);
  return { source, name: CLOSE_SOURCE_NAMES[source], ok: true, msg: '', lines: r.lines, totalFen, notes };
}

/**
 * The carry-forward vouchers of the period, in the order they are written. A step with nothing to carry is left
 * out; a step that cannot be generated (a missing or non-leaf target subject) is kept with ok false and its
 * message, and the later steps are computed without it.
 */
export function planClose(input: ClosePlanInput): PlannedVoucher[] {
  const ctx = { standard: input.standard, subjects: input.subjects, codeLevels: input.codeLevels };
  const state = new LedgerState(input.balances, input.movements);
  const december = parsePeriod(input.period).month === 12;
  const out: PlannedVoucher[] = [];
  const add = (p: PlannedVoucher) => {
    if (!p.ok || p.lines.length > 0) out.push(p);
    if (p.ok) state.apply(p.lines);
  };

  if (input.taxpayerType === '2') {
    const vat = vatCarryForward({ ...ctx, balances: state.balanceList() });
    const notes = vat.ok && vat.creditCarriedFen > 0 ? [`留抵税额 ${fenToYuan(vat.creditCarriedFen)} 元结转下期`] : [];
    add(planned('close:vat', vat, vat.ok ? [`本月应交增值税 ${fenToYuan(vat.payableFen)} 元`, ...notes] : []));
  }

  const base = surtaxBase({ ...ctx, taxpayerType: input.taxpayerType, movements: state.movementList() });
  if (base > 0) {
    const accrual = surtaxAccrual({
      vatPayableFen: base,
      taxpayerType: input.taxpayerType,
      period: input.period,
      region: input.district,
      salesFen: monthSales(input.subjects, input.movements),
      filing: 'month',
    });
    if (accrual.totalFen > 0) {
      const rates = accrual.items.map((i) => `${i.name} ${fenToYuan(i.amountFen)} 元`).join('，');
      add(planned('close:surtax', surtaxVoucherLines({ ...ctx, accrual }), [`计税依据 ${fenToYuan(base)} 元：${rates}`, ...accrual.notes]));
    }
  }

  if (!input.yearlyProfitCarry || december) {
    add(planned('close:pl', profitAndLossCarryForward({ ...ctx, balances: state.balanceList() })));
  }
  if (december) add(planned('close:year', yearEndCarryForward({ ...ctx, balances: state.balanceList() })));
  return out;
}
