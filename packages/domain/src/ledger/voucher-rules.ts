/**
 * Voucher input rules (issue 3 §5), shared by the server (authoritative) and the entry page (early feedback).
 * Row numbers in messages are 1-based positions in the submitted list, so they match the grid the user sees;
 * rows left completely empty (no subject, no amounts, no summary) are skipped, as the entry grid has spare rows.
 */
import { MAX_AMOUNT_FEN, parseAmount } from './money';

export interface VoucherLineInput {
  summary?: string | null;
  subjectId?: number | string | null;
  fzhsId?: number | string | null;
  /** 借方 (debit) amount in yuan. */
  inAmount?: number | string | null;
  /** 贷方 (credit) amount in yuan. */
  outAmount?: number | string | null;
}

export interface VoucherInput {
  /** 'YYYY-MM-DD' */
  voucherDate: string;
  /** 'YYYYMM': the period the voucher is saved into. */
  period: string;
  lines: readonly VoucherLineInput[];
}

export interface SubjectForVoucher {
  code: string;
  name: string;
  isLeaf: boolean;
  /** 1 in use, 0 stopped. */
  status: number;
  fzhsCategoryId: number | null;
}

export interface FzhsItemForVoucher {
  categoryId: number;
  /** 1 in use, 0 stopped. */
  status: number;
}

export interface ValidVoucherLine {
  /** 1-based position in the submitted list. */
  rowNo: number;
  summary: string;
  subjectId: number;
  /** 0 = none. */
  fzhsId: number;
  debitFen: number;
  creditFen: number;
}

export type VoucherCheck = { ok: true; lines: ValidVoucherLine[]; totalFen: number } | { ok: false; msg: string };

export const SUMMARY_MAX_LENGTH = 200;

function fail(msg: string): { ok: false; msg: string } {
  return { ok: false, msg };
}

function toId(value: number | string | null | undefined): number | null | 'bad' {
  if (value === null || value === undefined || value === '' || value === 0 || value === '0') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : 'bad';
}

function isBlankAmount(value: number | string | null | undefined): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function isBlankRow(line: VoucherLineInput): boolean {
  return (
    toId(line.subjectId) === null &&
    isBlankAmount(line.inAmount) &&
    isBlankAmount(line.outAmount) &&
    !(line.summary ?? '').trim()
  );
}

/** Whether 'YYYY-MM-DD' is a real calendar date inside the 'YYYYMM' period. */
export function isDateInPeriod(date: string, period: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m || !/^\d{6}$/.test(period)) return false;
  const [, y, mo, d] = m;
  const day = Number(d);
  const lastDay = new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate();
  return `${y}${mo}` === period && day >= 1 && day <= lastDay && Number(mo) >= 1 && Number(mo) <= 12;
}

/**
 * Checks a voucher and returns its lines in fen, or the first problem as a Chinese message:
 * 凭证日期不在当前会计期间 · 凭证至少需要两条分录 · 第N行请选择科目 · 第N行科目不存在 · 第N行科目「code name」不是末级科目 ·
 * 第N行科目「…」已停用 · 第N行科目「…」需要选择辅助核算 · 第N行辅助核算项目不存在 / 已停用 · 第N行摘要不能超过200个字符 ·
 * 金额格式不正确 · 金额最多两位小数 · 金额超出范围 · 凭证金额不能为0 · 第N行请输入金额 · 第N行借贷方金额只能填写一方 ·
 * 第N行金额不能为负数 · 借贷不平衡.
 */
export function validateVoucherInput(
  input: VoucherInput,
  lookup: (subjectId: number) => SubjectForVoucher | undefined,
  fzhsLookup?: (fzhsId: number) => FzhsItemForVoucher | undefined,
): VoucherCheck {
  if (!isDateInPeriod(input.voucherDate, input.period)) return fail('凭证日期不在当前会计期间');

  const rows = input.lines.map((line, i) => ({ line, rowNo: i + 1 })).filter((r) => !isBlankRow(r.line));
  if (rows.length < 2) return fail('凭证至少需要两条分录');

  // Amounts first as a whole: a voucher without any amount gets one message, not one per row.
  const amounts: { debit: number; credit: number }[] = [];
  for (const { line } of rows) {
    const debit = parseAmount(line.inAmount);
    if (!debit.ok) return fail(debit.msg);
    const credit = parseAmount(line.outAmount);
    if (!credit.ok) return fail(credit.msg);
    amounts.push({ debit: debit.fen, credit: credit.fen });
  }
  if (amounts.every((a) => a.debit === 0 && a.credit === 0)) return fail('凭证金额不能为0');

  const lines: ValidVoucherLine[] = [];
  let debitTotal = 0;
  let creditTotal = 0;
  for (let i = 0; i < rows.length; i++) {
    const { line, rowNo } = rows[i] as (typeof rows)[number];
    const { debit, credit } = amounts[i] as (typeof amounts)[number];
    const at = `第${rowNo}行`;
    const subjectId = toId(line.subjectId);
    if (subjectId === null) return fail(`${at}请选择科目`);
    const subject = subjectId === 'bad' ? undefined : lookup(subjectId);
    if (subjectId === 'bad' || !subject) return fail(`${at}科目不存在`);
    const label = `${subject.code} ${subject.name}`;
    if (!subject.isLeaf) return fail(`${at}科目「${label}」不是末级科目`);
    if (subject.status !== 1) return fail(`${at}科目「${label}」已停用`);
    let fzhsId = 0;
    if (subject.fzhsCategoryId) {
      const id = toId(line.fzhsId);
      if (id === null) return fail(`${at}科目「${label}」需要选择辅助核算`);
      if (fzhsLookup) {
        const item = id === 'bad' ? undefined : fzhsLookup(id);
        if (!item || item.categoryId !== subject.fzhsCategoryId) return fail(`${at}辅助核算项目不存在`);
        if (item.status !== 1) return fail(`${at}辅助核算项目已停用`);
      } else if (id === 'bad') {
        return fail(`${at}辅助核算项目不存在`);
      }
      fzhsId = id === 'bad' ? 0 : id;
    }
    const summary = (line.summary ?? '').trim();
    if (summary.length > SUMMARY_MAX_LENGTH) return fail(`${at}摘要不能超过${SUMMARY_MAX_LENGTH}个字符`);
    if (debit === 0 && credit === 0) return fail(`${at}请输入金额`);
    if (debit !== 0 && credit !== 0) return fail(`${at}借贷方金额只能填写一方`);
    if (debit < 0 || credit < 0) return fail(`${at}金额不能为负数`);
    debitTotal += debit;
    creditTotal += credit;
    lines.push({ rowNo, summary, subjectId, fzhsId, debitFen: debit, creditFen: credit });
  }
  if (debitTotal >= MAX_AMOUNT_FEN || creditTotal >= MAX_AMOUNT_FEN) return fail('金额超出范围');
  if (debitTotal !== creditTotal) return fail('借贷不平衡');
  return { ok: true, lines, totalFen: debitTotal };
}
