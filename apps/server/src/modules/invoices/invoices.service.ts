/** Reading invoices: the period's list with sums, one invoice with its lines, and the in/out summary. */
import type { z } from 'zod';
import {
  INVOICE_MESSAGES,
  type InOutSumResult,
  type InvoiceDirection,
  type InvoiceInfo,
  type InvoiceListItem,
  type InvoiceListResult,
  type InvoiceSums,
  type invoiceListBody,
} from '@dzy/domain/contracts/invoices.contract';
import { formatVoucherNo } from '@dzy/domain/contracts/vouchers.contract';
import { invoiceType, invoiceTypeName } from '@dzy/domain/invoices/index';
import { fenToYuan, numericToFen } from '@dzy/domain/ledger/index';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { notFound } from '../../http/envelope';
import { resolveBusinessTypes } from '../business-types/business-types.repo';
import type { InvoiceActor } from './invoice-common';
import { invoicesByIds, linesOfInvoices, listInvoices, sumInvoices, type InvoiceListRow, type SumRow } from './invoices.repo';

const yuan = (numeric: string | null): string => fenToYuan(numericToFen(numeric));
/** Decimal text without trailing zeros ('2.50000000' → '2.5'). */
const plain = (numeric: string | null): string => (numeric === null ? '' : numeric.includes('.') ? numeric.replace(/\.?0+$/, '') : numeric);

function toItem(r: InvoiceListRow): InvoiceListItem {
  return {
    id: r.id,
    period: r.period,
    direction: r.direction as InvoiceDirection,
    typeCode: r.typeCode,
    typeName: invoiceTypeName(r.typeCode),
    invoiceCode: r.invoiceCode,
    invoiceNumber: r.invoiceNumber,
    invoiceDate: r.invoiceDate,
    counterpartyName: r.counterpartyName,
    counterpartyTaxNo: r.counterpartyTaxNo,
    amount: yuan(r.amount),
    tax: yuan(r.tax),
    total: yuan(r.total),
    certStatus: r.certStatus,
    deductible: r.direction === 1 && Boolean(invoiceType(r.typeCode)?.deductible),
    voucherId: r.liveVoucherId,
    voucherNoText: r.voucherWord && r.voucherNo !== null ? formatVoucherNo(r.voucherWord, r.voucherNo) : '',
  };
}

const sums = (s: SumRow): InvoiceSums => ({ count: s.count, amount: yuan(s.amount), tax: yuan(s.tax), total: yuan(s.total) });

export async function invoiceList(db: Db, a: InvoiceActor, direction: InvoiceDirection, q: z.output<typeof invoiceListBody>): Promise<InvoiceListResult> {
  const filter = { orgId: a.orgId, companyId: a.companyId, period: a.period, direction, keyword: q.keyword, voucherStatus: q.voucherStatus };
  return withTenant(db, a.orgId, async (tx) => {
    const rows = await listInvoices(tx, { ...filter, page: q.page, pageSize: q.pageSize });
    const s = await sumInvoices(tx, filter);
    return { list: rows.map(toItem), total: s.count, sums: sums(s) };
  });
}

export async function invoiceInfo(db: Db, a: InvoiceActor, direction: InvoiceDirection, id: number): Promise<InvoiceInfo> {
  return withTenant(db, a.orgId, async (tx) => {
    const [row] = await invoicesByIds(tx, { orgId: a.orgId, companyId: a.companyId, ids: [id] });
    if (!row || row.direction !== direction) throw notFound(INVOICE_MESSAGES.notFound);
    const lines = await linesOfInvoices(tx, { orgId: a.orgId, invoiceIds: [id] });
    const types = await resolveBusinessTypes(tx, { orgId: a.orgId, companyId: a.companyId, groups: [direction === 1 ? 'in' : 'out'] });
    return {
      ...toItem(row),
      remark: row.remark,
      lines: lines.map((l) => ({
        lineNo: l.lineNo,
        goodsName: l.goodsName,
        spec: l.spec,
        unit: l.unit,
        count: plain(l.count),
        price: plain(l.price),
        amount: yuan(l.amount),
        rateBp: l.rateBp,
        tax: yuan(l.tax),
        businessTypeId: l.businessTypeId,
        businessTypeName: types.byRef(l.businessTypeId)?.name ?? '',
        assetId: l.assetId,
      })),
    };
  });
}

export async function inOutSum(db: Db, a: InvoiceActor): Promise<InOutSumResult> {
  const base = { orgId: a.orgId, companyId: a.companyId, period: a.period };
  return withTenant(db, a.orgId, async (tx) => {
    const inSum = await sumInvoices(tx, { ...base, direction: 1 });
    const outSum = await sumInvoices(tx, { ...base, direction: 2 });
    return {
      in: { ...sums(inSum), certifiedTax: yuan(inSum.certifiedTax), uncovered: inSum.uncovered },
      out: { ...sums(outSum), uncovered: outSum.uncovered },
    };
  });
}
