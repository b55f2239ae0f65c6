import { validateVoucherInput } from '@dzy/domain/ledger/index';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/envelope';
import { loadFzhsItems } from '../books/subject-index';
import { subjectsForLines, type CompanyScope, type SubjectLookupRow } from './vouchers.repo';

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
  /** The lines' subjects when the caller already read them (saveVoucherTx: openWriteLedger). */
  subjects?: ReadonlyMap<number, SubjectLookupRow>,
): Promise<CheckedVoucher> {
  const subjectMap = subjects ?? (await subjectsForLines(tx, scope, lineIds(input.lines, (l) => l.subjectId)));
  const items = await loadFzhsItems(tx, { ...scope, ids: lineIds(input.lines, (l) => l.fzhsId) });
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

/** Largest id a database integer holds: a larger one cannot name a row (and must not reach an ::int cast). */
const MAX_ID = 2_147_483_647;

/** The distinct usable ids a field of the lines names (junk is left to the rules to refuse as unknown). */
export function lineIds(lines: readonly VoucherWriteLine[], pick: (l: VoucherWriteLine) => number | null | undefined): number[] {
  return [...new Set(lines.map(pick).filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= MAX_ID))];
}
