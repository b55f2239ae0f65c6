import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, sum, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invoiceLines, invoices, vouchers } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = typeof invoices.$inferInsert;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoiceLineInsert = typeof invoiceLines.$inferInsert;

export interface InvoiceScope {
  orgId: number;
  companyId: number;
}

/** The invoice's voucher while it is live (status 1); a voucher in the recycle bin no longer covers it. */
const liveVoucherJoin = and(eq(vouchers.orgId, invoices.orgId), eq(vouchers.id, invoices.voucherId), eq(vouchers.status, 1));

export interface ListFilter extends InvoiceScope {
  period: string;
  direction: number;
  keyword?: string;
  /** 0 all, 1 uncovered, 2 covered by a live voucher. */
  voucherStatus?: number;
}

function where(f: ListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    eq(invoices.orgId, f.orgId),
    eq(invoices.companyId, f.companyId),
    eq(invoices.period, f.period),
    eq(invoices.direction, f.direction),
  ];
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(or(ilike(invoices.counterpartyName, like), ilike(invoices.invoiceNumber, like)));
  }
  if (f.voucherStatus === 1) parts.push(isNull(vouchers.id));
  if (f.voucherStatus === 2) parts.push(isNotNull(vouchers.id));
  return and(...parts);
}

export type InvoiceListRow = InvoiceRow & { liveVoucherId: number | null; voucherWord: string | null; voucherNo: number | null };

export async function listInvoices(tx: Tx, f: ListFilter & { page: number; pageSize: number }): Promise<InvoiceListRow[]> {
  const rows = await tx
    .select({ inv: invoices, liveVoucherId: vouchers.id, voucherWord: vouchers.voucherWord, voucherNo: vouchers.voucherNo })
    .from(invoices)
    .leftJoin(vouchers, liveVoucherJoin)
    .where(where(f))
    .orderBy(desc(invoices.invoiceDate), desc(invoices.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return rows.map((r) => ({ ...r.inv, liveVoucherId: r.liveVoucherId, voucherWord: r.voucherWord, voucherNo: r.voucherNo }));
}

export interface SumRow {
  count: number;
  amount: string;
  tax: string;
  total: string;
  uncovered: number;
  certifiedTax: string;
}

export async function sumInvoices(tx: Tx, f: ListFilter): Promise<SumRow> {
  const [row] = await tx
    .select({
      count: count(),
      amount: sum(invoices.amount),
      tax: sum(invoices.tax),
      total: sum(invoices.total),
      uncovered: sql<number>`count(*) filter (where ${vouchers.id} is null)`.mapWith(Number),
      certifiedTax: sql<string | null>`sum(${invoices.tax}) filter (where ${invoices.certStatus} = 1)`,
    })
    .from(invoices)
    .leftJoin(vouchers, liveVoucherJoin)
    .where(where(f));
  return {
    count: row?.count ?? 0,
    amount: row?.amount ?? '0',
    tax: row?.tax ?? '0',
    total: row?.total ?? '0',
    uncovered: row?.uncovered ?? 0,
    certifiedTax: row?.certifiedTax ?? '0',
  };
}

/** Invoices by id with their live voucher; forUpdate locks the invoice rows. */
export async function invoicesByIds(tx: Tx, k: InvoiceScope & { ids: readonly number[]; forUpdate?: boolean }): Promise<InvoiceListRow[]> {
  if (k.ids.length === 0) return [];
  const q = tx
    .select({ inv: invoices, liveVoucherId: vouchers.id, voucherWord: vouchers.voucherWord, voucherNo: vouchers.voucherNo })
    .from(invoices)
    .leftJoin(vouchers, liveVoucherJoin)
    .where(and(eq(invoices.orgId, k.orgId), eq(invoices.companyId, k.companyId), inArray(invoices.id, [...k.ids])))
    .orderBy(asc(invoices.id));
  const rows = k.forUpdate ? await q.for('update', { of: invoices }) : await q;
  return rows.map((r) => ({ ...r.inv, liveVoucherId: r.liveVoucherId, voucherWord: r.voucherWord, voucherNo: r.voucherNo }));
}

/** Uncovered invoices of a period (no live voucher), locked, oldest first. */
export async function uncoveredInvoices(tx: Tx, k: InvoiceScope & { period: string; directions: readonly number[]; ids?: readonly number[] }): Promise<InvoiceRow[]> {
  const rows = await tx
    .select({ inv: invoices })
    .from(invoices)
    .leftJoin(vouchers, liveVoucherJoin)
    .where(
      and(
        eq(invoices.orgId, k.orgId),
        eq(invoices.companyId, k.companyId),
        eq(invoices.period, k.period),
        inArray(invoices.direction, [...k.directions]),
        isNull(vouchers.id),
        k.ids ? inArray(invoices.id, [...k.ids]) : undefined,
      ),
    )
    .orderBy(asc(invoices.direction), asc(invoices.invoiceDate), asc(invoices.id))
    .for('update', { of: invoices });
  return rows.map((r) => r.inv);
}

export async function linesOfInvoices(tx: Tx, k: { orgId: number; invoiceIds: readonly number[] }): Promise<InvoiceLineRow[]> {
  if (k.invoiceIds.length === 0) return [];
  return tx
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.orgId, k.orgId), inArray(invoiceLines.invoiceId, [...k.invoiceIds])))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.lineNo));
}

/**
 * Serialises the duplicate check and write of one invoice number per company (transaction advisory lock), so two
 * saves of the same invoice at once give the duplicate message instead of a unique-index error.
 */
export async function lockInvoiceNumber(tx: Tx, k: InvoiceScope & { invoiceNumber: string }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${k.orgId}::int, hashtext(${`invoice:${k.companyId}:${k.invoiceNumber}`}))`);
}

/** Stored invoices of the company and direction carrying one of these numbers (for the duplicate check). */
export async function invoicesWithNumbers(tx: Tx, k: InvoiceScope & { direction: number; numbers: readonly string[] }): Promise<Pick<InvoiceRow, 'id' | 'invoiceCode' | 'invoiceNumber' | 'period'>[]> {
  if (k.numbers.length === 0) return [];
  return tx
    .select({ id: invoices.id, invoiceCode: invoices.invoiceCode, invoiceNumber: invoices.invoiceNumber, period: invoices.period })
    .from(invoices)
    .where(and(eq(invoices.orgId, k.orgId), eq(invoices.companyId, k.companyId), eq(invoices.direction, k.direction), inArray(invoices.invoiceNumber, [...k.numbers])));
}

export async function insertInvoice(tx: Tx, v: InvoiceInsert): Promise<number> {
  const [row] = await tx.insert(invoices).values(v).returning({ id: invoices.id });
  if (!row) throw new Error('invoice insert failed');
  return row.id;
}

export async function updateInvoice(tx: Tx, k: { orgId: number; id: number }, patch: Partial<InvoiceInsert>): Promise<void> {
  await tx
    .update(invoices)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(invoices.orgId, k.orgId), eq(invoices.id, k.id)));
}

export async function replaceLines(tx: Tx, k: { orgId: number; invoiceId: number }, lines: InvoiceLineInsert[]): Promise<void> {
  await tx.delete(invoiceLines).where(and(eq(invoiceLines.orgId, k.orgId), eq(invoiceLines.invoiceId, k.invoiceId)));
  if (lines.length > 0) await tx.insert(invoiceLines).values(lines);
}

export async function deleteInvoices(tx: Tx, k: { orgId: number; ids: readonly number[] }): Promise<void> {
  if (k.ids.length === 0) return;
  await tx.delete(invoiceLines).where(and(eq(invoiceLines.orgId, k.orgId), inArray(invoiceLines.invoiceId, [...k.ids])));
  await tx.delete(invoices).where(and(eq(invoices.orgId, k.orgId), inArray(invoices.id, [...k.ids])));
}
