/**
 * Saving and deleting invoices: every rule of packages/domain/src/invoices (type, code and number, line arithmetic,
 * duplicates) plus the book's own (period open, business type of the right group, a vouchered invoice is frozen),
 * in one transaction with the operation log.
 */
import type { z } from 'zod';
import {
  INVOICE_MESSAGES,
  lineNumbers,
  type InvoiceDirection,
  type saveInvoiceBody,
} from '@dzy/domain/contracts/invoices.contract';
import { checkInvoiceLines, checkInvoiceNumber, INVOICE_LINE_MESSAGES, findDuplicateInvoices, invoiceTotals, invoiceType, type InvoiceLineAmounts } from '@dzy/domain/invoices/index';
import { fenToYuan, formatMoney } from '@dzy/domain/ledger/index';
import type { Db, Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, notFound } from '../../http/envelope';
import { logOperation } from '../audit/operation-log.repo';
import { assertOpenPeriod, directionName, lastDayOf, type InvoiceActor } from './invoice-common';
import { checkLineTypes } from './invoice-line-types';
import { deleteInvoices, insertInvoice, invoicesByIds, invoicesWithNumbers, linesOfInvoices, lockInvoiceNumber, replaceLines, updateInvoice, type InvoiceLineInsert, type InvoiceScope } from './invoices.repo';

type SaveBody = z.output<typeof saveInvoiceBody>;
/** The head fields of an invoice as saved (the save body without id and lines). */
type InvoiceHead = Pick<SaveBody, 'typeCode' | 'invoiceCode' | 'invoiceNumber' | 'invoiceDate' | 'counterpartyName' | 'counterpartyTaxNo' | 'certStatus' | 'remark'>;

const DECIMAL_RE = /^-?\d{1,16}(\.\d{1,8})?$/;

export interface CheckedLine extends InvoiceLineAmounts {
  goodsName: string;
  spec: string;
  unit: string;
  count: string;
  price: string;
  businessTypeId: number;
  assetId: number | null;
}

/** Everything that needs no database: the first problem wins, in the form's order. */
export function checkInvoiceInput(direction: InvoiceDirection, period: string, body: SaveBody): CheckedLine[] {
  const type = invoiceType(body.typeCode);
  if (!type || type.retired) throw badRequest('请选择发票类型');
  const numberProblem = checkInvoiceNumber(body.typeCode, body.invoiceCode, body.invoiceNumber);
  if (numberProblem) throw badRequest(numberProblem);
  if (Number.isNaN(Date.parse(`${body.invoiceDate}T00:00:00Z`)) || new Date(`${body.invoiceDate}T00:00:00Z`).toISOString().slice(0, 10) !== body.invoiceDate) {
    throw badRequest(INVOICE_MESSAGES.dateInvalid);
  }
  if (body.invoiceDate > lastDayOf(period)) throw badRequest(INVOICE_MESSAGES.dateAfterPeriod);
  if (!body.counterpartyName) throw badRequest(INVOICE_MESSAGES.counterpartyRequired(direction));
  const lines: CheckedLine[] = body.lines.map((l, i) => {
    const row = i + 1;
    if (!l.goodsName) throw badRequest(INVOICE_MESSAGES.goodsRequired(row));
    // Stored as NUMERIC(24,8): at most 16 integer digits; more decimals than 8 are not a real quantity or price.
    if (l.count !== '' && !DECIMAL_RE.test(l.count)) throw badRequest(INVOICE_LINE_MESSAGES.countFormat(row));
    if (l.price !== '' && !DECIMAL_RE.test(l.price)) throw badRequest(INVOICE_LINE_MESSAGES.priceFormat(row));
    const nums = lineNumbers(l, row);
    if (typeof nums === 'string') throw badRequest(nums);
    if (!l.businessTypeId) throw badRequest(INVOICE_MESSAGES.businessTypeRequired(row));
    // The type's group, stop flag and asset link are checked against the company's list in the transaction.
    return { ...nums, goodsName: l.goodsName, spec: l.spec, unit: l.unit, count: l.count, price: l.price, businessTypeId: l.businessTypeId, assetId: l.assetId ?? null };
  });
  const problem = checkInvoiceLines(lines);
  if (problem) throw badRequest(problem);
  return lines;
}

/** The invoice's own columns once its lines are checked: totals in yuan; a certification state only where it can apply. */
export function invoiceValues(direction: InvoiceDirection, body: InvoiceHead, lines: readonly CheckedLine[]) {
  const totals = invoiceTotals(lines);
  return {
    typeCode: body.typeCode,
    invoiceCode: body.invoiceCode,
    invoiceNumber: body.invoiceNumber,
    invoiceDate: body.invoiceDate,
    counterpartyName: body.counterpartyName,
    counterpartyTaxNo: body.counterpartyTaxNo,
    amount: fenToYuan(totals.amountFen),
    tax: fenToYuan(totals.taxFen),
    total: fenToYuan(totals.totalFen),
    certStatus: direction === 1 && invoiceType(body.typeCode)?.deductible ? body.certStatus : 0,
    remark: body.remark,
  };
}

function lineRows(scope: InvoiceScope, invoiceId: number, lines: readonly CheckedLine[]): InvoiceLineInsert[] {
  return lines.map((l, i) => ({
    orgId: scope.orgId,
    invoiceId,
    lineNo: i + 1,
    companyId: scope.companyId,
    goodsName: l.goodsName,
    spec: l.spec,
    unit: l.unit,
    count: l.count === '' ? null : l.count,
    price: l.price === '' ? null : l.price,
    amount: fenToYuan(l.amountFen),
    rateBp: l.rateBp,
    tax: fenToYuan(l.taxFen),
    businessTypeId: l.businessTypeId,
    assetId: l.assetId,
  }));
}

/**
 * Writes a NEW invoice whose input passed checkInvoiceInput and checkLineTypes, inside the caller's transaction
 * (imports and bureau collection; they check duplicates and periods themselves and log once per batch).
 */
export async function insertCheckedInvoice(
  tx: Tx,
  scope: InvoiceScope,
  v: { period: string; direction: InvoiceDirection; body: InvoiceHead; lines: readonly CheckedLine[]; source?: string; createdBy: number | null },
): Promise<number> {
  const id = await insertInvoice(tx, {
    ...scope,
    ...invoiceValues(v.direction, v.body, v.lines),
    period: v.period,
    direction: v.direction,
    ...(v.source ? { source: v.source } : {}),
    createdBy: v.createdBy,
  });
  await replaceLines(tx, { orgId: scope.orgId, invoiceId: id }, lineRows(scope, id, v.lines));
  return id;
}

export async function saveInvoice(db: Db, a: InvoiceActor, direction: InvoiceDirection, body: SaveBody): Promise<{ id: number }> {
  const lines = checkInvoiceInput(direction, a.period, body);
  const type = invoiceType(body.typeCode);
  const scope = { orgId: a.orgId, companyId: a.companyId };
  return withTenant(db, a.orgId, async (tx) => {
    const editId = body.id ?? null;
    const [existing] = editId ? await invoicesByIds(tx, { ...scope, ids: [editId], forUpdate: true }) : [];
    if (editId && (!existing || existing.direction !== direction)) throw notFound(INVOICE_MESSAGES.notFound);
    if (existing?.liveVoucherId) throw badRequest(INVOICE_MESSAGES.vouchered);
    // An edit stays in its invoice's own period.
    const period = existing?.period ?? a.period;
    if (existing && body.invoiceDate > lastDayOf(period)) throw badRequest(INVOICE_MESSAGES.dateAfterPeriod);
    await assertOpenPeriod(tx, { ...scope, period });
    const used = existing ? new Set((await linesOfInvoices(tx, { orgId: a.orgId, invoiceIds: [existing.id] })).map((l) => l.businessTypeId)) : new Set<number>();
    await checkLineTypes(tx, scope, direction === 1 ? 'in' : 'out', lines, used);

    await lockInvoiceNumber(tx, { ...scope, invoiceNumber: body.invoiceNumber });
    const stored = (await invoicesWithNumbers(tx, { ...scope, direction, numbers: [body.invoiceNumber] })).filter((s) => s.id !== existing?.id);
    const dup = findDuplicateInvoices([{ invoiceCode: body.invoiceCode, invoiceNumber: body.invoiceNumber }], stored, period)[0];
    if (dup) throw badRequest(dup.msg);

    const values = invoiceValues(direction, body, lines);
    let id: number;
    if (existing) {
      id = existing.id;
      // A link to a deleted voucher is dropped on edit: the invoice is uncovered again.
      await updateInvoice(tx, { orgId: a.orgId, id }, { ...values, voucherId: null });
    } else {
      id = await insertInvoice(tx, { ...scope, ...values, period, direction, createdBy: a.userId });
    }
    await replaceLines(tx, { orgId: a.orgId, invoiceId: id }, lineRows(scope, id, lines));
    await logOperation(tx, {
      orgId: a.orgId,
      userId: a.userId,
      cnName: a.cnName,
      companyId: a.companyId,
      companyName: a.companyName,
      period,
      method: `${existing ? '修改' : '新增'}${directionName(direction)}发票`,
      target: `invoice:${id}`,
      content: `${type?.name ?? body.typeCode} ${body.invoiceNumber} ${body.counterpartyName} 价税合计 ${formatMoney(invoiceTotals(lines).totalFen)}`,
      before: existing ? { invoiceNumber: existing.invoiceNumber, total: existing.total } : undefined,
      after: { invoiceNumber: body.invoiceNumber, total: values.total },
    });
    return { id };
  });
}

export async function deleteInvoicesOf(db: Db, a: InvoiceActor, direction: InvoiceDirection, ids: readonly number[]): Promise<null> {
  const unique = [...new Set(ids)];
  const scope = { orgId: a.orgId, companyId: a.companyId };
  return withTenant(db, a.orgId, async (tx) => {
    const rows = await invoicesByIds(tx, { ...scope, ids: unique, forUpdate: true });
    if (rows.length !== unique.length || rows.some((r) => r.direction !== direction)) throw notFound(INVOICE_MESSAGES.notFound);
    if (rows.some((r) => r.liveVoucherId !== null)) throw badRequest(INVOICE_MESSAGES.vouchered);
    for (const period of new Set(rows.map((r) => r.period))) await assertOpenPeriod(tx, { ...scope, period });
    await deleteInvoices(tx, { orgId: a.orgId, ids: unique });
    for (const r of rows) {
      await logOperation(tx, {
        orgId: a.orgId,
        userId: a.userId,
        cnName: a.cnName,
        companyId: a.companyId,
        companyName: a.companyName,
        period: r.period,
        method: `删除${directionName(direction)}发票`,
        target: `invoice:${r.id}`,
        content: `${r.invoiceNumber} ${r.counterpartyName} 价税合计 ${r.total}`,
      });
    }
    return null;
  });
}
