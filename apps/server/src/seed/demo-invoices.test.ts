import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateVouchersResult, InvoiceListResult } from '@dzy/domain/contracts/invoices.contract';
import { checkInvoiceNumber } from '@dzy/domain/invoices/index';
import { call, createTestApp, seedTenant, type TestContext } from '../test/test-app';
import { seedLedger } from '../modules/vouchers/ledger-test-fixtures';
import { seedDemoInvoices } from './demo-invoices';

const NOW = new Date('2026-03-10T02:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

describe('demo invoices', () => {
  it('gives a company with books uncovered invoices of the current period that pass the rules and become vouchers; runs once', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const comId = t.companyIds[0] ?? 0;
    await seedLedger(ctx, t, comId);
    expect(await seedDemoInvoices(ctx.database.db, { now: NOW, orgName: t.orgName })).toBe(5);
    expect(await seedDemoInvoices(ctx.database.db, { now: NOW, orgName: t.orgName })).toBe(0);
    const post = (path: string, body: unknown, c = comId) => call(ctx.app, `/api/v2/invoice/${path}`, { token: t.admin.token, comId: c, period: '202603', body });
    const list = ((await post('inInvoiceList', {})).json() as { data: InvoiceListResult }).data;
    expect(list.total).toBe(3);
    for (const i of list.list) {
      expect(checkInvoiceNumber(i.typeCode, i.invoiceCode, i.invoiceNumber)).toBeNull();
      expect(i.invoiceDate <= '2026-03-10').toBe(true);
    }
    // Re-saving a demo invoice unchanged passes every save rule.
    const info = (await post('inInvoiceInfo', { id: list.list[0]?.id })).json() as { data: { lines: { goodsName: string; count: string; price: string; amount: string; rateBp: number; tax: string; businessTypeId: number }[] } & Record<string, unknown> };
    const d = info.data;
    const resave = await post('saveInInvoice', { ...d, lines: d.lines.map((l) => ({ ...l, rate: l.rateBp })) });
    expect(resave.json().msg, resave.body).toBe('success');
    const generated = await post('generateVouchers', { direction: 2 });
    expect((generated.json() as { data: GenerateVouchersResult }).data.vouchers).toHaveLength(2);
    // The company without books got none.
    expect(((await post('outInvoiceList', {}, t.companyIds[1])).json() as { data: InvoiceListResult }).data.total).toBe(0);
  });
});
