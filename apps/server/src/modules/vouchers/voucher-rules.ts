import { validateVoucherInput } from '@dzy/domain/ledger/index';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/envelope';
import { loadFzhsItems } from '../books/subject-index';
import { subjectsForLines, type CompanyScope } from './vouchers.repo';

/** One entry line as callers hand it in: yuan amounts as strings or numbers, '' / null for an empty side. */
export interface VoucherWriteLine {
  summary: string;
  subjectId: number | null;
  fzhsId?: number | null;
  inAmount: string | number | null;
  outAmount: string | number | null;
}

export interface CheckedLine {
  summary: string;
  subjectId: number;
  /** 0 when the subject has no auxiliary accounting. */
  fzhsItemId: number;
  debitFen: number;
  creditFen: number;
}

export interface CheckedVoucher {
  lines: CheckedLine[];
  totalFen: number;
}

/**
 * Every voucher rule, the same for a save, a copy and a restore: the domain's validateVoucherInput (lines,
 * amounts, balance, date in the period, leaf / in-use / auxiliary-required subjects looked up in THIS company's
 * chart only; auxiliary items of this company, of the subject's category, in use). Blank grid rows are skipped.
 */
export async function checkVoucher(
  tx: Tx,
  scope: CompanyScope,
  input: { voucherDate: string; period: string; lines: VoucherWriteLine[] },
): Promise<CheckedVoucher> {
  const ids = (pick: (l: VoucherWriteLine) => number | null | undefined) =>
    [...new Set(input.lines.map(pick).filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0))];
  const subjectMap = await subjectsForLines(tx, scope, ids((l) => l.subjectId));
  const items = await loadFzhsItems(tx, { ...scope, ids: ids((l) => l.fzhsId) });
  const result = validateVoucherInput(
    { voucherDate: input.voucherDate, period: input.period, lines: input.lines },
    (subjectId) => subjectMap.get(subjectId),
    (fzhsId) => items.get(fzhsId),
  );
  if (!result.ok) throw badRequest(result.msg);
  return {
    lines: result.lines.map((l) => ({ summary: l.summary, subjectId: l.subjectId, fzhsItemId: l.fzhsId, debitFen: l.debitFen, creditFen: l.creditFen })),
    totalFen: result.totalFen,
  };
}
