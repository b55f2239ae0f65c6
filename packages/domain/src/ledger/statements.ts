/**
 * 资产负债表 and 利润表 from leaf balances and movements, evaluated with the line definitions (see
 * statement-definitions.ts). All amounts in fen.
 */
import { keySubjectCodes } from './chart';
import { referenceAccounts } from './chart-data';
import { convertCode, DEFAULT_CODE_LEVELS } from './code-scheme';
import { inDirection } from './balances';
import type { Direction, LedgerStandard, LedgerSubject } from './ledger-types';
import { statementDefinition, type StatementDefinition } from './statement-definitions';

/** Balance of a leaf (and auxiliary item) at a date, signed D−C. */
export interface LeafBalance {
  subjectId: number;
  fzhsItemId?: number;
  amount: number;
}

/** Movements of a leaf over a span, WITHOUT the carry-forward (close:pl / close:year) part. */
export interface LeafMovement {
  subjectId: number;
  debit: number;
  credit: number;
}

export interface BalanceSheetLine {
  lineNo: number | null;
  name: string;
  kind: 'heading' | 'accounts' | 'analysis' | 'total';
  side: 'assets' | 'liabilities_equity';
  isSubItem: boolean;
  endAmount: number;
  beginAmount: number;
}

export interface BalanceSheet {
  form: string;
  lines: BalanceSheetLine[];
  /** Total assets equal total liabilities and equity, in both columns. */
  balanced: boolean;
  totalAssets: { end: number; begin: number };
  totalLiabilitiesEquity: { end: number; begin: number };
}

export interface IncomeStatementLine {
  lineNo: number;
  name: string;
  kind: 'accounts' | 'detail' | 'total';
  yearAmount: number;
  periodAmount: number;
}

export interface IncomeStatement {
  form: string;
  lines: IncomeStatementLine[];
  /** Net profit line equals the net of all 损益 movements (credit − debit), in both columns. */
  netProfitMatches: boolean;
  netProfit: { year: number; period: number };
}

interface Context {
  standard: LedgerStandard;
  subjects: readonly LedgerSubject[];
  levels: readonly number[];
  byId: Map<number, LedgerSubject>;
}

function context(standard: LedgerStandard, subjects: readonly LedgerSubject[], codeLevels?: readonly number[]): Context {
  return { standard, subjects, levels: codeLevels ?? DEFAULT_CODE_LEVELS, byId: new Map(subjects.map((s) => [s.id, s])) };
}

/** The company code of a reference code (re-encoded when the account set uses another scheme). */
function companyCode(ctx: Context, referenceCode: string): string {
  return convertCode(referenceCode, DEFAULT_CODE_LEVELS, ctx.levels) ?? referenceCode;
}

/** Direction of an account: the company's subject of that code, else the reference chart's. */
function directionOf(ctx: Context, code: string, referenceCode: string): Direction {
  const own = ctx.subjects.find((s) => s.code === code);
  if (own) return own.direction;
  return referenceAccounts(ctx.standard).find((a) => a.code === referenceCode)?.direction ?? 1;
}

/** Formula 'L1+L2-L19' evaluated against computed lines (recursively for totals of totals). */
function evaluateFormula(formula: string, valueOf: (line: number) => number): number {
  const compact = formula.replace(/\s/g, '');
  if (!/^[+-]?L\d+([+-]L\d+)*$/.test(compact)) throw new Error(`报表公式无法识别: ${formula}`);
  let total = 0;
  for (const m of compact.matchAll(/([+-]?)L(\d+)/g)) {
    const v = valueOf(Number(m[2]));
    total += m[1] === '-' ? -v : v;
  }
  return total;
}

function resolveLines<T extends { line: number | null; kind: string; formula: string }>(
  defs: readonly T[],
  base: (def: T) => number,
): Map<number, number> {
  const byLine = new Map(defs.filter((d) => d.line !== null).map((d) => [d.line as number, d]));
  const values = new Map<number, number>();
  const visiting = new Set<number>();
  const valueOf = (line: number): number => {
    const known = values.get(line);
    if (known !== undefined) return known;
    const def = byLine.get(line);
    if (!def) throw new Error(`报表公式引用了不存在的行次: L${line}`);
    if (visiting.has(line)) throw new Error(`报表公式循环引用: L${line}`);
    visiting.add(line);
    const v = def.kind === 'total' ? evaluateFormula(def.formula, valueOf) : base(def);
    visiting.delete(line);
    values.set(line, v);
    return v;
  };
  for (const line of byLine.keys()) valueOf(line);
  return values;
}

function balanceColumn(
  ctx: Context,
  def: StatementDefinition,
  balances: readonly LeafBalance[],
): Map<number, number> {
  const rows = balances
    .map((b) => ({ amount: b.amount, subject: ctx.byId.get(b.subjectId) }))
    .filter((r): r is { amount: number; subject: LedgerSubject } => r.subject !== undefined);
  const profitCode = companyCode(ctx, keySubjectCodes(ctx.standard).profitThisYear);
  // Profit not yet carried to 本年利润 belongs to 未分配利润 (the JSON's note on line 51), so the sheet balances mid-month.
  const unclosedProfit = rows.filter((r) => r.subject.category === '损益').reduce((sum, r) => sum - r.amount, 0);
  return resolveLines(def.balanceSheet, (line) => {
    if (line.kind !== 'accounts') return 0;
    let total = 0;
    for (const term of line.terms) {
      const code = companyCode(ctx, term.account);
      const under = rows.filter((r) => r.subject.code.startsWith(code));
      let value: number;
      if (term.rule === 'balance') {
        value = inDirection(
          under.reduce((s, r) => s + r.amount, 0),
          directionOf(ctx, code, term.account),
        );
        if (code === profitCode) value += unclosedProfit;
      } else if (term.rule === 'debit_part') {
        value = under.reduce((s, r) => s + Math.max(r.amount, 0), 0);
      } else {
        value = under.reduce((s, r) => s + Math.max(-r.amount, 0), 0);
      }
      total += term.sign * value;
    }
    return total;
  });
}

export interface BalanceSheetInput {
  standard: LedgerStandard;
  subjects: readonly LedgerSubject[];
  /** Leaf balances at the end of the period. */
  end: readonly LeafBalance[];
  /** Leaf balances at the start of the year (年初余额; see yearStartBalances). */
  begin: readonly LeafBalance[];
  codeLevels?: readonly number[];
  /** Override the line definitions (tests, custom formats). */
  definition?: StatementDefinition;
}

/** 资产负债表: every line with its 期末余额 and 年初余额. */
export function evaluateBalanceSheet(input: BalanceSheetInput): BalanceSheet {
  const def = input.definition ?? statementDefinition(input.standard);
  const ctx = context(input.standard, input.subjects, input.codeLevels);
  const end = balanceColumn(ctx, def, input.end);
  const begin = balanceColumn(ctx, def, input.begin);
  const lines = def.balanceSheet.map((l) => ({
    lineNo: l.line,
    name: l.item,
    kind: l.kind,
    side: l.side,
    isSubItem: l.isSubItem,
    endAmount: l.line === null ? 0 : (end.get(l.line) ?? 0),
    beginAmount: l.line === null ? 0 : (begin.get(l.line) ?? 0),
  }));
  const totalAssets = { end: end.get(def.totalAssetsLine) ?? 0, begin: begin.get(def.totalAssetsLine) ?? 0 };
  const totalLiabilitiesEquity = {
    end: end.get(def.totalLiabilitiesEquityLine) ?? 0,
    begin: begin.get(def.totalLiabilitiesEquityLine) ?? 0,
  };
  return {
    form: def.form.balanceSheet,
    lines,
    balanced: totalAssets.end === totalLiabilitiesEquity.end && totalAssets.begin === totalLiabilitiesEquity.begin,
    totalAssets,
    totalLiabilitiesEquity,
  };
}

function incomeColumn(ctx: Context, def: StatementDefinition, movements: readonly LeafMovement[]): Map<number, number> {
  const rows = movements
    .map((m) => ({ net: m.debit - m.credit, subject: ctx.byId.get(m.subjectId) }))
    .filter((r): r is { net: number; subject: LedgerSubject } => r.subject !== undefined);
  return resolveLines(def.incomeStatement, (line) => {
    let total = 0;
    for (const term of line.terms) {
      const code = companyCode(ctx, term.account);
      // sign 1: 借−贷 (costs); sign −1: 贷−借 (income).
      total += term.sign * rows.filter((r) => r.subject.code.startsWith(code)).reduce((s, r) => s + r.net, 0);
    }
    return total;
  });
}

/** Net of the 损益 movements that belong in the income statement (以前年度损益调整 goes straight to equity). */
function profitOf(ctx: Context, movements: readonly LeafMovement[]): number {
  const prior = keySubjectCodes(ctx.standard).priorYearAdjustment;
  const priorCode = prior === null ? null : companyCode(ctx, prior);
  let total = 0;
  for (const m of movements) {
    const s = ctx.byId.get(m.subjectId);
    if (!s || s.category !== '损益' || (priorCode !== null && s.code.startsWith(priorCode))) continue;
    total += m.credit - m.debit;
  }
  return total;
}

export interface IncomeStatementInput {
  standard: LedgerStandard;
  subjects: readonly LedgerSubject[];
  /** Leaf movements of the month (本月金额), carry-forward vouchers excluded. */
  period: readonly LeafMovement[];
  /** Leaf movements from January to the month (本年累计金额), carry-forward vouchers excluded. */
  year: readonly LeafMovement[];
  codeLevels?: readonly number[];
  definition?: StatementDefinition;
}

/** 利润表: every line with its 本年累计金额 and 本月金额. */
export function evaluateIncomeStatement(input: IncomeStatementInput): IncomeStatement {
  const def = input.definition ?? statementDefinition(input.standard);
  const ctx = context(input.standard, input.subjects, input.codeLevels);
  const year = incomeColumn(ctx, def, input.year);
  const period = incomeColumn(ctx, def, input.period);
  const lines = def.incomeStatement.map((l) => ({
    lineNo: l.line,
    name: l.item,
    kind: l.kind,
    yearAmount: year.get(l.line) ?? 0,
    periodAmount: period.get(l.line) ?? 0,
  }));
  const netProfit = { year: year.get(def.netProfitLine) ?? 0, period: period.get(def.netProfitLine) ?? 0 };
  return {
    form: def.form.incomeStatement,
    lines,
    netProfit,
    netProfitMatches: netProfit.year === profitOf(ctx, input.year) && netProfit.period === profitOf(ctx, input.period),
  };
}
