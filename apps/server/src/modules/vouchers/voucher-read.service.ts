/** Reading vouchers: list (with lines), recycle bin, info, neighbour, preview (spec 001), next number. */
import { and, asc, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  formatVoucherNo,
  type NewVoucherNoResult,
  type VoucherHeader,
  type VoucherInfoResult,
  type VoucherLineView,
  type VoucherListResult,
  type VoucherListRow,
  type VoucherNextInfoResult,
  type VoucherPreviewResult,
  VOUCHER_MESSAGES,
} from '@dzy/domain/contracts/vouchers.contract';
import { capitalChinese, fenToYuan, toFen } from '@dzy/domain/ledger/index';
import type { Tx } from '../../db/client';
import { users, voucherLines, vouchers } from '../../db/schema';
import { badRequest, notFound } from '../../http/envelope';
import { loadFzhsItems, loadSubjectIndex, subtreeIds, type SubjectIndex } from '../books/subject-index';
import { maxLiveNo } from './voucher-numbering';
import { linesOf, voucherById, type CompanyScope, type VoucherLineRow, type VoucherRow } from './vouchers.repo';

export interface ListFilter {
  period?: string;
  beginPeriod?: string;
  endPeriod?: string;
  voucherWord?: string;
  summary?: string;
  subjectId?: number | null;
  voucherNoFrom?: number;
  voucherNoTo?: number;
  page: number;
  limit: number;
}

/** Amount cell: '' for an empty side, yuan otherwise. */
const cell = (yuan: string): string => (toFen(yuan) === 0 ? '' : fenToYuan(toFen(yuan)));
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function periodCondition(f: ListFilter, headerPeriod: string | null): SQL {
  if (f.beginPeriod || f.endPeriod) {
    const from = f.beginPeriod ?? f.endPeriod ?? '';
    const to = f.endPeriod ?? f.beginPeriod ?? '';
    if (from > to) throw badRequest('开始期间不能晚于结束期间');
    return sql`${vouchers.period} between ${from} and ${to}`;
  }
  const p = f.period ?? headerPeriod;
  if (!p) throw badRequest(VOUCHER_MESSAGES.periodRequired);
  return eq(vouchers.period, p);
}

async function creatorNames(tx: Tx, orgId: number, ids: (number | null)[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((i): i is number => i !== null))];
  if (unique.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, cnName: users.cnName }).from(users).where(and(eq(users.orgId, orgId), inArray(users.id, unique)));
  return new Map(rows.map((r) => [r.id, r.cnName]));
}

function header(v: VoucherRow, creators: Map<number, string>): VoucherHeader {
  return {
    id: v.id,
    period: v.period,
    voucherWord: v.voucherWord,
    voucherNo: v.voucherNo,
    voucherNoText: formatVoucherNo(v.voucherWord, v.voucherNo),
    voucherDate: v.voucherDate,
    billCount: v.billCount,
    debitTotal: v.debitTotal,
    creditTotal: v.creditTotal,
    status: v.status,
    source: v.source,
    creatorId: v.createdBy,
    creatorName: v.createdBy === null ? '' : (creators.get(v.createdBy) ?? ''),
  };
}

async function lineViews(tx: Tx, s: CompanyScope, lines: VoucherLineRow[], index?: SubjectIndex): Promise<Map<number, VoucherLineView[]>> {
  const subjectIndex = index ?? (await loadSubjectIndex(tx, s));
  const items = await loadFzhsItems(tx, { ...s, ids: [...new Set(lines.map((l) => l.fzhsItemId).filter((i) => i > 0))] });
  const out = new Map<number, VoucherLineView[]>();
  for (const l of lines) {
    const subject = subjectIndex.byId.get(l.subjectId);
    const item = l.fzhsItemId > 0 ? items.get(l.fzhsItemId) : undefined;
    const arr = out.get(l.voucherId) ?? [];
    arr.push({
      lineNo: l.lineNo,
      summary: l.summary,
      subjectId: l.subjectId,
      subjectCode: subject?.code ?? '',
      subjectName: subject?.name3 ?? '',
      fzhsId: l.fzhsItemId > 0 ? l.fzhsItemId : null,
      fzhsName: item ? `${item.code} ${item.name}` : '',
      inAmount: cell(l.debit),
      outAmount: cell(l.credit),
    });
    out.set(l.voucherId, arr);
  }
  return out;
}

/** voucherList / recycleList: one page of vouchers with their lines, plus totals over all matches. */
export async function listVouchers(tx: Tx, s: CompanyScope, f: ListFilter, headerPeriod: string | null, status: 1 | 9): Promise<VoucherListResult> {
  const where: SQL[] = [eq(vouchers.orgId, s.orgId), eq(vouchers.companyId, s.companyId), eq(vouchers.status, status)];
  if (status === 9 && !f.period && !f.beginPeriod && !f.endPeriod) {
    // The recycle bin lists every period unless one is asked for.
  } else {
    where.push(periodCondition(f, headerPeriod));
  }
  if (f.voucherWord) where.push(eq(vouchers.voucherWord, f.voucherWord));
  if (f.voucherNoFrom !== undefined) where.push(sql`${vouchers.voucherNo} >= ${f.voucherNoFrom}`);
  if (f.voucherNoTo !== undefined) where.push(sql`${vouchers.voucherNo} <= ${f.voucherNoTo}`);
  let index: SubjectIndex | undefined;
  if (f.summary) {
    where.push(sql`exists (select 1 from ${voucherLines} l where l.org_id = ${vouchers.orgId} and l.voucher_id = ${vouchers.id} and l.summary ilike ${likePattern(f.summary)})`);
  }
  if (f.subjectId) {
    index = await loadSubjectIndex(tx, s);
    const ids = subtreeIds(index, f.subjectId);
    const arr = sql.raw(`array[${ids.join(',')}]::int[]`);
    where.push(sql`exists (select 1 from ${voucherLines} l where l.org_id = ${vouchers.orgId} and l.voucher_id = ${vouchers.id} and l.subject_id = any(${arr}))`);
  }
  const cond = and(...where);
  const [agg] = await tx
    .select({ total: sql<number>`count(*)::int`, debitSum: sql<string>`coalesce(sum(${vouchers.debitTotal}), 0)::text`, creditSum: sql<string>`coalesce(sum(${vouchers.creditTotal}), 0)::text` })
    .from(vouchers)
    .where(cond);
  const rows = await tx
    .select()
    .from(vouchers)
    .where(cond)
    .orderBy(asc(vouchers.period), asc(vouchers.voucherWord), asc(vouchers.voucherNo), asc(vouchers.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const lines = await linesOf(tx, s.orgId, rows.map((r) => r.id));
  const views = await lineViews(tx, s, lines, index);
  const creators = await creatorNames(tx, s.orgId, rows.map((r) => r.createdBy));
  const list: VoucherListRow[] = rows.map((v) => ({ ...header(v, creators), items: views.get(v.id) ?? [] }));
  return {
    list,
    total: agg?.total ?? 0,
    debitSum: fenToYuan(toFen(agg?.debitSum ?? '0')),
    creditSum: fenToYuan(toFen(agg?.creditSum ?? '0')),
  };
}

async function infoOf(tx: Tx, s: CompanyScope, v: VoucherRow): Promise<VoucherInfoResult> {
  const lines = await linesOf(tx, s.orgId, [v.id]);
  const views = await lineViews(tx, s, lines);
  const creators = await creatorNames(tx, s.orgId, [v.createdBy]);
  return { info: header(v, creators), voucherItem: views.get(v.id) ?? [] };
}

export async function voucherInfo(tx: Tx, s: CompanyScope, id: number): Promise<VoucherInfoResult> {
  const v = await voucherById(tx, s, id);
  if (!v) throw notFound(VOUCHER_MESSAGES.voucherNotFound);
  return infoOf(tx, s, v);
}

/** The previous / next live voucher in (period, word, number) order; null at either end. */
export async function voucherNextInfo(tx: Tx, s: CompanyScope, id: number, direction: 'prev' | 'next'): Promise<VoucherNextInfoResult> {
  const v = await voucherById(tx, s, id);
  if (!v) throw notFound(VOUCHER_MESSAGES.voucherNotFound);
  const cmp = direction === 'next' ? gt : lt;
  const dir = direction === 'next' ? asc : desc;
  const [n] = await tx
    .select()
    .from(vouchers)
    .where(
      and(
        eq(vouchers.orgId, s.orgId),
        eq(vouchers.companyId, s.companyId),
        eq(vouchers.status, 1),
        or(
          cmp(vouchers.period, v.period),
          and(eq(vouchers.period, v.period), cmp(vouchers.voucherWord, v.voucherWord)),
          and(eq(vouchers.period, v.period), eq(vouchers.voucherWord, v.voucherWord), cmp(vouchers.voucherNo, v.voucherNo)),
        ),
      ),
    )
    .orderBy(dir(vouchers.period), dir(vouchers.voucherWord), dir(vouchers.voucherNo))
    .limit(1);
  return n ? infoOf(tx, s, n) : null;
}

/** getNewVoucherNo: the number the next save would get (a hint; the save decides under its lock). */
export async function newVoucherNo(tx: Tx, s: CompanyScope, period: string, voucherWord: string): Promise<NewVoucherNoResult> {
  return { voucherNo: (await maxLiveNo(tx, { ...s, period, voucherWord })) + 1 };
}

/** Spec 001 凭证预览 of a saved voucher. */
export async function previewSaved(tx: Tx, s: CompanyScope, id: number): Promise<VoucherPreviewResult> {
  const { info, voucherItem } = await voucherInfo(tx, s, id);
  return buildPreview({ id: info.id, voucherNo: info.voucherNoText, voucherDate: info.voucherDate, billCount: info.billCount }, voucherItem);
}

/**
 * Preview of an unsaved draft: names are looked up in this company's chart; amounts must parse (the full voucher
 * rules run on save, a draft may still be incomplete).
 */
export async function previewDraft(
  tx: Tx,
  s: CompanyScope,
  info: { voucherWord: string; voucherDate: string; billCount: number },
  lines: { summary: string; subjectId: number | null; inAmount: string; outAmount: string }[],
): Promise<VoucherPreviewResult> {
  const index = await loadSubjectIndex(tx, s);
  const amount = (v: string, n: number) => {
    if (v === '') return '';
    try {
      const f = toFen(v);
      return f === 0 ? '' : fenToYuan(f);
    } catch {
      throw badRequest(`第${n}行金额格式错误`);
    }
  };
  const items = lines.map((l, i) => ({
    summary: l.summary,
    subjectName: l.subjectId ? (index.byId.get(l.subjectId)?.name3 ?? '') : '',
    inAmount: amount(l.inAmount, i + 1),
    outAmount: amount(l.outAmount, i + 1),
  }));
  return buildPreview({ id: null, voucherNo: `${info.voucherWord}-`, voucherDate: info.voucherDate, billCount: info.billCount }, items);
}

function buildPreview(
  head: { id: number | null; voucherNo: string; voucherDate: string; billCount: number },
  items: { summary: string; subjectName: string; inAmount: string; outAmount: string }[],
): VoucherPreviewResult {
  const sum = (pick: (x: (typeof items)[number]) => string) => items.reduce((acc, x) => acc + (pick(x) === '' ? 0 : toFen(pick(x))), 0);
  const inFen = sum((x) => x.inAmount);
  const outFen = sum((x) => x.outAmount);
  return {
    info: {
      ...head,
      inSumAmount: fenToYuan(inFen),
      outSumAmount: fenToYuan(outFen),
      // The capital amount is the voucher's total; an unbalanced draft shows the debit side.
      bigwrite: inFen === 0 && outFen === 0 ? '' : capitalChinese(fenToYuan(inFen || outFen)),
    },
    voucherItem: items.map((x) => ({ summary: x.summary, subjectName: x.subjectName, inAmount: x.inAmount, outAmount: x.outAmount, inventoryIds: [] })),
  };
}
