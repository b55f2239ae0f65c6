/**
 * Finding the company subjects closing vouchers post to, and the shape of the lines they produce. Subjects are
 * found by their reference code (re-encoded into the account set's scheme); a closing voucher may only post to a
 * leaf, so a missing or non-leaf target is reported with a Chinese message instead of a voucher.
 */
import { keySubjectCodes, type KeySubjectCodes } from './chart';
import { convertCode, DEFAULT_CODE_LEVELS } from './code-scheme';
import type { LedgerStandard, LedgerSubject } from './ledger-types';

export interface ClosingLine {
  summary: string;
  subjectId: number;
  /** 0 = none. */
  fzhsItemId: number;
  debitFen: number;
  creditFen: number;
}

export type ClosingResult = { ok: true; lines: ClosingLine[] } | { ok: false; msg: string };

export interface ClosingContext {
  standard: LedgerStandard;
  subjects: readonly LedgerSubject[];
  codeLevels?: readonly number[];
}

export class ClosingError extends Error {}

export interface Resolver {
  keys: KeySubjectCodes;
  byId: Map<number, LedgerSubject>;
  code(referenceCode: string): string;
  /** The company subject of a reference code; `leaf` demands a leaf. Throws ClosingError with the message. */
  subject(referenceCode: string, label: string, leaf?: boolean): LedgerSubject;
  /** The subject, or undefined when the company does not have it. */
  maybe(referenceCode: string): LedgerSubject | undefined;
}

export function resolver(ctx: ClosingContext): Resolver {
  const levels = ctx.codeLevels ?? DEFAULT_CODE_LEVELS;
  const byCode = new Map(ctx.subjects.map((s) => [s.code, s]));
  const code = (referenceCode: string) => convertCode(referenceCode, DEFAULT_CODE_LEVELS, levels) ?? referenceCode;
  return {
    keys: keySubjectCodes(ctx.standard),
    byId: new Map(ctx.subjects.map((s) => [s.id, s])),
    code,
    maybe: (referenceCode) => byCode.get(code(referenceCode)),
    subject(referenceCode, label, leaf = true) {
      const s = byCode.get(code(referenceCode));
      if (!s) throw new ClosingError(`未找到科目「${label}」（${code(referenceCode)}），请先在科目设置中添加`);
      if (leaf && !s.isLeaf) throw new ClosingError(`科目「${s.code} ${s.name}」不是末级科目，无法生成凭证`);
      return s;
    },
  };
}

/** Runs a builder and turns a ClosingError into { ok: false, msg }. */
export function closing(build: () => ClosingLine[]): ClosingResult {
  try {
    return { ok: true, lines: build() };
  } catch (e) {
    if (e instanceof ClosingError) return { ok: false, msg: e.message };
    throw e;
  }
}

/** A line moving `amount` (signed D−C balance) off a subject: a debit balance is credited and vice versa. */
export function clearingLine(summary: string, subjectId: number, fzhsItemId: number, amount: number): ClosingLine {
  return amount > 0
    ? { summary, subjectId, fzhsItemId, debitFen: 0, creditFen: amount }
    : { summary, subjectId, fzhsItemId, debitFen: -amount, creditFen: 0 };
}

/** A line receiving `amount` (signed: positive posts a debit). */
export function postingLine(summary: string, subjectId: number, amount: number): ClosingLine {
  return amount > 0
    ? { summary, subjectId, fzhsItemId: 0, debitFen: amount, creditFen: 0 }
    : { summary, subjectId, fzhsItemId: 0, debitFen: 0, creditFen: -amount };
}
