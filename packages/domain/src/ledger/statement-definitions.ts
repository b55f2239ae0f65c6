/**
 * Statement line definitions: 会小企01/02表 from the verbatim reference JSON, and our simplified 企业会计准则
 * statements (data/statements-enterprise.json, same schema). Parsed once into typed records; a malformed file
 * fails at import time rather than producing wrong figures.
 */
import smallData from './data/statements-small-enterprise.json';
import enterpriseData from './data/statements-enterprise.json';
import type { LedgerStandard } from './ledger-types';

export type BalanceRule = 'balance' | 'debit_part' | 'credit_part';
export type Sign = 1 | -1;

export interface BalanceSheetTerm {
  account: string;
  rule: BalanceRule;
  sign: Sign;
}

export interface BalanceSheetLineDef {
  side: 'assets' | 'liabilities_equity';
  item: string;
  line: number | null;
  kind: 'heading' | 'accounts' | 'analysis' | 'total';
  terms: BalanceSheetTerm[];
  formula: string;
  isSubItem: boolean;
}

export interface IncomeTerm {
  account: string;
  sign: Sign;
}

export interface IncomeLineDef {
  item: string;
  line: number;
  kind: 'accounts' | 'detail' | 'total';
  /** For kind 'detail', the convention accounts with the line's sign. */
  terms: IncomeTerm[];
  formula: string;
}

export interface StatementDefinition {
  form: { balanceSheet: string; incomeStatement: string };
  balanceSheet: BalanceSheetLineDef[];
  incomeStatement: IncomeLineDef[];
  /** Line numbers the checks compare: total assets vs total liabilities and equity; net profit. */
  totalAssetsLine: number;
  totalLiabilitiesEquityLine: number;
  netProfitLine: number;
}

interface RawTerm {
  account: string;
  rule?: string;
  sign: number;
}

interface RawBsLine {
  side: string;
  item: string;
  line: number | null;
  kind: string;
  terms?: RawTerm[];
  formula?: string;
  is_sub_item?: boolean;
}

interface RawIsLine {
  item: string;
  line: number;
  kind: string;
  terms?: RawTerm[];
  formula?: string;
  convention_accounts?: string[];
  sign?: number;
}

interface RawStatements {
  balance_sheet: { form: string; lines: RawBsLine[] };
  income_statement: { form: string; lines: RawIsLine[] };
}

function bad(what: string): never {
  throw new Error(`报表定义数据有误: ${what}`);
}

function sign(value: number | undefined, where: string): Sign {
  if (value === 1 || value === -1) return value;
  return bad(`${where} 的 sign 为 ${String(value)}`);
}

function rule(value: string | undefined, where: string): BalanceRule {
  if (value === 'balance' || value === 'debit_part' || value === 'credit_part') return value;
  return bad(`${where} 的 rule 为 ${String(value)}`);
}

function parseBalanceSheet(lines: readonly RawBsLine[]): BalanceSheetLineDef[] {
  return lines.map((l) => {
    const where = `资产负债表「${l.item}」`;
    if (l.side !== 'assets' && l.side !== 'liabilities_equity') bad(`${where} 的 side`);
    if (l.kind !== 'heading' && l.kind !== 'accounts' && l.kind !== 'analysis' && l.kind !== 'total') bad(`${where} 的 kind`);
    if (l.kind !== 'heading' && l.line === null) bad(`${where} 缺少行次`);
    if (l.kind === 'total' && !l.formula) bad(`${where} 缺少公式`);
    return {
      side: l.side,
      item: l.item,
      line: l.line,
      kind: l.kind,
      terms: (l.terms ?? []).map((t) => ({ account: t.account, rule: rule(t.rule, where), sign: sign(t.sign, where) })),
      formula: l.formula ?? '',
      isSubItem: l.is_sub_item ?? false,
    };
  });
}

function parseIncomeStatement(lines: readonly RawIsLine[]): IncomeLineDef[] {
  return lines.map((l) => {
    const where = `利润表「${l.item}」`;
    if (l.kind !== 'accounts' && l.kind !== 'detail' && l.kind !== 'total') bad(`${where} 的 kind`);
    if (l.kind === 'total' && !l.formula) bad(`${where} 缺少公式`);
    const terms =
      l.kind === 'detail'
        ? (l.convention_accounts ?? []).map((account) => ({ account, sign: sign(l.sign, where) }))
        : (l.terms ?? []).map((t) => ({ account: t.account, sign: sign(t.sign, where) }));
    return { item: l.item, line: l.line, kind: l.kind, terms, formula: l.formula ?? '' };
  });
}

function lastLine(lines: readonly { line: number | null }[]): number {
  return lines.reduce((max, l) => Math.max(max, l.line ?? 0), 0);
}

function parse(raw: RawStatements): StatementDefinition {
  const balanceSheet = parseBalanceSheet(raw.balance_sheet.lines);
  const incomeStatement = parseIncomeStatement(raw.income_statement.lines);
  return {
    form: { balanceSheet: raw.balance_sheet.form, incomeStatement: raw.income_statement.form },
    balanceSheet,
    incomeStatement,
    totalAssetsLine: lastLine(balanceSheet.filter((l) => l.side === 'assets')),
    totalLiabilitiesEquityLine: lastLine(balanceSheet),
    netProfitLine: lastLine(incomeStatement),
  };
}

const DEFINITIONS: Record<LedgerStandard, StatementDefinition> = {
  small: parse(smallData),
  enterprise: parse(enterpriseData),
};

export function statementDefinition(standard: LedgerStandard): StatementDefinition {
  return DEFINITIONS[standard];
}
