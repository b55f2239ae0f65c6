/**
 * api/v2/import/inImport and outImport: rows → invoices (grouped by code + number), each checked by the invoice
 * module's own rules (saveInvoiceBody, checkInvoiceInput) so messages match the invoice dialog, prefixed with the
 * spreadsheet row. One transaction for the whole file: a bad row, an unknown or settled period or a duplicate
 * refuses everything.
 */
import { periodOfDate } from '@dzy/domain/bank/index';
import { saveInvoiceBody, type InvoiceDirection } from '@dzy/domain/contracts/invoices.contract';
import type { InvoiceImportResult } from '@dzy/domain/contracts/imports.contract';
import { importRowMessage, groupInvoiceRows, type ImportedInvoice, type ImportRowError, type SheetRecord } from '@dzy/domain/imports/index';
import { findDuplicateInvoices } from '@dzy/domain/invoices/index';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { AppError } from '../../http/envelope';
import { periodSettleStatus, SETTLED_STATUS } from '../account-sets/account-sets.repo';
import { logOperation } from '../audit/operation-log.repo';
import { directionName, type InvoiceActor } from '../invoices/invoice-common';
import { checkInvoiceInput, insertCheckedInvoice } from '../invoices/invoice-save.service';
import { invoicesWithNumbers, lockInvoiceNumber } from '../invoices/invoices.repo';
import { lockWritablePeriod } from '../vouchers/ledger-guards';
import { importBusinessTypes, resolveImportBusinessType, type NamedBusinessType } from './import-business-type';
import { checkLineTypes } from '../invoices/invoice-line-types';
import { refuse } from './import-sheet';

const SETTLED_MSG = '本期已结账，请先进行反结账';

type SaveBody = z.output<typeof saveInvoiceBody>;

interface Planned {
  source: ImportedInvoice;
  period: string;
  body: SaveBody;
  checked: ReturnType<typeof checkInvoiceInput>;
}

/** The sheet row a rule message is about: its '第k行' names the k-th line of the invoice, else the invoice's first row. */
function rowOf(inv: ImportedInvoice, msg: string, lineIndex?: number): number {
  if (lineIndex !== undefined) return inv.lines[lineIndex]?.row ?? inv.row;
  const m = /^第(\d+)行/.exec(msg);
  return m ? (inv.lines[Number(m[1]) - 1]?.row ?? inv.row) : inv.row;
}

/** One invoice through the invoice module's checks; a problem → its row error. */
async function plan(tx: Tx, a: InvoiceActor, types: readonly NamedBusinessType[], inv: ImportedInvoice, direction: InvoiceDirection, period: string): Promise<Planned | ImportRowError> {
  const lines = [];
  for (const l of inv.lines) {
    const bt = resolveImportBusinessType(types, direction, l.businessType);
    if (!bt.ok) return { row: l.row, message: importRowMessage(l.row, bt.msg) };
    lines.push({ goodsName: l.goodsName, spec: l.spec, unit: l.unit, count: l.count, price: l.price, amount: l.amount, rate: l.rate, tax: l.tax, businessTypeId: bt.id });
  }
  const parsed = saveInvoiceBody.safeParse({
    typeCode: inv.typeCode,
    invoiceCode: inv.invoiceCode,
    invoiceNumber: inv.invoiceNumber,
    invoiceDate: inv.invoiceDate,
    counterpartyName: inv.counterpartyName,
    counterpartyTaxNo: inv.counterpartyTaxNo,
    certStatus: inv.certStatus,
    remark: inv.remark,
    lines,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const msg = issue?.message ?? '参数错误';
    const lineIndex = issue?.path[0] === 'lines' && typeof issue.path[1] === 'number' ? issue.path[1] : undefined;
    const row = rowOf(inv, msg, lineIndex);
    return { row, message: importRowMessage(row, msg) };
  }
  try {
    const checked = checkInvoiceInput(direction, period, parsed.data);
    // The company's business types (stopped types, asset links), as saveInvoice checks them.
    await checkLineTypes(tx, { orgId: a.orgId, companyId: a.companyId }, direction === 1 ? 'in' : 'out', checked, new Set());
    return { source: inv, period, body: parsed.data, checked };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const row = rowOf(inv, err.message);
    return { row, message: importRowMessage(row, err.message) };
  }
}

/** Every period the file writes must be one of the company's; a settled one refuses the file with 409. */
async function checkPeriods(tx: Tx, a: InvoiceActor, byPeriod: Map<string, ImportedInvoice[]>): Promise<ImportRowError[]> {
  const errors: ImportRowError[] = [];
  for (const [period, invs] of byPeriod) {
    const status = await periodSettleStatus(tx, { orgId: a.orgId, companyId: a.companyId, period });
    const first = invs[0]?.row ?? 0;
    if (status === undefined) errors.push({ row: first, message: importRowMessage(first, `${period}会计期间不存在`) });
    else if (status === SETTLED_STATUS) throw refuse([{ row: first, message: SETTLED_MSG }], 409);
  }
  return errors;
}

export async function importInvoices(
  db: Db,
  a: InvoiceActor,
  direction: InvoiceDirection,
  v: { periodType: 1 | 2; records: SheetRecord[]; fileName: string },
): Promise<InvoiceImportResult> {
  const { invoices, problems } = groupInvoiceRows(v.records, direction);
  const errors: ImportRowError[] = problems.map((p) => ({ row: p.row, message: importRowMessage(p.row, p.msg) }));
  const periodOf = (inv: ImportedInvoice) => (v.periodType === 2 ? periodOfDate(inv.invoiceDate) : a.period);
  const byPeriod = new Map<string, ImportedInvoice[]>();
  for (const inv of invoices) byPeriod.set(periodOf(inv), [...(byPeriod.get(periodOf(inv)) ?? []), inv]);
  const scope = { orgId: a.orgId, companyId: a.companyId };

  return withTenant(db, a.orgId, async (tx) => {
    errors.push(...(await checkPeriods(tx, a, byPeriod)));
    const planned: Planned[] = [];
    const types = await importBusinessTypes(tx, scope, direction);
    for (const inv of invoices) {
      const p = await plan(tx, a, types, inv, direction, periodOf(inv));
      if ('message' in p) errors.push(p);
      else planned.push(p);
    }
    // Duplicates against the stored invoices of the direction (spec 001 §8 message), numbers locked first.
    for (const number of [...new Set(planned.map((p) => p.body.invoiceNumber))].sort()) await lockInvoiceNumber(tx, { ...scope, invoiceNumber: number });
    const stored = await invoicesWithNumbers(tx, { ...scope, direction, numbers: planned.map((p) => p.body.invoiceNumber) });
    for (const p of planned) {
      const dup = findDuplicateInvoices([p.body], stored, p.period)[0];
      if (dup) errors.push({ row: p.source.row, message: importRowMessage(p.source.row, dup.msg) });
    }
    if (errors.length > 0) throw refuse(errors);

    // FOR SHARE on each period row until commit, so a concurrent settle waits for this import.
    for (const period of [...byPeriod.keys()].sort()) await lockWritablePeriod(tx, { ...scope, period });
    const created: InvoiceImportResult['invoices'] = [];
    for (const p of planned) {
      const id = await insertCheckedInvoice(tx, scope, { period: p.period, direction, body: p.body, lines: p.checked, createdBy: a.userId });
      created.push({ id, invoiceNumber: p.body.invoiceNumber, period: p.period });
    }
    const periods = [...byPeriod.keys()].sort();
    await logOperation(tx, {
      orgId: a.orgId,
      userId: a.userId,
      cnName: a.cnName,
      companyId: a.companyId,
      companyName: a.companyName,
      period: a.period,
      method: `导入${directionName(direction)}发票`,
      target: `invoice-import:${created[0]?.id ?? 0}`,
      content: `${v.fileName}：导入${created.length}张发票（${v.records.length}行），账期${periods.join('、')}`,
    });
    return { count: created.length, invoices: created };
  });
}
