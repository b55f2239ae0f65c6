/** 辅助核算余额表 and 辅助核算明细账: the balance tables and lines of one auxiliary category / item. */
import { and, eq } from 'drizzle-orm';
import type { FzhsBalanceResult, FzhsBalanceRow, FzhsDetailResult } from '@dzy/domain/contracts/books.contract';
import { balanceSides, closingBalance, leafRowsForRange } from '@dzy/domain/ledger/index';
import { parsePeriod } from '@dzy/domain/period/period';
import type { Tx } from '../../db/client';
import { fzhsCategories } from '../../db/schema';
import { notFound } from '../../http/envelope';
import { requireAccountSet } from '../vouchers/ledger-guards';
import { bucketedMovements, openingAmounts, type CompanyKey } from './balances.repo';
import { buildLedger, ledgerFigures, linesFor, publicRow, windowOf, yuan } from './ledger-rows';
import { loadFzhsItems, loadSubjectIndex, subtreeIds } from './subject-index';

export interface FzhsBalanceQuery {
  categoryId: number;
  subjectId?: number | null;
  beginPeriod: string;
  endPeriod: string;
  hideZero?: boolean;
}

interface Figures {
  beginDebit: number;
  beginCredit: number;
  debit: number;
  credit: number;
  endDebit: number;
  endCredit: number;
  yearDebit: number;
  yearCredit: number;
}

/** 辅助核算余额表: one row per item and subject (opening, period, closing, year-to-date) and a 合计 row. */
export async function fzhsBalance(tx: Tx, k: CompanyKey, q: FzhsBalanceQuery): Promise<FzhsBalanceResult> {
  const set = await requireAccountSet(tx, k);
  const [category] = await tx
    .select({ id: fzhsCategories.id })
    .from(fzhsCategories)
    .where(and(eq(fzhsCategories.orgId, k.orgId), eq(fzhsCategories.companyId, k.companyId), eq(fzhsCategories.id, q.categoryId)))
    .limit(1);
  if (!category) throw notFound('辅助核算类别不存在');
  const w = windowOf(set.startPeriod, q.beginPeriod, q.endPeriod);
  const index = await loadSubjectIndex(tx, k);
  const items = new Map([...(await loadFzhsItems(tx, k)).values()].filter((i) => i.categoryId === q.categoryId).map((i) => [i.id, i]));
  const subjectIds = q.subjectId ? subtreeIds(index, q.subjectId) : undefined;
  const yearStart = `${parsePeriod(w.end).year}01`;
  const openings = (await openingAmounts(tx, { ...k, subjectIds })).filter((o) => items.has(o.fzhsItemId));
  const movements = (await bucketedMovements(tx, { ...k, subjectIds, fromPeriod: set.startPeriod, toPeriod: w.end, cuts: [w.begin, yearStart] })).filter((m) =>
    items.has(m.fzhsItemId),
  );
  const leafRows = leafRowsForRange({ startPeriod: set.startPeriod, beginPeriod: w.begin, endPeriod: w.end, openings, movements });
  const total: Figures = { beginDebit: 0, beginCredit: 0, debit: 0, credit: 0, endDebit: 0, endCredit: 0, yearDebit: 0, yearCredit: 0 };
  const rows: (Figures & { fzhsId: number; subjectId: number })[] = [];
  for (const r of leafRows) {
    const opening = r.opening ?? 0;
    const move = { debit: r.debit ?? 0, credit: r.credit ?? 0 };
    const begin = balanceSides(opening);
    const end = balanceSides(closingBalance(opening, move));
    const f: Figures = {
      beginDebit: begin.debit,
      beginCredit: begin.credit,
      ...move,
      endDebit: end.debit,
      endCredit: end.credit,
      yearDebit: r.yearDebit ?? 0,
      yearCredit: r.yearCredit ?? 0,
    };
    if (q.hideZero && Object.values(f).every((x) => x === 0)) continue;
    for (const key of Object.keys(total) as (keyof Figures)[]) total[key] += f[key];
    rows.push({ ...f, fzhsId: r.fzhsItemId ?? 0, subjectId: r.subjectId });
  }
  const yuanOf = (f: Figures) => Object.fromEntries(Object.entries(f).map(([key, v]) => [key, yuan(v)])) as Record<keyof Figures, string>;
  const list: FzhsBalanceRow[] = rows
    .map((r) => {
      const item = items.get(r.fzhsId);
      const s = index.byId.get(r.subjectId);
      const { fzhsId, subjectId, ...figures } = r;
      return {
        fzhsId,
        fzhsCode: item?.code ?? '',
        fzhsName: item?.name ?? '',
        subjectId,
        code: s?.code ?? '',
        name: s?.name3 ?? '',
        direction: s?.direction ?? 1,
        ...yuanOf(figures),
      };
    })
    .sort((a, b) => a.fzhsCode.localeCompare(b.fzhsCode) || a.code.localeCompare(b.code));
  return {
    list,
    total: { fzhsId: null, fzhsCode: '', fzhsName: '合计', subjectId: null, code: '', name: '', direction: 1, ...yuanOf(total) },
  };
}

export interface FzhsDetailQuery {
  fzhsId: number;
  subjectId?: number | null;
  beginPeriod: string;
  endPeriod: string;
}

/** 辅助核算明细账: the lines of one item (on every subject, or one subject's subtree) with the running balance. */
export async function fzhsDetail(tx: Tx, k: CompanyKey, q: FzhsDetailQuery): Promise<FzhsDetailResult> {
  const set = await requireAccountSet(tx, k);
  const item = (await loadFzhsItems(tx, { ...k, ids: [q.fzhsId] })).get(q.fzhsId);
  if (!item) throw notFound('辅助核算项目不存在');
  const w = windowOf(set.startPeriod, q.beginPeriod, q.endPeriod);
  const index = await loadSubjectIndex(tx, k);
  const ids = q.subjectId ? subtreeIds(index, q.subjectId) : index.list.filter((s) => s.isLeaf).map((s) => s.id);
  const figures = await ledgerFigures(tx, { ...k, subjectIds: ids, fzhsItemId: item.id, startPeriod: set.startPeriod, ...w });
  const lines = await linesFor(tx, { ...k, subjectIds: ids, fzhsItemId: item.id, ...w });
  const rows = buildLedger(figures, lines, w).map((r) => {
    const s = r.line ? index.byId.get(r.line.subjectId) : undefined;
    return { ...publicRow(r), subjectCode: s?.code ?? '', subjectName: s?.name3 ?? '' };
  });
  return { fzhs: { fzhsId: item.id, code: item.code, name: item.name }, rows };
}
