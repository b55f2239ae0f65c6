/**
 * Line-level books: 明细账 (one subject and its descendants), 序时账 (every line in date order), 现金日记账 (1001)
 * and 银行日记账 (1002). Lines come from voucher_lines through the subject/period index; openings and period
 * totals from the balance tables.
 */
import { sql } from 'drizzle-orm';
import type { CashJournalResult, CashJournalRow, DetailLedgerResult, JournalResult, JournalRow } from '@dzy/domain/contracts/books.contract';
import { formatVoucherNo } from '@dzy/domain/contracts/vouchers.contract';
import { numericToFen } from '@dzy/domain/ledger/index';
import type { Tx } from '../../db/client';
import { badRequest, notFound } from '../../http/envelope';
import { requireAccountSet } from '../vouchers/ledger-guards';
import type { CompanyKey } from './balances.repo';
import { buildLedger, ledgerFigures, linesFor, publicRow, windowOf, yuan, type BuiltLedgerRow } from './ledger-rows';
import { queryRows } from './sql-rows';
import { loadFzhsItems, loadSubjectIndex, subtreeIds, type SubjectIndex, type SubjectInfo } from './subject-index';

export interface DetailLedgerQuery {
  subjectId: number;
  fzhsId?: number | null;
  beginPeriod: string;
  endPeriod: string;
}

function lineSubject(index: SubjectIndex, r: BuiltLedgerRow, fallback: SubjectInfo) {
  const s = r.line ? index.byId.get(r.line.subjectId) : undefined;
  return { subjectCode: (s ?? fallback).code, subjectName: (s ?? fallback).name3 };
}

/** 明细账: 期初余额, each line with the running balance, 本期合计 and 本年累计 per period. */
export async function detailLedger(tx: Tx, k: CompanyKey, q: DetailLedgerQuery): Promise<DetailLedgerResult> {
  const set = await requireAccountSet(tx, k);
  const w = windowOf(set.startPeriod, q.beginPeriod, q.endPeriod);
  const index = await loadSubjectIndex(tx, k);
  const subject = index.byId.get(q.subjectId);
  if (!subject) throw notFound('科目不存在');
  const ids = subtreeIds(index, subject.id);
  const figures = await ledgerFigures(tx, { ...k, subjectIds: ids, fzhsItemId: q.fzhsId, startPeriod: set.startPeriod, ...w });
  const lines = await linesFor(tx, { ...k, subjectIds: ids, fzhsItemId: q.fzhsId, ...w });
  const rows = buildLedger(figures, lines, w).map((r) => ({ ...publicRow(r), ...lineSubject(index, r, subject) }));
  return { subject: { subjectId: subject.id, code: subject.code, name: subject.name3 }, rows };
}

export interface JournalQuery {
  beginPeriod: string;
  endPeriod: string;
  summary?: string;
  page: number;
  limit: number;
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** 序时账: every live line of the window in date order, paged, with totals over all of them. */
export async function journal(tx: Tx, k: CompanyKey, q: JournalQuery): Promise<JournalResult> {
  if (q.beginPeriod > q.endPeriod) throw badRequest('开始期间不能晚于结束期间');
  const where = sql`l.org_id = ${k.orgId} and l.company_id = ${k.companyId} and l.period between ${q.beginPeriod} and ${q.endPeriod} and v.status = 1
                    ${q.summary ? sql`and l.summary ilike ${likePattern(q.summary)}` : sql``}`;
  const from = sql`from voucher_lines l join vouchers v on v.org_id = l.org_id and v.id = l.voucher_id`;
  const [agg] = await queryRows<{ total: number; debit: string; credit: string }>(
    tx,
    sql`select count(*)::int as total, coalesce(sum(l.debit), 0)::text as debit, coalesce(sum(l.credit), 0)::text as credit ${from} where ${where}`,
  );
  const rows = await queryRows<{
    voucher_id: number;
    line_no: number;
    period: string;
    voucher_date: string;
    voucher_word: string;
    voucher_no: number;
    summary: string;
    subject_id: number;
    fzhs_item_id: number;
    debit: string;
    credit: string;
  }>(
    tx,
    sql`select l.voucher_id::int as voucher_id, l.line_no::int as line_no, l.period::text as period, v.voucher_date::text as voucher_date,
               v.voucher_word as voucher_word, v.voucher_no::int as voucher_no, l.summary as summary, l.subject_id::int as subject_id,
               l.fzhs_item_id::int as fzhs_item_id, l.debit::text as debit, l.credit::text as credit
          ${from} where ${where}
         order by v.voucher_date, l.period, v.voucher_word, v.voucher_no, l.line_no
         limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const index = await loadSubjectIndex(tx, k);
  const items = await loadFzhsItems(tx, { ...k, ids: [...new Set(rows.map((r) => r.fzhs_item_id).filter((i) => i > 0))] });
  const list: JournalRow[] = rows.map((r) => {
    const s = index.byId.get(r.subject_id);
    const item = items.get(r.fzhs_item_id);
    const debit = numericToFen(r.debit);
    const credit = numericToFen(r.credit);
    return {
      voucherId: r.voucher_id,
      period: r.period,
      date: r.voucher_date,
      voucherNo: formatVoucherNo(r.voucher_word, r.voucher_no),
      lineNo: r.line_no,
      summary: r.summary,
      subjectId: r.subject_id,
      subjectCode: s?.code ?? '',
      subjectName: s?.name3 ?? '',
      fzhsName: item ? `${item.code} ${item.name}` : '',
      debit: debit === 0 ? '' : yuan(debit),
      credit: credit === 0 ? '' : yuan(credit),
    };
  });
  return { list, total: agg?.total ?? 0, debitSum: yuan(numericToFen(agg?.debit ?? '0')), creditSum: yuan(numericToFen(agg?.credit ?? '0')) };
}

export interface CashJournalQuery {
  beginPeriod: string;
  endPeriod: string;
  subjectId?: number | null;
}

/** 对方科目 of each listed line: the other side's subjects in the same voucher. */
async function counterSubjects(tx: Tx, k: CompanyKey, index: SubjectIndex, voucherIds: number[]): Promise<Map<string, string>> {
  if (voucherIds.length === 0) return new Map();
  const ids = sql.raw(`array[${[...new Set(voucherIds)].join(',')}]::int[]`);
  const rows = await queryRows<{ voucher_id: number; subject_id: number; is_debit: boolean }>(
    tx,
    sql`select voucher_id::int as voucher_id, subject_id::int as subject_id, (debit <> 0) as is_debit
          from voucher_lines where org_id = ${k.orgId} and voucher_id = any(${ids}) order by voucher_id, line_no`,
  );
  const out = new Map<string, string[]>();
  for (const r of rows) {
    // Key: voucher and the side the counterpart sits on.
    const key = `${r.voucher_id}:${r.is_debit ? 'D' : 'C'}`;
    const name = index.byId.get(r.subject_id)?.name3 ?? '';
    const arr = out.get(key) ?? [];
    if (!arr.includes(name)) arr.push(name);
    out.set(key, arr);
  }
  return new Map([...out.entries()].map(([key, names]) => [key, names.join('、')]));
}

async function subtreeJournal(tx: Tx, k: CompanyKey, q: CashJournalQuery, rootCode: string, pickMsg: string): Promise<CashJournalResult> {
  const set = await requireAccountSet(tx, k);
  const w = windowOf(set.startPeriod, q.beginPeriod, q.endPeriod);
  const index = await loadSubjectIndex(tx, k);
  const root = index.list.find((s) => s.level === 1 && s.code === rootCode);
  if (!root) return { accounts: [], rows: [] };
  const all = subtreeIds(index, root.id);
  const accounts = all
    .map((id) => index.byId.get(id))
    .filter((s): s is SubjectInfo => s !== undefined && s.isLeaf)
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((s) => ({ subjectId: s.id, code: s.code, name: s.name3 }));
  let focus = root;
  if (q.subjectId) {
    const s = index.byId.get(q.subjectId);
    if (!s || !all.includes(s.id)) throw badRequest(pickMsg);
    focus = s;
  }
  const ids = subtreeIds(index, focus.id);
  const figures = await ledgerFigures(tx, { ...k, subjectIds: ids, startPeriod: set.startPeriod, ...w });
  const lines = await linesFor(tx, { ...k, subjectIds: ids, ...w });
  const counters = await counterSubjects(tx, k, index, lines.map((l) => l.voucherId));
  const rows: CashJournalRow[] = buildLedger(figures, lines, w).map((r) => ({
    ...publicRow(r),
    ...lineSubject(index, r, focus),
    counterSubjects: r.line ? (counters.get(`${r.line.voucherId}:${r.line.debit !== 0 ? 'C' : 'D'}`) ?? '') : '',
  }));
  return { accounts, rows };
}

/** 现金日记账: the 1001 subtree (or one of its sub-accounts). */
export const cashJournal = (tx: Tx, k: CompanyKey, q: CashJournalQuery) => subtreeJournal(tx, k, q, '1001', '请选择库存现金科目');
/** 银行日记账: the 1002 subtree (or one bank account). */
export const bankJournal = (tx: Tx, k: CompanyKey, q: CashJournalQuery) => subtreeJournal(tx, k, q, '1002', '请选择银行存款科目');
