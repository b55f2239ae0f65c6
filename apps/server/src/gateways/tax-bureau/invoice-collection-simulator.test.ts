import { describe, expect, it } from 'vitest';
import { isValidCreditCode } from '@dzy/domain/company/credit-code';
import { checkInvoiceNumber, invoiceType, isVatRateValidOn, taxOf } from '@dzy/domain/invoices/index';
import { createInvoiceCollectionSimulator, SIMULATOR_UNAUTHORIZED, simulatedCollection } from './invoice-collection-simulator.gateway';
import type { CollectionRequest } from './invoice-collection.gateway';

const req = (over: Partial<CollectionRequest['company']> = {}, r: Partial<Omit<CollectionRequest, 'company'>> = {}): CollectionRequest => ({
  orgId: 1,
  reqNo: 'CJ20261122ABCDEF',
  direction: 3,
  period: '202610',
  ...r,
  company: { id: 1, taxNo: '91110105MA01AB2C3D', name: '北京测试有限公司', taxpayerType: '2', keepStatus: 1, ...over },
});

describe('invoice-collection simulator', () => {
  it('returns the same invoices for the same company and period, and different ones for another period or company', () => {
    const a = simulatedCollection(req());
    expect(a.length).toBeGreaterThan(4);
    expect(simulatedCollection(req())).toEqual(a);
    expect(simulatedCollection(req({}, { reqNo: 'other' }))).toEqual(a); // the request number does not change the data
    expect(simulatedCollection(req({}, { period: '202609' }))).not.toEqual(a);
    expect(simulatedCollection(req({ taxNo: '91310115MA1H000001' }))).not.toEqual(a);
    // Both directions are exactly 进项 plus 销项 asked one by one.
    const both = [...simulatedCollection(req({}, { direction: 1 })), ...simulatedCollection(req({}, { direction: 2 }))];
    expect(both.map((i) => i.invoiceNumber).sort()).toEqual(a.map((i) => i.invoiceNumber).sort());
  });

  it('produces well-formed invoices: numbers, credit codes, dates in the period, goods names, tax by the VAT arithmetic', () => {
    for (const period of ['202601', '202602', '202610', '202612']) {
      for (const taxpayerType of ['1', '2']) {
        const list = simulatedCollection(req({ taxpayerType }, { period }));
        const numbers = new Set<string>();
        for (const inv of list) {
          expect(checkInvoiceNumber(inv.typeCode, inv.invoiceCode, inv.invoiceNumber)).toBeNull();
          expect(invoiceType(inv.typeCode)?.digital).toBe(true);
          expect(isValidCreditCode(inv.counterpartyTaxNo)).toBe(true);
          expect(inv.invoiceDate.slice(0, 7)).toBe(`${period.slice(0, 4)}-${period.slice(4, 6)}`);
          expect(Number.isNaN(Date.parse(inv.invoiceDate))).toBe(false);
          numbers.add(`${inv.direction}|${inv.invoiceNumber}`);
          if (inv.certStatus === 1) {
            expect(inv.direction).toBe(1);
            expect(invoiceType(inv.typeCode)?.deductible).toBe(true);
            expect(taxpayerType).toBe('2'); // a small-scale company does not deduct input tax
          }
          for (const l of inv.lines) {
            expect(l.goodsName).toMatch(/^\*[^*]+\*[^*]+$/);
            expect(l.taxFen).toBe(taxOf(l.amountFen, l.rateBp));
            expect(Math.round(Number(l.count) * Number(l.price) * 100)).toBe(l.amountFen);
            expect(isVatRateValidOn(l.rateBp, inv.invoiceDate)).toBe(true);
            // What the company issues carries its own rates: 1% / 3% when small-scale.
            if (inv.direction === 2) expect(taxpayerType === '1' ? [100, 300] : [1300, 900, 600]).toContain(l.rateBp);
          }
        }
        expect(numbers.size).toBe(list.length);
      }
    }
  });

  it('holds no invoice dated after today in the current month, with the same numbers', () => {
    const full = simulatedCollection(req({}, { period: '202611' }));
    const early = simulatedCollection(req({}, { period: '202611', asOf: '2026-11-05' }));
    expect(early.every((i) => i.invoiceDate <= '2026-11-05')).toBe(true);
    expect(early.map((i) => i.invoiceNumber).sort()).toEqual(full.map((i) => i.invoiceNumber).sort());
    // Another month is not touched.
    expect(simulatedCollection(req({}, { period: '202610', asOf: '2026-11-05' }))).toEqual(simulatedCollection(req({}, { period: '202610' })));
  });

  it('refuses an unauthorized or offline company and takes a few seconds otherwise', async () => {
    const sim = createInvoiceCollectionSimulator({ latencySeconds: 10 });
    const now = new Date('2026-11-22T04:00:00Z');
    for (const keepStatus of [0, 2, 3, 4, 10]) {
      expect(await sim.submit(req({ keepStatus }), now)).toEqual({ ok: false, msg: SIMULATOR_UNAUTHORIZED });
      expect(await sim.fetch(req({ keepStatus }))).toEqual({ ok: false, msg: SIMULATOR_UNAUTHORIZED });
    }
    const answer = await sim.submit(req(), now);
    if (!answer.ok) throw new Error(answer.msg);
    const seconds = (answer.readyAt.getTime() - now.getTime()) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(10);
    expect(seconds).toBeLessThan(15);
    expect(await sim.fetch(req())).toEqual({ ok: true, invoices: simulatedCollection(req()) });
  });
});
