/**
 * One-click vouchers for the uncovered invoices of a period, one voucher per invoice, all in one transaction (a
 * missing setting or subject refuses the whole run). Subjects: the line's business type (主营业务收入 through the
 * book setting 'income'), tax on 进项税额 / 未认证进项税额 / 销项税额 and the counterparty on 应付账款 / 应收账款 from the
 * book settings (missing ones answer the spec §8 message). The counterparty's auxiliary item is found or created by
 * name when the subject keeps one. The invoice keeps the voucher id; the voucher's source is 'invoice'. merge: one
 * voucher per direction instead, same subject and item summed.
 */
import { and, eq } from 'drizzle-orm';
import type { SubjectSettingKey } from '@dzy/domain/contracts/book-settings.contract';
import { INVOICE_MESSAGES, type GenerateVouchersResult, type InvoiceDirection } from '@dzy/domain/contracts/invoices.contract';
import { formatVoucherNo } from '@dzy/domain/contracts/vouchers.contract';
import { invoiceType } from '@dzy/domain/invoices/index';
import { fenToYuan, numericToFen } from '@dzy/domain/ledger/index';
import type { Db, Tx } from '../../db/client';
import { fzhsItems } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { badRequest } from '../../http/envelope';
import { logOperation } from '../audit/operation-log.repo';
import { assetsByIds } from '../assets/assets.repo';
import { getBookSettings, requireSettings } from '../book-settings/book-settings.repo';
import { resolveBusinessTypes, subjectOfBusinessType } from '../business-types/business-types.repo';
import { createFzhsItem } from '../fzhs/fzhs-items';
import { listSubjects, type SubjectRow } from '../subjects/subjects.repo';
import { saveVoucherTx, type VoucherWriteLine } from '../vouchers/voucher-write.service';
import { assertOpenPeriod, directionName, lastDayOf, type InvoiceActor } from './invoice-common';
import { linesOfInvoices, uncoveredInvoices, updateInvoice, type InvoiceLineRow, type InvoiceRow } from './invoices.repo';

/** Settings an invoice's voucher needs. */
function neededSettings(inv: InvoiceRow): SubjectSettingKey[] {
  const keys: SubjectSettingKey[] = [];
  const hasTax = numericToFen(inv.tax) !== 0;
  if (inv.direction === 1) {
    keys.push('payable');
    if (hasTax && invoiceType(inv.typeCode)?.deductible) keys.push(inv.certStatus === 1 ? 'vatInput' : 'vatUncertified');
  } else {
    keys.push('receivable');
    if (hasTax) keys.push('vatOutput');
  }
  return keys;
}

interface Posting {
  subjectId: number;
  fzhsId: number | null;
  /** Signed: positive debit, negative credit. */
  fen: number;
}

/** Postings summed per subject and item in first-seen order; lines summing to zero are dropped. */
function merged(postings: readonly Posting[]): Posting[] {
  const byKey = new Map<string, Posting>();
  for (const p of postings) {
    const key = `${p.subjectId}:${p.fzhsId ?? 0}:${p.fen >= 0 ? 'd' : 'c'}`;
    const seen = byKey.get(key);
    if (seen) seen.fen += p.fen;
    else byKey.set(key, { ...p });
  }
  return [...byKey.values()].filter((p) => p.fen !== 0);
}

/** A signed amount on its side: a red (negative) amount goes to the other side, as voucher amounts are positive. */
function entry(summary: string, subjectId: number, debitFen: number, fzhsId: number | null = null): VoucherWriteLine {
  const debit = debitFen > 0 ? debitFen : 0;
  const credit = debitFen < 0 ? -debitFen : 0;
  return { summary, subjectId, fzhsId, inAmount: debit ? fenToYuan(debit) : null, outAmount: credit ? fenToYuan(credit) : null };
}

/** The counterparty's item in the subject's auxiliary category, created when the name is new. */
async function counterpartyItem(tx: Tx, a: InvoiceActor, subject: SubjectRow | undefined, name: string): Promise<number | null> {
  if (!subject?.fzhsCategoryId) return null;
  const categoryId = subject.fzhsCategoryId;
  const [found] = await tx
    .select({ id: fzhsItems.id })
    .from(fzhsItems)
    .where(and(eq(fzhsItems.orgId, a.orgId), eq(fzhsItems.companyId, a.companyId), eq(fzhsItems.categoryId, categoryId), eq(fzhsItems.name, name)))
    .limit(1);
  if (found) return found.id;
  const { row, category } = await createFzhsItem(tx, { orgId: a.orgId, companyId: a.companyId, categoryId, code: '', name: name.slice(0, 200) });
  await logOperation(tx, {
    orgId: a.orgId,
    userId: a.userId,
    cnName: a.cnName,
    companyId: a.companyId,
    companyName: a.companyName,
    period: a.period,
    method: '新增辅助核算项目',
    target: `fzhs-item:${row.id}`,
    content: `${category.name} ${row.code} ${row.name}（发票生成凭证）`,
  });
  return row.id;
}

export async function generateInvoiceVouchers(
  db: Db,
  a: InvoiceActor,
  opts: { direction?: InvoiceDirection; ids?: readonly number[]; merge?: boolean },
): Promise<GenerateVouchersResult> {
  const scope = { orgId: a.orgId, companyId: a.companyId };
  return withTenant(db, a.orgId, async (tx) => {
    await assertOpenPeriod(tx, { ...scope, period: a.period });
    const directions = opts.direction ? [opts.direction] : [1, 2];
    const invs = await uncoveredInvoices(tx, { ...scope, period: a.period, directions, ids: opts.ids });
    if (invs.length === 0) throw badRequest(INVOICE_MESSAGES.nothingToGenerate);
    const settings = await getBookSettings(tx, scope);
    const subjectIds = requireSettings(settings, [...new Set(invs.flatMap(neededSettings))]);
    const chart = await listSubjects(tx, scope);
    const byId = new Map(chart.map((s) => [s.id, s]));
    const lines = await linesOfInvoices(tx, { orgId: a.orgId, invoiceIds: invs.map((i) => i.id) });
    const linesOf = new Map<number, InvoiceLineRow[]>();
    for (const l of lines) linesOf.set(l.invoiceId, [...(linesOf.get(l.invoiceId) ?? []), l]);

    // Business type → subject (the company's types: bound subject, book setting or name path), checked for every
    // type in use before anything is written. A line linked to an asset card (关联资产) posts to the card's
    // original-value subject instead.
    const types = await resolveBusinessTypes(tx, { ...scope, groups: ['in', 'out'] });
    const cards = new Map((await assetsByIds(tx, scope, [...new Set(lines.flatMap((l) => (l.assetId === null ? [] : [l.assetId])))])).map((c) => [c.id, c]));
    const typeSubject = new Map<number, number>();
    const missing: string[] = [];
    for (const id of new Set(lines.filter((l) => l.assetId === null || !cards.has(l.assetId)).map((l) => l.businessTypeId))) {
      const bt = types.byRef(id);
      const hit = bt ? subjectOfBusinessType(bt, chart, settings) : undefined;
      if (hit?.ok) typeSubject.set(id, hit.subject.id);
      else missing.push(bt?.name ?? String(id));
    }
    if (missing.length > 0) throw badRequest(`业务类型没有对应的末级科目：${missing.join('，')}，请先添加科目`);
    const lineSubject = (l: InvoiceLineRow): { subjectId: number; fzhsId: number | null } => {
      const card = l.assetId === null ? undefined : cards.get(l.assetId);
      return card ? { subjectId: card.yzSubjectId, fzhsId: card.yzFzhsId } : { subjectId: typeSubject.get(l.businessTypeId) ?? 0, fzhsId: null };
    };

    /** Signed debit amounts of one invoice per (subject, auxiliary item): positive debit, negative credit. */
    const postingsOf = async (inv: InvoiceRow): Promise<Posting[]> => {
      const direction = inv.direction as InvoiceDirection;
      const deductible = direction === 1 && Boolean(invoiceType(inv.typeCode)?.deductible);
      const sign = direction === 1 ? 1 : -1;
      const postings: Posting[] = [];
      const taxFen = numericToFen(inv.tax);
      const totalFen = numericToFen(inv.total);
      if (direction === 2) {
        const subject = subjectIds.receivable ?? 0;
        const fzhs = settings.subjects.receivable.fzhsId ?? (await counterpartyItem(tx, a, byId.get(subject), inv.counterpartyName));
        postings.push({ subjectId: subject, fzhsId: fzhs, fen: totalFen });
      }
      // Goods side per subject: incoming debits (a non-deductible invoice's tax joins the cost), outgoing credits.
      for (const l of linesOf.get(inv.id) ?? []) {
        const fen = numericToFen(l.amount) + (direction === 1 && !deductible ? numericToFen(l.tax) : 0);
        postings.push({ ...lineSubject(l), fen: sign * fen });
      }
      if (taxFen !== 0 && direction === 2) postings.push({ subjectId: subjectIds.vatOutput ?? 0, fzhsId: null, fen: -taxFen });
      if (taxFen !== 0 && deductible) postings.push({ subjectId: (inv.certStatus === 1 ? subjectIds.vatInput : subjectIds.vatUncertified) ?? 0, fzhsId: null, fen: taxFen });
      if (direction === 1) {
        const subject = subjectIds.payable ?? 0;
        const fzhs = settings.subjects.payable.fzhsId ?? (await counterpartyItem(tx, a, byId.get(subject), inv.counterpartyName));
        postings.push({ subjectId: subject, fzhsId: fzhs, fen: -totalFen });
      }
      return postings;
    };

    const out: GenerateVouchersResult['vouchers'] = [];
    const write = async (group: InvoiceRow[], summary: string, voucherDate: string, postings: Posting[]) => {
      const v = await saveVoucherTx(
        tx,
        { orgId: a.orgId, userId: a.userId, cnName: a.cnName, companyId: a.companyId, companyName: a.companyName, period: a.period },
        { voucherWord: '记', voucherDate, billCount: group.length, source: 'invoice', lines: merged(postings).map((p) => entry(summary, p.subjectId, p.fen, p.fzhsId)) },
      );
      const voucherNoText = formatVoucherNo('记', v.voucherNo);
      for (const inv of group) {
        await updateInvoice(tx, { orgId: a.orgId, id: inv.id }, { voucherId: v.id });
        await logOperation(tx, {
          orgId: a.orgId,
          userId: a.userId,
          cnName: a.cnName,
          companyId: a.companyId,
          companyName: a.companyName,
          period: a.period,
          method: `${directionName(inv.direction as InvoiceDirection)}发票生成凭证`,
          target: `invoice:${inv.id}`,
          content: `${inv.invoiceNumber} → ${voucherNoText}`,
        });
        out.push({ invoiceId: inv.id, voucherId: v.id, voucherNoText });
      }
    };
    const inPeriod = (date: string) => date.slice(0, 7) === `${a.period.slice(0, 4)}-${a.period.slice(4)}`;

    if (opts.merge) {
      // One voucher per direction: same subject and item summed, dated the period's last day.
      for (const direction of [1, 2] as const) {
        const group = invs.filter((i) => i.direction === direction);
        if (group.length === 0) continue;
        const postings: Posting[] = [];
        // One after another: a new counterparty's auxiliary item must exist before the next invoice looks for it.
        for (const inv of group) postings.push(...(await postingsOf(inv)));
        await write(group, `${direction === 1 ? '收到进项' : '开具销项'}发票${group.length}张`, lastDayOf(a.period), postings);
      }
    } else {
      for (const inv of invs) {
        const summary = `${inv.direction === 1 ? '收到' : '开具'}${inv.counterpartyName.slice(0, 40)}发票${inv.invoiceNumber}`;
        await write([inv], summary, inPeriod(inv.invoiceDate) ? inv.invoiceDate : lastDayOf(a.period), await postingsOf(inv));
      }
    }
    return { vouchers: out };
  });
}
