/**
 * Demo invoices (issue 4 item 3): a few incoming and outgoing invoices of the current period for the first demo
 * companies with books, none vouchered yet, so /input/invoice shows real work and 一键生成凭证 turns them into
 * vouchers. They touch no voucher or balance, so the books stay as the ledger seed left them (which gives every
 * company a year of vouchered invoices besides, demo-ledger-docs.ts). Skipped when the first of these invoices is
 * in already, or the current period is missing or settled.
 */
import { and, eq } from 'drizzle-orm';
import { fenToYuan } from '@dzy/domain/ledger/index';
import { taxOf } from '@dzy/domain/invoices/index';
import type { Db } from '../db/client';
import { invoiceLines, invoices } from '../db/schema';
import { withSystem } from '../db/tenant';
import { demoDocumentTargets } from './demo-document-targets';

interface DemoInvoice {
  direction: 1 | 2;
  typeCode: string;
  invoiceCode: string;
  counterparty: string;
  taxNo: string;
  certStatus: number;
  lines: { goods: string; unit: string; count: string; price: string; amountFen: number; rateBp: number; businessTypeId: number }[];
}

const INVOICES: DemoInvoice[] = [
  {
    direction: 1, typeCode: '004', invoiceCode: '4403201130', counterparty: '深圳市华南办公用品有限公司', taxNo: '91440300MA5F000011', certStatus: 1,
    lines: [{ goods: '*纸制品*复印纸A4', unit: '箱', count: '20', price: '150', amountFen: 300000, rateBp: 1300, businessTypeId: 111 }],
  },
  {
    direction: 1, typeCode: '81', invoiceCode: '', counterparty: '东莞市精工五金制品有限公司', taxNo: '91441900MA5F000022', certStatus: 0,
    lines: [
      { goods: '*金属制品*不锈钢螺栓', unit: '盒', count: '100', price: '48', amountFen: 480000, rateBp: 1300, businessTypeId: 101 },
      { goods: '*金属制品*铝合金型材', unit: '米', count: '250', price: '36.8', amountFen: 920000, rateBp: 1300, businessTypeId: 101 },
    ],
  },
  {
    direction: 1, typeCode: '026', invoiceCode: '044031900111', counterparty: '深圳市南山物业管理有限公司', taxNo: '91440300MA5F000033', certStatus: 0,
    lines: [{ goods: '*物业管理服务*物业费', unit: '月', count: '1', price: '2800', amountFen: 280000, rateBp: 600, businessTypeId: 114 }],
  },
  {
    direction: 2, typeCode: '81', invoiceCode: '', counterparty: '广州市越秀区恒达贸易有限公司', taxNo: '91440101MA5F000044', certStatus: 0,
    lines: [{ goods: '*金属制品*精密模具配件', unit: '套', count: '40', price: '950', amountFen: 3800000, rateBp: 1300, businessTypeId: 201 }],
  },
  {
    direction: 2, typeCode: '007', invoiceCode: '4400201130', counterparty: '佛山市顺德区美达电器有限公司', taxNo: '91440606MA5F000055', certStatus: 0,
    lines: [{ goods: '*金属制品*冲压件', unit: '件', count: '1200', price: '12.5', amountFen: 1500000, rateBp: 1300, businessTypeId: 201 }],
  },
];

/** Number of demo companies that get invoices. */
const COMPANIES = 2;

export async function seedDemoInvoices(db: Db, opts: { now?: Date; orgName?: string } = {}): Promise<number> {
  return withSystem(db, async (tx) => {
    const found = await demoDocumentTargets(tx, { now: opts.now ?? new Date(), orgName: opts.orgName, limit: COMPANIES });
    if (!found) return 0;
    // Dated within the current period, never after today.
    const { orgId, period, today } = found;
    const first = INVOICES[0];
    const firstCompany = found.companyIds[0];
    if (!first || firstCompany === undefined) return 0;
    const [existing] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orgId, orgId), eq(invoices.companyId, firstCompany), eq(invoices.direction, first.direction), eq(invoices.invoiceCode, first.invoiceCode), eq(invoices.invoiceNumber, numberOf(first, period, 0, 0))))
      .limit(1);
    if (existing) return 0;
    const targets = found.companyIds.map((companyId) => ({ companyId }));
    let written = 0;
    for (const [ci, { companyId }] of targets.entries()) {
      for (const [i, inv] of INVOICES.entries()) {
        const day = Math.max(1, Math.min(today, 1 + i * 3));
        const date = `${period.slice(0, 4)}-${period.slice(4)}-${String(day).padStart(2, '0')}`;
        const lines = inv.lines.map((l) => ({ ...l, taxFen: taxOf(l.amountFen, l.rateBp) }));
        const amountFen = lines.reduce((s, l) => s + l.amountFen, 0);
        const taxFen = lines.reduce((s, l) => s + l.taxFen, 0);
        const invoiceNumber = numberOf(inv, period, ci, i);
        const [row] = await tx
          .insert(invoices)
          .values({
            orgId, companyId, period, direction: inv.direction, typeCode: inv.typeCode, invoiceCode: inv.invoiceCode, invoiceNumber, invoiceDate: date,
            counterpartyName: inv.counterparty, counterpartyTaxNo: inv.taxNo, amount: fenToYuan(amountFen), tax: fenToYuan(taxFen),
            total: fenToYuan(amountFen + taxFen), certStatus: inv.certStatus,
          })
          .returning({ id: invoices.id });
        if (!row) throw new Error('demo invoice insert failed');
        await tx.insert(invoiceLines).values(
          lines.map((l, n) => ({
            orgId, invoiceId: row.id, lineNo: n + 1, companyId, goodsName: l.goods, unit: l.unit, count: l.count, price: l.price,
            amount: fenToYuan(l.amountFen), rateBp: l.rateBp, tax: fenToYuan(l.taxFen), businessTypeId: l.businessTypeId,
          })),
        );
        written++;
      }
    }
    return written;
  });
}

/** The demo invoice number: the period and a serial (20 digits for a 数电 invoice, which has no code). */
function numberOf(inv: DemoInvoice, period: string, companyIndex: number, index: number): string {
  const serial = String(companyIndex * 100 + index + 1);
  return inv.invoiceCode ? `${period.slice(2)}${serial.padStart(4, '0')}` : `26${period}${serial.padStart(12, '0')}`;
}
