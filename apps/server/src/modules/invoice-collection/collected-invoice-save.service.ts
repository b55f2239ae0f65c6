/**
 * Saving what the bureau returned for one company and period, inside the caller's transaction: every invoice goes
 * through the invoices module's own checks (checkInvoiceInput: type, number, date, line arithmetic, business type)
 * and duplicate rule (direction + code + number over every period); duplicates are skipped and counted.
 */
import type { InvoiceDirection } from '@dzy/domain/contracts/invoices.contract';
import { findDuplicateInvoices } from '@dzy/domain/invoices/index';
import { fenToYuan } from '@dzy/domain/ledger/index';
import type { Tx } from '../../db/client';
import type { CollectedInvoice } from '../../gateways/tax-bureau/invoice-collection.gateway';
import { badRequest } from '../../http/envelope';
import { resolveBusinessTypes, type BusinessTypeLookup, type ResolvedBusinessType } from '../business-types/business-types.repo';
import { checkLineTypes } from '../invoices/invoice-line-types';
import { checkInvoiceInput, insertCheckedInvoice } from '../invoices/invoice-save.service';
import { invoicesWithNumbers, lockInvoiceNumber } from '../invoices/invoices.repo';

/** Preferred default types: income for outgoing lines; incoming lines by the goods' short name (`*简称*`), else 库存商品. */
const DEFAULT_BY_DIRECTION: Record<InvoiceDirection, number> = { 1: 101, 2: 201 };
const IN_BY_SHORT_NAME: Record<string, number> = {
  纸制品: 111,
  计算机外部设备: 111,
  日用杂品: 111,
  餐饮服务: 113,
  住宿服务: 112,
  旅客运输服务: 112,
  运输服务: 121,
  广告服务: 122,
  信息技术服务: 117,
  经纪代理服务: 117,
  设计服务: 117,
  电力: 114,
  水: 114,
  租赁服务: 115,
  修理修配劳务: 116,
};

/**
 * The business type a collected line gets, from the company's own list (business-types module): the preferred
 * default when the company still uses it, else its first live plain or inventory type of the group.
 */
export function resolveCollectedBusinessType(lookup: BusinessTypeLookup, direction: InvoiceDirection, goodsName: string): number {
  const short = /^\*([^*]+)\*/.exec(goodsName)?.[1] ?? '';
  const preferred = (direction === 1 ? IN_BY_SHORT_NAME[short] : undefined) ?? DEFAULT_BY_DIRECTION[direction];
  // Plain and inventory types only: asset and clearing types need a card the bureau knows nothing of.
  const usable = (t: ResolvedBusinessType | undefined): t is ResolvedBusinessType => t !== undefined && !t.stopped && (t.kind === '' || t.kind === 'inventory');
  const first = lookup.byRef(preferred);
  if (usable(first)) return first.id;
  const fallback = lookup.all.find(usable);
  if (!fallback) throw badRequest(`没有可用的${direction === 1 ? '进项' : '销项'}业务类型，请先在业务类型设置中启用`);
  return fallback.id;
}

export interface CollectedSaveReport {
  inCount: number;
  outCount: number;
  added: number;
  duplicates: number;
}

export async function saveCollectedInvoices(
  tx: Tx,
  k: { orgId: number; companyId: number; period: string; createdBy: number | null },
  list: readonly CollectedInvoice[],
): Promise<CollectedSaveReport> {
  const report: CollectedSaveReport = { inCount: 0, outCount: 0, added: 0, duplicates: 0 };
  const scope = { orgId: k.orgId, companyId: k.companyId };
  // The company's types, read once per direction for the whole result.
  const lookups: Partial<Record<InvoiceDirection, BusinessTypeLookup>> = {};
  const lookupOf = async (d: InvoiceDirection) => (lookups[d] ??= await resolveBusinessTypes(tx, { ...scope, groups: [d === 1 ? 'in' : 'out'] }));
  for (const inv of list) {
    if (inv.direction === 1) report.inCount++;
    else report.outCount++;
    await lockInvoiceNumber(tx, { ...scope, invoiceNumber: inv.invoiceNumber });
    const stored = await invoicesWithNumbers(tx, { ...scope, direction: inv.direction, numbers: [inv.invoiceNumber] });
    if (findDuplicateInvoices([{ invoiceCode: inv.invoiceCode, invoiceNumber: inv.invoiceNumber }], stored, k.period).length > 0) {
      report.duplicates++;
      continue;
    }
    const lookup = await lookupOf(inv.direction);
    const lines = inv.lines.map((l) => ({
      goodsName: l.goodsName,
      spec: l.spec,
      unit: l.unit,
      count: l.count,
      price: l.price,
      amount: fenToYuan(l.amountFen),
      rate: String(l.rateBp / 10000),
      tax: fenToYuan(l.taxFen),
      businessTypeId: resolveCollectedBusinessType(lookup, inv.direction, l.goodsName),
    }));
    // The bureau's data passes the same checks as a typed invoice; a failure aborts the whole company-period.
    const checked = checkInvoiceInput(inv.direction, k.period, {
      typeCode: inv.typeCode,
      invoiceCode: inv.invoiceCode,
      invoiceNumber: inv.invoiceNumber,
      invoiceDate: inv.invoiceDate,
      counterpartyName: inv.counterpartyName,
      counterpartyTaxNo: inv.counterpartyTaxNo,
      certStatus: inv.certStatus,
      remark: '',
      lines,
    });
    await checkLineTypes(tx, scope, inv.direction === 1 ? 'in' : 'out', checked, new Set());
    await insertCheckedInvoice(tx, scope, {
      period: k.period,
      direction: inv.direction,
      body: { typeCode: inv.typeCode, invoiceCode: inv.invoiceCode, invoiceNumber: inv.invoiceNumber, invoiceDate: inv.invoiceDate, counterpartyName: inv.counterpartyName, counterpartyTaxNo: inv.counterpartyTaxNo, certStatus: inv.certStatus, remark: '' },
      lines: checked,
      source: 'collect',
      createdBy: k.createdBy,
    });
    report.added++;
  }
  return report;
}
